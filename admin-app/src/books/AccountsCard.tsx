import { useId, useState, type FormEvent } from 'react';
import type { BankAccountType, Books, MoneyAccount, Transfer } from '@portal/contracts';
import {
  useAccountMovements,
  useCreateMoneyAccount,
  useRecordTransfer,
  useReverseExpense,
  useUpdateMoneyAccount,
} from '@portal/api-client/books';
import { formatDayNumeric, formatLedgerAmount, todayInGuatemala } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { DataTable } from '../common/DataTable';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { ReasonDialog } from '../common/ReasonDialog';
import { AccountFields, emptyAccount } from './AccountFields';
import { accountDetails } from './account-details';
import { booksTexts } from './books-texts';

const t = booksTexts.accounts;
const tt = booksTexts.transfers;

/** Quetzales with their centavos always ('Q0.00', '-Q2,799.50'): a reconciliation is to the centavo. */
export const toTheCentavo = (amount: number) =>
  `${amount < 0 ? '-' : ''}Q${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function Reconciliation({ account }: { account: MoneyAccount }) {
  const last = account.reconciliation;
  if (!last) return <span className="books-muted">{t.notReconciled}</span>;
  const day = formatDayNumeric(last.asOf);
  return last.difference === 0 ? (
    <span className="books-what">
      <Badge variant="success">{t.reconciled(day)}</Badge>
      <span className="books-muted">{t.differenceZero}</span>
    </span>
  ) : (
    <Badge variant="danger">{t.difference(day, toTheCentavo(last.difference))}</Badge>
  );
}

function MovementsDialog({ account, onClose }: { account: MoneyAccount; onClose: () => void }) {
  const { data } = useAccountMovements(account.id);
  const rows = [...(data?.movements ?? [])].reverse();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.movementsTitle(account.name)} size="wide">
      {data && rows.length === 0 ? (
        <p>{t.movementsEmpty}</p>
      ) : (
        <DataTable
          rows={rows}
          rowKey={(row) => `${row.source}-${row.id}-${row.amount}`}
          columns={[
            { header: t.date, cell: (row) => formatDayNumeric(row.date) },
            { header: t.what, cell: (row) => row.what },
            { header: t.amount, cell: (row) => formatLedgerAmount(row.amount) },
            { header: t.after, cell: (row) => formatLedgerAmount(row.balance) },
          ]}
        />
      )}
    </Dialog>
  );
}

function RenameDialog({ account, onClose }: { account: MoneyAccount; onClose: () => void }) {
  const id = useId();
  const [form, setForm] = useState({
    name: account.name,
    bankName: account.bankName ?? '',
    accountNumber: account.accountNumber ?? '',
    accountHolder: account.accountHolder ?? '',
    accountType: account.accountType ?? ('ahorro' as BankAccountType),
  });
  const save = useUpdateMoneyAccount(adminToasts({ success: t.saved, failure: t.failed, onSuccess: onClose }));
  const bank = account.kind === 'banco';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(bank ? { id: account.id, ...form } : { id: account.id, name: form.name });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.renameTitle(account.name)}>
      <form className="admin-form" onSubmit={submit}>
        <AccountFields id={id} form={form} set={(name) => (value) => setForm({ ...form, [name]: value })} bank={bank} />
        <DialogFooter>
          <Button type="submit" pending={save.isPending}>
            {t.save}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function AddAccount() {
  const id = useId();
  const [form, setForm] = useState(emptyAccount);
  const add = useCreateMoneyAccount(adminToasts({ success: t.added, failure: t.failed, onSuccess: () => setForm(emptyAccount()) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void add.run(form);
  };
  return (
    <form className="admin-form admin-form--two" onSubmit={submit} aria-label={t.add}>
      <AccountFields id={id} form={form} set={(name) => (value) => setForm({ ...form, [name]: value })} bank />
      <div className="ui-dialog__footer">
        <Button type="submit" variant="outline" pending={add.isPending}>
          {t.add}
        </Button>
      </div>
    </form>
  );
}

function TransferForm({ accounts }: { accounts: MoneyAccount[] }) {
  const id = useId();
  const cash = accounts.find((account) => account.kind === 'caja') ?? accounts[0]!;
  const main = accounts.find((account) => account.main) ?? accounts[0]!;
  const empty = () => ({ date: todayInGuatemala(), from: String(cash.id), to: String(main.id), amount: '', note: '' });
  const [form, setForm] = useState(empty);
  const save = useRecordTransfer(adminToasts({ success: tt.saved, failure: tt.failed, onSuccess: () => setForm(empty()) }));
  const set = (name: keyof ReturnType<typeof empty>) => (value: string) => setForm({ ...form, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run({
      date: form.date,
      fromAccountId: Number(form.from),
      toAccountId: Number(form.to),
      amount: typedQuetzales(form.amount) ?? 0,
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
    });
  };
  const choose = (name: 'from' | 'to', label: string) => (
    <Field id={`${id}-${name}`} label={label}>
      <select id={`${id}-${name}`} className="ui-input" value={form[name]} onChange={(event) => set(name)(event.target.value)}>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <form className="admin-form admin-form--two" onSubmit={submit} aria-label={tt.title}>
      <Field id={`${id}-date`} label={tt.date}>
        <Input id={`${id}-date`} type="date" required value={form.date} onChange={(event) => set('date')(event.target.value)} />
      </Field>
      <QuetzalesField id={`${id}-amount`} label={tt.amount} required value={form.amount} onChange={set('amount')} />
      {choose('from', tt.from)}
      {choose('to', tt.to)}
      <Field id={`${id}-note`} label={tt.note}>
        <Input id={`${id}-note`} maxLength={200} value={form.note} onChange={(event) => set('note')(event.target.value)} />
      </Field>
      <div className="ui-dialog__footer">
        <Button type="submit" pending={save.isPending}>
          {tt.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Cuentas de la promoción' (docs/books.md 'Accounts'): each account with its balance and its last
 * reconciliation, its movements, the accounts the committee adds or renames, and the transfers.
 */
export function AccountsCard({ books }: { books: Books }) {
  const [showing, setShowing] = useState<MoneyAccount | null>(null);
  const [renaming, setRenaming] = useState<MoneyAccount | null>(null);
  const [reversing, setReversing] = useState<Transfer | null>(null);
  const reverse = useReverseExpense(adminToasts({ success: tt.reversedToast, failure: tt.reverseFailed }));
  const name = (id: number) => books.accounts.find((account) => account.id === id)?.name ?? '—';
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t.title}</CardTitle>
        <CardDescription>{t.help}</CardDescription>
      </CardHeader>
      <CardContent className="admin-form">
        <ul className="books-accounts" aria-label={t.list}>
          {books.accounts.map((account) => (
            <li key={account.id} className="books-account" data-testid={`account-${account.id}`}>
              <span className="books-what">
                <strong>
                  {account.name} {account.main && <Badge variant="info">{t.main}</Badge>}
                </strong>
                <span className="books-muted">{accountDetails(account)}</span>
                <Reconciliation account={account} />
              </span>
              <span className="books-account__balance">{formatLedgerAmount(account.balance)}</span>
              <span className="books-actions">
                <Button variant="outline" size="sm" onClick={() => setShowing(account)}>
                  {t.movements}
                </Button>
                {account.main ? (
                  <span className="books-muted">{t.mainFixed}</span>
                ) : (
                  <Button variant="outline" size="sm" onClick={() => setRenaming(account)}>
                    {t.rename}
                  </Button>
                )}
              </span>
            </li>
          ))}
          <li className="books-account books-account--total">
            <strong>{t.total}</strong>
            <span className="books-account__balance">{formatLedgerAmount(books.totals.balance)}</span>
          </li>
        </ul>
        <details>
          <summary>{t.add}</summary>
          <AddAccount />
        </details>
        <h4>{tt.title}</h4>
        <p className="books-muted">{tt.help}</p>
        {books.accounts.length > 1 && <TransferForm accounts={books.accounts} />}
        {books.transfers.length === 0 ? (
          <p>{tt.empty}</p>
        ) : (
          <DataTable
            rows={books.transfers}
            rowKey={(row) => row.id}
            columns={[
              { header: tt.date, cell: (row) => formatDayNumeric(row.date) },
              {
                header: `${tt.from} → ${tt.to}`,
                cell: (row) => (
                  <span className="books-what">
                    {tt.line(name(row.fromAccountId), name(row.toAccountId))}
                    {row.note && <span className="books-muted">{row.note}</span>}
                  </span>
                ),
              },
              { header: tt.amount, cell: (row) => formatLedgerAmount(row.amount) },
              {
                header: '',
                cell: (row) =>
                  row.reverses !== null ? null : row.reversal ? (
                    <Badge variant="outline">{tt.reversed}</Badge>
                  ) : (
                    <Button variant="outline" size="sm" onClick={() => setReversing(row)}>
                      {tt.reverse}
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </CardContent>
      {showing && <MovementsDialog account={showing} onClose={() => setShowing(null)} />}
      {renaming && <RenameDialog account={renaming} onClose={() => setRenaming(null)} />}
      {reversing && (
        <ReasonDialog
          title={tt.reverseTitle}
          description={tt.reverseDescription(
            `${tt.line(name(reversing.fromAccountId), name(reversing.toAccountId))} · ${formatLedgerAmount(reversing.amount)}`,
          )}
          confirmLabel={tt.reverse}
          pending={reverse.isPending}
          onClose={() => setReversing(null)}
          onSubmit={async ({ reason }) => (await reverse.run({ id: reversing.id, reason })) !== undefined}
        />
      )}
    </Card>
  );
}
