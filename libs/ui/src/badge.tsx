import type { HTMLAttributes } from 'react';
import { cx } from '@portal/ui/utils';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: 'default' | 'success' | 'warning' | 'danger' | 'info' | 'outline';
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return <span className={cx('ui-badge', `ui-badge--${variant}`, className)} {...props} />;
}
