import type { ReactNode } from 'react';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { QUETZALES_PATTERN } from '@portal/format';

/**
 * An amount in quetzales, typed with optional thousands commas and centavos ('2,950', '55,828.12'):
 * read it with typedQuetzales (common/numbers.ts). The browser refuses anything else before it is sent.
 */
export function QuetzalesField({
  id,
  label,
  hint,
  value,
  required = false,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  value: string;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <Input
        id={id}
        inputMode="decimal"
        pattern={QUETZALES_PATTERN}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
