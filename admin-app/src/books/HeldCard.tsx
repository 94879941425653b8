import { useId, useState, type FormEvent } from 'react';
import { HOLDING_KINDS, type Books, type HoldingKind } from '@portal/contracts';
import { useRecordHolding } from '@portal/api-client/books';
import { formatDayNumeric, formatLedgerAmount, todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { DataTable } from '../common/DataTable';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { AccountField } from './AccountField';
import { booksTexts as t } from './books-texts';

/** What the bank and the cash box hold on a day, each count kept with the balance expected then. */
export function HeldCard({ books }: { books: Books }) {
  const id = useId();
  const [kind, setKind] = useState<HoldingKind>('banco');
  const [accountId, setAccountId] = useState('');
  const [asOf, setAsOf] = useState(todayInGuatemala());
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const save = useRecordHolding(
    adminToasts({
      success: t.held.saved,
      failure: t.held.failed,
      onSuccess: () => {
        setAmount('');
        setNote('');
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run({
      kind,
      asOf,
      amount: typedQuetzales(amount) ?? 0,
      ...(accountId ? { accountId: Number(accountId) } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.held.title}</CardTitle>
        <CardDescription>{t.held.help}</CardDescription>
      </CardHeader>
      <CardContent className="admin-form">
        <form className="admin-form admin-form--two" onSubmit={submit} aria-label={t.held.title}>
          <Field id={`${id}-kind`} label={t.held.kind}>
            <select
              id={`${id}-kind`}
              className="ui-input"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as HoldingKind);
                setAccountId('');
              }}
            >
              {HOLDING_KINDS.map((one) => (
                <option key={one} value={one}>
                  {t.held.kinds[one]}
                </option>
              ))}
            </select>
          </Field>
          {kind === 'banco' && (
            <AccountField
              id={`${id}-account`}
              books={books}
              value={accountId || String(books.accounts.find((account) => account.main)?.id ?? '')}
              onChange={setAccountId}
              only="banco"
              byDefault={false}
            />
          )}
          <Field id={`${id}-date`} label={t.held.asOf}>
            <Input id={`${id}-date`} type="date" required value={asOf} onChange={(event) => setAsOf(event.target.value)} />
          </Field>
          <QuetzalesField id={`${id}-amount`} label={t.held.amount} required value={amount} onChange={setAmount} />
          <Field id={`${id}-note`} label={t.held.note}>
            <Input id={`${id}-note`} maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div className="ui-dialog__footer">
            <Button type="submit" variant="outline" pending={save.isPending}>
              {t.held.save}
            </Button>
          </div>
        </form>
        <h4>{t.held.history}</h4>
        {books.holdings.length === 0 ? (
          <p>{t.held.empty}</p>
        ) : (
          <DataTable
            rows={books.holdings}
            rowKey={(row) => row.id}
            columns={[
              { header: t.held.asOf, cell: (row) => formatDayNumeric(row.asOf) },
              {
                header: t.held.kind,
                cell: (row) => books.accounts.find((account) => account.id === row.accountId)?.name ?? t.held.kinds[row.kind],
              },
              { header: t.held.accountBalance, cell: (row) => formatLedgerAmount(row.accountBalance) },
              { header: t.held.amount, cell: (row) => formatLedgerAmount(row.amount) },
              { header: t.held.expectedThen, cell: (row) => formatLedgerAmount(row.expectedThen) },
              { header: t.held.differenceThen, cell: (row) => formatLedgerAmount(row.differenceThen) },
              { header: t.held.note, cell: (row) => `${row.note}${row.note ? ' · ' : ''}${row.createdBy}` },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}
