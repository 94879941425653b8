import { useId, useState, type FormEvent } from 'react';
import {
  EXPENSE_KINDS,
  EXPENSE_METHODS,
  MEMBER_METHOD,
  OTHER_INCOME_KINDS,
  type Books,
  type ExpenseKind,
  type ExpenseMethod,
} from '@portal/contracts';
import { useRecordExpense } from '@portal/api-client/books';
import { todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { AccountField } from './AccountField';
import { booksTexts as t } from './books-texts';
import { CommitmentFields } from './CommitmentsCard';

const emptyExpense = () => ({
  kind: 'gasto' as ExpenseKind,
  date: todayInGuatemala(),
  category: '',
  supplier: '',
  concept: '',
  amount: '',
  method: 'transferencia' as ExpenseMethod,
  accountId: '',
  paidBy: '',
  nit: '',
  felSeries: '',
  felNumber: '',
  felUuid: '',
  dueDate: '',
  commitmentId: '',
});

/** Money out or in as the committee records it: its invoice, its FEL fields, the commitment it pays. */
export function ExpenseForm({ books }: { books: Books }) {
  const id = useId();
  const [form, setForm] = useState(emptyExpense);
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const save = useRecordExpense(
    adminToasts({
      success: t.expense.saved,
      describe: (expense) => (expense.state === 'pendiente' ? t.expense.savedPending : undefined),
      failure: t.expense.failed,
      onSuccess: () => {
        setForm(emptyExpense());
        setFile(null);
        setFormKey((key) => key + 1);
      },
    }),
  );
  const set = (name: keyof ReturnType<typeof emptyExpense>) => (value: string) => setForm({ ...form, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { dueDate, commitmentId, accountId, paidBy, ...fields } = form;
    // Paid by a member: no account of the class moved, the member is owed it.
    const advance = form.method === MEMBER_METHOD;
    void save.run({
      ...fields,
      accountId: advance || accountId === '' ? undefined : Number(accountId),
      paidBy: advance ? paidBy : undefined,
      amount: typedQuetzales(form.amount) ?? 0,
      dueDate: form.kind === 'compromiso' ? dueDate : undefined,
      commitmentId: form.kind !== 'compromiso' && commitmentId !== '' ? Number(commitmentId) : undefined,
      file,
      fileName: file?.name,
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.expense.title}</CardTitle>
        <CardDescription>{t.expense.help(books.approvalThreshold)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form key={formKey} className="admin-form admin-form--two" onSubmit={submit} aria-label={t.expense.title}>
          <Field id={`${id}-kind`} label={t.expense.kind}>
            <select id={`${id}-kind`} className="ui-input" value={form.kind} onChange={(event) => set('kind')(event.target.value)}>
              {/* Other income has its own form (IncomeForm). */}
              {EXPENSE_KINDS.filter((kind) => !OTHER_INCOME_KINDS.includes(kind)).map((kind) => (
                <option key={kind} value={kind}>
                  {t.expense.kinds[kind]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-date`} label={t.expense.date}>
            <Input id={`${id}-date`} type="date" required value={form.date} onChange={(event) => set('date')(event.target.value)} />
          </Field>
          <Field id={`${id}-category`} label={t.expense.category}>
            <Input
              id={`${id}-category`}
              required
              maxLength={60}
              list={`${id}-categories`}
              value={form.category}
              onChange={(event) => set('category')(event.target.value)}
            />
            <datalist id={`${id}-categories`}>
              {books.categories.map((category) => (
                <option key={category.category} value={category.category} />
              ))}
            </datalist>
          </Field>
          <Field id={`${id}-supplier`} label={t.expense.supplier}>
            <Input
              id={`${id}-supplier`}
              required
              maxLength={200}
              value={form.supplier}
              onChange={(event) => set('supplier')(event.target.value)}
            />
          </Field>
          <Field id={`${id}-concept`} label={t.expense.concept}>
            <Input
              id={`${id}-concept`}
              required
              maxLength={200}
              value={form.concept}
              onChange={(event) => set('concept')(event.target.value)}
            />
          </Field>
          <QuetzalesField id={`${id}-amount`} label={t.expense.amount} required value={form.amount} onChange={set('amount')} />
          <Field id={`${id}-method`} label={t.expense.method}>
            <select id={`${id}-method`} className="ui-input" value={form.method} onChange={(event) => set('method')(event.target.value)}>
              {EXPENSE_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t.expense.methods[method]}
                </option>
              ))}
            </select>
          </Field>
          {form.method === MEMBER_METHOD ? (
            <Field id={`${id}-paid-by`} label={t.expense.paidBy} hint={t.expense.paidByHint}>
              <Input
                id={`${id}-paid-by`}
                required
                maxLength={120}
                value={form.paidBy}
                onChange={(event) => set('paidBy')(event.target.value)}
              />
            </Field>
          ) : (
            <AccountField id={`${id}-account`} books={books} value={form.accountId} onChange={set('accountId')} />
          )}
          <CommitmentFields
            id={id}
            kind={form.kind}
            dueDate={form.dueDate}
            commitmentId={form.commitmentId}
            commitments={books.commitments}
            onDueDate={set('dueDate')}
            onPays={(commitment) =>
              setForm(
                commitment
                  ? {
                      ...form,
                      commitmentId: String(commitment.id),
                      supplier: commitment.supplier,
                      category: commitment.category,
                      amount: String(commitment.outstanding),
                    }
                  : { ...form, commitmentId: '' },
              )
            }
          />
          <Field id={`${id}-file`} label={t.expense.invoice} hint={t.expense.invoiceHint}>
            <input
              id={`${id}-file`}
              className="ui-input"
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </Field>
          <fieldset className="books-fel">
            <legend>{t.expense.fel}</legend>
            <Field id={`${id}-nit`} label={t.expense.nit}>
              <Input id={`${id}-nit`} maxLength={20} value={form.nit} onChange={(event) => set('nit')(event.target.value)} />
            </Field>
            <Field id={`${id}-series`} label={t.expense.felSeries}>
              <Input id={`${id}-series`} maxLength={40} value={form.felSeries} onChange={(event) => set('felSeries')(event.target.value)} />
            </Field>
            <Field id={`${id}-number`} label={t.expense.felNumber}>
              <Input id={`${id}-number`} maxLength={40} value={form.felNumber} onChange={(event) => set('felNumber')(event.target.value)} />
            </Field>
            <Field id={`${id}-uuid`} label={t.expense.felUuid}>
              <Input id={`${id}-uuid`} maxLength={36} value={form.felUuid} onChange={(event) => set('felUuid')(event.target.value)} />
            </Field>
          </fieldset>
          <div className="ui-dialog__footer">
            <Button type="submit" pending={save.isPending}>
              {t.expense.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
