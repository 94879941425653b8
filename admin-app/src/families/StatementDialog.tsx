import { useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { PAYMENT_TITLES, type Family, type LedgerEntry, type Statement, type StatementLine } from '@portal/contracts';
import { useRemovePaymentOverride, useSetPaymentOverride, useStatement } from '@portal/api-client/statements';
import {
  formatDateTime,
  formatDayNumeric,
  formatLedgerAmount,
  formatLedgerSource,
  formatPaymentState,
  formatQuetzales,
} from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { IconButton } from '../common/IconButton';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { QueryState } from '../common/QueryState';
import { ReasonDialog, ReverseCreditDialog } from '../common/ReasonDialog';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';
import { CashForm, firstUnpaid, PaymentSelect } from './CashForm';

const t = texts.families.statement;

/** Pagado green, Parcial amber, Pendiente neutral, or red once its date has passed unpaid. */
export function stateBadge(line: StatementLine): 'success' | 'warning' | 'danger' | 'outline' {
  if (line.state === 'pagado') return 'success';
  if (line.state === 'parcial') return 'warning';
  return line.due && (line.expected ?? 0) > 0 ? 'danger' : 'outline';
}

const money = (amount: number | null) => (amount === null ? t.noAmount : formatQuetzales(amount));

/** The statement as a table: per payment and in total, with each family amount's reason. */
export function StatementTable({
  statement,
  onRemoveOverride,
}: {
  statement: Statement;
  onRemoveOverride?: (paymentNumber: number) => void;
}) {
  return (
    <>
      <Table stack>
        <TableHead>
          <TableRow>
            {Object.values(t.columns).map((column) => (
              <TableHeader key={column}>{column}</TableHeader>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.lines.map((line) => (
            <TableRow key={line.paymentNumber}>
              <TableCell data-label={t.columns.payment}>
                <div>
                  <div className="admin-strong">{line.title}</div>
                  {line.overrideReason && (
                    <div className="admin-muted">
                      {t.reason(line.overrideReason)}
                      {onRemoveOverride && (
                        <IconButton icon={X} label={t.removeOverride(line.title)} onClick={() => onRemoveOverride(line.paymentNumber)} />
                      )}
                    </div>
                  )}
                  {line.pastOverrides.map((past) => (
                    <div key={past.removedAt} className="admin-muted">
                      <s>{t.reason(`${formatQuetzales(past.amountQuetzales)}, ${past.reason}`)}</s>{' '}
                      {t.overrideRemovedBy(past.removedBy, formatDateTime(past.removedAt), past.removalReason)}
                    </div>
                  ))}
                  {line.receipts.length > 0 && <div className="admin-muted">{t.receipts(line.receipts.length)}</div>}
                </div>
              </TableCell>
              <TableCell data-label={t.columns.due}>
                {formatDayNumeric(line.dueDate)}
                {line.due && line.state !== 'pagado' && (line.expected ?? 0) > 0 && <span className="admin-danger"> ({t.overdue})</span>}
              </TableCell>
              <TableCell data-label={t.columns.expected}>
                <span>
                  {money(line.expected)}
                  {line.expectedFrom && t.from[line.expectedFrom] && <span className="admin-muted"> ({t.from[line.expectedFrom]})</span>}
                </span>
              </TableCell>
              <TableCell data-label={t.columns.received}>{formatQuetzales(line.received)}</TableCell>
              <TableCell data-label={t.columns.balance}>{money(line.balance)}</TableCell>
              <TableCell data-label={t.columns.state}>
                <Badge variant={stateBadge(line)} className="admin-state-badge">
                  {formatPaymentState(line)}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell data-label={t.columns.payment}>
              <span className="admin-strong">{t.total}</span>
            </TableCell>
            <TableCell data-label={t.columns.due}> </TableCell>
            <TableCell data-label={t.columns.expected}>{formatQuetzales(statement.totals.expected)}</TableCell>
            <TableCell data-label={t.columns.received}>{formatQuetzales(statement.totals.received)}</TableCell>
            <TableCell data-label={t.columns.balance}>
              <span className="admin-strong">{formatLedgerAmount(statement.totals.balance)}</span>
            </TableCell>
            <TableCell data-label={t.columns.state}> </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <p className="admin-statement__totals">
        <span className={statement.totals.dueBalance > 0 ? 'admin-danger' : undefined}>
          {statement.totals.dueBalance > 0 ? t.dueNow(formatQuetzales(statement.totals.dueBalance)) : t.paid}
        </span>
        {statement.totals.credit > 0 && <span className="admin-strong"> · {t.credit(formatQuetzales(statement.totals.credit))}</span>}
      </p>
    </>
  );
}

/** The family's ledger, oldest first: each credit with its source, a reversed one crossed out with who, when and why. */
export function LedgerEntries({ entries, onReverse }: { entries: LedgerEntry[]; onReverse?: (entry: LedgerEntry) => void }) {
  if (entries.length === 0) return <p className="admin-muted">{t.noEntries}</p>;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (
    <ul className="admin-ledger">
      {entries.map((entry) => {
        const original = entry.reverses === null ? undefined : byId.get(entry.reverses);
        const source = formatLedgerSource(original ?? entry);
        const amount = formatLedgerAmount(entry.amount);
        return (
          <li key={entry.id} className={entry.reversal ? 'admin-ledger__entry admin-ledger__entry--reversed' : 'admin-ledger__entry'}>
            <div className="admin-ledger__what">
              <span className="admin-strong">{entry.kind === 'reversion' ? t.reversal(source) : source}</span>
              <span className="admin-muted">
                {[
                  entry.depositDate && formatDayNumeric(entry.depositDate),
                  entry.documentNumber && t.document(entry.documentNumber),
                  entry.paymentNumber && entry.kind === 'credito' && t.forPayment(PAYMENT_TITLES[entry.paymentNumber]),
                  entry.source === 'comprobante' && entry.bankLineId !== null && entry.kind === 'credito' && t.bankLinked,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {entry.note && <span className="admin-muted">{t.entryNote(entry.note)}</span>}
              <span className="admin-muted">{t.entryBy(entry.createdBy, formatDateTime(entry.createdAt))}</span>
              {entry.kind === 'reversion' && entry.reason && (
                <span className="admin-danger">{t.reversalReason(entry.createdBy, entry.reason)}</span>
              )}
              {entry.reversal && (
                <span className="admin-danger">
                  {t.reversedBy(entry.reversal.by, formatDateTime(entry.reversal.at), entry.reversal.reason)}
                </span>
              )}
            </div>
            <span className="admin-ledger__amount">{entry.reversal ? <s>{amount}</s> : amount}</span>
            {onReverse && entry.kind === 'credito' && !entry.reversal && (
              <Button variant="outline" size="sm" aria-label={t.reverseLabel(source, amount)} onClick={() => onReverse(entry)}>
                {t.reverse}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const EMPTY_OVERRIDE = { payment: '1', amount: '', reason: '' };

/** A family's account statement: its ledger with reversals, money received by hand and the family's own amounts. */
export function StatementDialog({ family, onClose }: { family: Family; onClose: () => void }) {
  const { data: statement, isLoading, error } = useStatement(family.id);
  const [override, setOverride] = useState(EMPTY_OVERRIDE);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const saveOverride = useSetPaymentOverride(
    adminToasts({ success: t.overrideSaved, failure: t.failed, onSuccess: () => setOverride(EMPTY_OVERRIDE) }),
  );
  const removeOverride = useRemovePaymentOverride(adminToasts({ success: t.overrideRemoved, failure: t.failed }));

  function submitOverride(event: FormEvent) {
    event.preventDefault();
    void saveOverride.run({
      familyId: family.id,
      paymentNumber: Number(override.payment),
      amountQuetzales: typedQuetzales(override.amount) ?? 0,
      reason: override.reason,
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.title(family.graduateName)} description={t.description} size="wide">
      <QueryState isLoading={isLoading} error={error}>
        {statement && <p className="admin-muted">{t.reference(statement.paymentReference)}</p>}
        {statement && <StatementTable statement={statement} onRemoveOverride={setRemoving} />}
        {statement && (
          <section className="admin-statement__form" aria-labelledby="statement-entries">
            <h3 id="statement-entries" className="admin-strong">
              {t.entriesTitle}
            </h3>
            <LedgerEntries entries={statement.entries} onReverse={setReversing} />
          </section>
        )}
      </QueryState>
      <section className="admin-statement__form" aria-labelledby="statement-cash">
        <h3 id="statement-cash" className="admin-strong">
          {t.cashTitle}
        </h3>
        <CashForm
          key={statement ? 'ready' : 'loading'}
          familyId={family.id}
          idPrefix="statement-cash"
          initialPayment={String(firstUnpaid(statement))}
          ariaLabel={t.cashTitle}
        />
      </section>
      <form className="admin-form admin-statement__form" onSubmit={submitOverride} aria-labelledby="statement-override">
        <h3 id="statement-override" className="admin-strong">
          {t.overrideTitle}
        </h3>
        <div className="admin-form__pair">
          <PaymentSelect
            id="statement-override-payment"
            value={override.payment}
            onChange={(payment) => setOverride({ ...override, payment })}
          />
          <QuetzalesField
            id="statement-override-amount"
            label={t.amount}
            required
            value={override.amount}
            onChange={(amount) => setOverride({ ...override, amount })}
          />
        </div>
        <Field id="statement-override-reason" label={t.overrideReason}>
          <Input
            id="statement-override-reason"
            maxLength={300}
            required
            value={override.reason}
            onChange={(event) => setOverride({ ...override, reason: event.target.value })}
          />
        </Field>
        <Button
          type="submit"
          variant="outline"
          disabled={override.amount.trim() === '' || override.reason.trim() === ''}
          pending={saveOverride.isPending}
        >
          {t.overrideSave}
        </Button>
      </form>
      {reversing && (
        <ReverseCreditDialog
          entryId={reversing.id}
          familyId={reversing.familyId}
          fromReceipt={reversing.receiptId !== null}
          description={texts.reversal.text(formatLedgerSource(reversing), formatQuetzales(reversing.amount))}
          onClose={() => setReversing(null)}
        />
      )}
      {removing !== null && (
        <ReasonDialog
          title={t.removeOverrideTitle(PAYMENT_TITLES[removing as keyof typeof PAYMENT_TITLES])}
          description={t.removeOverrideText}
          confirmLabel={t.removeOverrideAction}
          pending={removeOverride.isPending}
          onClose={() => setRemoving(null)}
          onSubmit={async ({ reason }) =>
            (await removeOverride.run({ familyId: family.id, paymentNumber: removing, reason })) !== undefined
          }
        />
      )}
    </Dialog>
  );
}
