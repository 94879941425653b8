import { useState, type FormEvent } from 'react';
import type { BankColumnMapping, BankPreview } from '@portal/contracts';
import { Button } from '@portal/ui/button';
import { Card, CardContent } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { bankTexts } from './bank-texts';

const t = bankTexts.mapping;
const FIELDS = ['date', 'description', 'document', 'credit', 'debit', 'amount', 'balance'] as const;

/**
 * Which column is which, with the first rows to check it against; 'Volver a leer' reads the file
 * again. Open from the start when the columns were not found (`open`), and whenever it has a
 * `reason` (what was not found, or why the columns chosen were refused), which it says.
 */
export function MappingForm({
  preview,
  onApply,
  pending,
  open = false,
  reason = null,
}: {
  preview: Pick<BankPreview, 'headers' | 'headerLine' | 'mapping' | 'sample'>;
  onApply: (mapping: BankColumnMapping, headerLine: number) => void;
  pending: boolean;
  open?: boolean;
  reason?: string | null;
}) {
  const [mapping, setMapping] = useState<BankColumnMapping>({ balance: null, ...preview.mapping });
  const [headerLine, setHeaderLine] = useState(String(preview.headerLine));
  const valid = Number.isInteger(Number(headerLine)) && Number(headerLine) >= 1 && (mapping.credit !== null || mapping.amount !== null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onApply(mapping, Number(headerLine));
  }

  return (
    <Card>
      <CardContent>
        <details open={open || reason !== null}>
          <summary className="admin-strong">{t.title}</summary>
          {reason !== null && (
            <p className="ui-field__error" role="alert">
              {reason}
            </p>
          )}
          <p className="admin-muted">{t.text}</p>
          <form className="admin-form" onSubmit={submit}>
            <Field id="bank-header-line" label={t.headerLine}>
              <Input id="bank-header-line" inputMode="numeric" value={headerLine} onChange={(event) => setHeaderLine(event.target.value)} />
            </Field>
            <div className="admin-form__pair admin-bank__mapping">
              {FIELDS.map((field) => (
                <Field key={field} id={`bank-column-${field}`} label={t.fields[field]}>
                  <select
                    id={`bank-column-${field}`}
                    className="ui-input"
                    value={mapping[field] ?? ''}
                    onChange={(event) =>
                      setMapping({
                        ...mapping,
                        [field]: event.target.value === '' ? (field === 'date' ? 0 : null) : Number(event.target.value),
                      })
                    }
                  >
                    {field !== 'date' && <option value="">{t.none}</option>}
                    {preview.headers.map((header, index) => (
                      <option key={index} value={index}>
                        {header || `#${index + 1}`}
                      </option>
                    ))}
                  </select>
                </Field>
              ))}
            </div>
            <Button type="submit" variant="outline" disabled={!valid} pending={pending}>
              {t.apply}
            </Button>
          </form>
          <h3 className="admin-strong">{t.sample}</h3>
          <Table>
            <TableHead>
              <TableRow>
                {preview.headers.map((header, index) => (
                  <TableHeader key={index}>{header}</TableHeader>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.sample.map((row, index) => (
                <TableRow key={index}>
                  {preview.headers.map((_header, column) => (
                    <TableCell key={column}>{row[column] ?? ''}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      </CardContent>
    </Card>
  );
}
