import { useId, useState, type FormEvent } from 'react';
import { EXPENSE_METHODS, INCOME_CATEGORIES, INCOME_KIND, MEMBER_METHOD, type Books, type ExpenseMethod } from '@portal/contracts';
import { useRecordExpense } from '@portal/api-client/books';
import { formatLedgerAmount, todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { AccountField } from './AccountField';
import { booksTexts as t } from './books-texts';

const emptyIncome = () => ({
  date: todayInGuatemala(),
  category: '',
  supplier: '',
  concept: '',
  amount: '',
  method: 'transferencia' as ExpenseMethod,
  accountId: '',
});

/** Money in that is not a family's payment (docs/books.md 'Other income'): what came, from whom, how. */
export function IncomeForm({ books }: { books: Books }) {
  const id = useId();
  const [form, setForm] = useState(emptyIncome);
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const save = useRecordExpense(
    adminToasts({
      success: t.income.saved,
      failure: t.income.failed,
      onSuccess: () => {
        setForm(emptyIncome());
        setFile(null);
        setFormKey((key) => key + 1);
      },
    }),
  );
  const set = (name: keyof ReturnType<typeof emptyIncome>) => (value: string) => setForm({ ...form, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { accountId, ...fields } = form;
    void save.run({
      ...fields,
      kind: INCOME_KIND,
      accountId: accountId === '' ? undefined : Number(accountId),
      amount: typedQuetzales(form.amount) ?? 0,
      file,
      fileName: file?.name,
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.income.title}</CardTitle>
        <CardDescription>{t.income.help}</CardDescription>
      </CardHeader>
      <CardContent>
        {books.income.length > 0 && (
          <dl className="books-income" aria-label={t.income.byCategory}>
            {books.income.map((line) => (
              <div key={line.category}>
                <dt>{line.category}</dt>
                <dd>{formatLedgerAmount(line.amount)}</dd>
              </div>
            ))}
          </dl>
        )}
        <form key={formKey} className="admin-form admin-form--two" onSubmit={submit} aria-label={t.income.title}>
          <Field id={`${id}-date`} label={t.expense.date}>
            <Input id={`${id}-date`} type="date" required value={form.date} onChange={(event) => set('date')(event.target.value)} />
          </Field>
          <Field id={`${id}-category`} label={t.income.category}>
            <Input
              id={`${id}-category`}
              required
              maxLength={60}
              list={`${id}-categories`}
              value={form.category}
              onChange={(event) => set('category')(event.target.value)}
            />
            <datalist id={`${id}-categories`}>
              {[...new Set([...INCOME_CATEGORIES, ...books.income.map((line) => line.category)])].map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
          </Field>
          <Field id={`${id}-source`} label={t.income.source} hint={t.income.sourceHint}>
            <Input
              id={`${id}-source`}
              required
              maxLength={200}
              value={form.supplier}
              onChange={(event) => set('supplier')(event.target.value)}
            />
          </Field>
          <Field id={`${id}-concept`} label={t.income.concept}>
            <Input
              id={`${id}-concept`}
              required
              maxLength={200}
              value={form.concept}
              onChange={(event) => set('concept')(event.target.value)}
            />
          </Field>
          <QuetzalesField id={`${id}-amount`} label={t.income.amount} required value={form.amount} onChange={set('amount')} />
          <Field id={`${id}-method`} label={t.income.method}>
            <select id={`${id}-method`} className="ui-input" value={form.method} onChange={(event) => set('method')(event.target.value)}>
              {EXPENSE_METHODS.filter((method) => method !== MEMBER_METHOD).map((method) => (
                <option key={method} value={method}>
                  {t.income.methods[method]}
                </option>
              ))}
            </select>
          </Field>
          <AccountField id={`${id}-account`} books={books} value={form.accountId} onChange={set('accountId')} />
          <Field id={`${id}-file`} label={t.income.document}>
            <input
              id={`${id}-file`}
              className="ui-input"
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </Field>
          <div className="ui-dialog__footer">
            <Button type="submit" pending={save.isPending}>
              {t.income.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
