import type { ReactNode } from 'react';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';

/**
 * An amount in whole quetzales, typed as digits with optional thousands commas ('2,950'): read it
 * with wholeQuetzales (common/numbers.ts). The browser refuses anything else before it is sent.
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
        inputMode="numeric"
        pattern="[0-9,]*"
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
