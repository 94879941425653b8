import type { Books } from '@portal/contracts';
import { Field } from '@portal/ui/label';
import { booksTexts } from './books-texts';

const t = booksTexts.accounts;

/**
 * Which of the class's accounts a movement is in: left at '' the API puts cash in the cash box and
 * the rest in the main bank account (docs/books.md 'Accounts'); `only` narrows the choice.
 */
export function AccountField({
  id,
  books,
  value,
  onChange,
  only,
  byDefault = true,
}: {
  id: string;
  books: Books;
  value: string;
  onChange: (value: string) => void;
  only?: 'banco' | 'caja';
  byDefault?: boolean;
}) {
  return (
    <Field id={id} label={t.account}>
      <select id={id} className="ui-input" value={value} onChange={(event) => onChange(event.target.value)}>
        {byDefault && <option value="">{t.byMethod}</option>}
        {books.accounts
          .filter((account) => !only || account.kind === only)
          .map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
      </select>
    </Field>
  );
}
