import { BANK_ACCOUNT_TYPES, MONEY_ACCOUNT_NAME_MAX, type MoneyAccountInput } from '@portal/contracts';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { booksTexts } from './books-texts';

const t = booksTexts.accounts;

/** A bank account as typed: what `POST /api/books/accounts` takes. */
export type AccountForm = MoneyAccountInput;

export const emptyAccount = (): AccountForm => ({ name: '', bankName: '', accountNumber: '', accountHolder: '', accountType: 'ahorro' });

/** Every field `AccountFields` requires is typed: the API checks the rest (the number's form, a name or number taken). */
export const isAccountFilled = (form: AccountForm) =>
  [form.name, form.bankName, form.accountNumber, form.accountHolder].every((value) => value.trim() !== '');

/**
 * A bank account's fields: to add one, or to change one the committee added (the cash box has only
 * its name). In 'Cuentas del Comité' and in 'Nueva promoción', the accounts the next class adds.
 */
export function AccountFields({
  id,
  form,
  set,
  bank,
}: {
  id: string;
  form: AccountForm;
  set: (name: keyof AccountForm) => (value: string) => void;
  bank: boolean;
}) {
  return (
    <>
      <Field id={`${id}-name`} label={t.name}>
        <Input
          id={`${id}-name`}
          required
          maxLength={MONEY_ACCOUNT_NAME_MAX}
          value={form.name}
          onChange={(event) => set('name')(event.target.value)}
        />
      </Field>
      {bank && (
        <>
          <Field id={`${id}-bank`} label={t.bankName}>
            <Input
              id={`${id}-bank`}
              required
              maxLength={120}
              value={form.bankName}
              onChange={(event) => set('bankName')(event.target.value)}
            />
          </Field>
          <Field id={`${id}-number`} label={t.accountNumber}>
            <Input
              id={`${id}-number`}
              required
              maxLength={40}
              inputMode="numeric"
              value={form.accountNumber}
              onChange={(event) => set('accountNumber')(event.target.value)}
            />
          </Field>
          <Field id={`${id}-holder`} label={t.accountHolder}>
            <Input
              id={`${id}-holder`}
              required
              maxLength={120}
              value={form.accountHolder}
              onChange={(event) => set('accountHolder')(event.target.value)}
            />
          </Field>
          <Field id={`${id}-type`} label={t.accountType}>
            <select
              id={`${id}-type`}
              className="ui-input"
              value={form.accountType}
              onChange={(event) => set('accountType')(event.target.value)}
            >
              {BANK_ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t.types[type]}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
    </>
  );
}
