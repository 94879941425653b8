import type { LucideIcon } from 'lucide-react';
import { Button } from '@portal/ui/button';
import { Tooltip } from '@portal/ui/tooltip';

/** An icon-only button: its label is both the tooltip and what screen readers say. */
export function IconButton({
  icon: Icon,
  label,
  onClick,
  danger,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        className={danger ? 'admin-danger' : undefined}
      >
        <Icon size={18} aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}
