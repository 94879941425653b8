import { useId, useState, type FormEvent } from 'react';
import type { Books, MemberDebt } from '@portal/contracts';
import { useRecordReimbursement } from '@portal/api-client/books';
import { formatDayNumeric, formatLedgerAmount, todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { booksTexts } from './books-texts';

const t = booksTexts.members;

/** A member paid back from one of the class's accounts: what is owed by default, from the main account. */
function ReimbursementForm({ books, debt, onDone }: { books: Books; debt: MemberDebt; onDone: () => void }) {
  const id = useId();
  const main = books.accounts.find((account) => account.main) ?? books.accounts[0];
  const [form, setForm] = useState({ date: todayInGuatemala(), account: String(main?.id ?? ''), amount: String(debt.owed), note: '' });
  const save = useRecordReimbursement(adminToasts({ success: t.saved, failure: t.failed, onSuccess: onDone }));
  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run({
      date: form.date,
      advanceId: debt.advanceId,
      accountId: Number(form.account),
      amount: typedQuetzales(form.amount) ?? 0,
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
    });
  };
  return (
    <form className="admin-form admin-form--two" onSubmit={submit} aria-label={t.formTitle(debt.member)}>
      <Field id={`${id}-account`} label={t.account}>
        <select id={`${id}-account`} className="ui-input" value={form.account} onChange={(event) => set('account')(event.target.value)}>
          {books.accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-date`} label={t.date}>
        <Input id={`${id}-date`} type="date" required value={form.date} onChange={(event) => set('date')(event.target.value)} />
      </Field>
      <QuetzalesField id={`${id}-amount`} label={t.amount} required value={form.amount} onChange={set('amount')} />
      <Field id={`${id}-note`} label={t.note}>
        <Input id={`${id}-note`} maxLength={200} value={form.note} onChange={(event) => set('note')(event.target.value)} />
      </Field>
      <div className="ui-dialog__footer">
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button type="submit" pending={save.isPending}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Por reembolsar a miembros' (docs/books.md 'Advances'): what members paid from their own pocket
 * and the committee still owes them, since when, and the reimbursement that pays it back.
 */
export function MemberDebtsCard({ books }: { books: Books }) {
  const titleId = useId();
  const [paying, setPaying] = useState<number | null>(null);
  const open = books.memberDebts.filter((debt) => debt.owed > 0);
  const debt = open.find((one) => one.advanceId === paying);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
        <CardDescription>{t.help}</CardDescription>
      </CardHeader>
      <CardContent className="admin-form">
        <p>
          <strong>{t.total(books.totals.owedToMembers)}</strong>
        </p>
        {open.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <ul className="books-accounts" aria-label={t.title}>
            {open.map((one) => (
              <li key={one.advanceId} className="books-account">
                <span className="books-what">
                  <strong>{t.owedTo(one.member, one.owed)}</strong>
                  <span>{t.expense(one.advanceId, one.category, one.supplier)}</span>
                  <span className="books-muted">
                    {t.since(formatDayNumeric(one.date))}
                    {one.owed !== one.amount && ` · ${t.of(formatLedgerAmount(one.amount))}`}
                  </span>
                </span>
                <span className="books-actions">
                  <Button size="sm" variant="outline" onClick={() => setPaying(one.advanceId)}>
                    {t.reimburse}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {debt && <ReimbursementForm key={debt.advanceId} books={books} debt={debt} onDone={() => setPaying(null)} />}
      </CardContent>
    </Card>
  );
}
