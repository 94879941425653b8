import { useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { PAYMENT_NUMBERS, PAYMENT_TITLES, type Family, type PaymentState, type Statement } from '@portal/contracts';
import { useRecordCashPayment, useRemovePaymentOverride, useSetPaymentOverride, useStatement } from '@portal/api-client/statements';
import { formatDayNumeric, formatQuetzales, todayInGuatemala } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { IconButton } from '../common/IconButton';
import { wholeQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { QueryState } from '../common/QueryState';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';

const t = texts.families.statement;
const BADGE: Record<PaymentState, 'outline' | 'info' | 'danger' | 'warning' | 'success'> = {
  pendiente: 'outline',
  en_revision: 'info',
  rechazado: 'danger',
  parcial: 'warning',
  verificado: 'success',
};

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
                {line.receipts.length > 0 && <div className="admin-muted">{t.receipts(line.receipts.length)}</div>}
              </div>
            </TableCell>
            <TableCell data-label={t.columns.due}>{formatDayNumeric(line.dueDate)}</TableCell>
            <TableCell data-label={t.columns.expected}>
              <span>
                {money(line.expected)}
                {line.expectedFrom && t.from[line.expectedFrom] && <span className="admin-muted"> ({t.from[line.expectedFrom]})</span>}
              </span>
            </TableCell>
            <TableCell data-label={t.columns.received}>{formatQuetzales(line.received)}</TableCell>
            <TableCell data-label={t.columns.balance}>{money(line.balance)}</TableCell>
            <TableCell data-label={t.columns.state}>
              <Badge variant={BADGE[line.state]}>{t.states[line.state]}</Badge>
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
            <span className="admin-strong">{formatQuetzales(statement.totals.balance)}</span>
          </TableCell>
          <TableCell data-label={t.columns.state}> </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function PaymentSelect({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field id={id} label={t.payment}>
      <select id={id} className="ui-input" value={value} onChange={(event) => onChange(event.target.value)}>
        {PAYMENT_NUMBERS.map((n) => (
          <option key={n} value={n}>
            {PAYMENT_TITLES[n]}
          </option>
        ))}
      </select>
    </Field>
  );
}

const EMPTY_CASH = { payment: '1', amount: '', date: '', note: '' };
const EMPTY_OVERRIDE = { payment: '1', amount: '', reason: '' };

/** A family's account statement, with cash received and the family's own amounts. */
export function StatementDialog({ family, onClose }: { family: Family; onClose: () => void }) {
  const { data: statement, isLoading, error } = useStatement(family.id);
  const [cash, setCash] = useState(EMPTY_CASH);
  const [override, setOverride] = useState(EMPTY_OVERRIDE);
  const saveCash = useRecordCashPayment(adminToasts({ success: t.cashSaved, failure: t.failed, onSuccess: () => setCash(EMPTY_CASH) }));
  const saveOverride = useSetPaymentOverride(
    adminToasts({ success: t.overrideSaved, failure: t.failed, onSuccess: () => setOverride(EMPTY_OVERRIDE) }),
  );
  const removeOverride = useRemovePaymentOverride(adminToasts({ success: t.overrideRemoved, failure: t.failed }));

  function submitCash(event: FormEvent) {
    event.preventDefault();
    void saveCash.run({
      familyId: family.id,
      paymentNumber: Number(cash.payment),
      amountReceived: wholeQuetzales(cash.amount) ?? 0,
      ...(cash.date ? { depositDate: cash.date } : {}),
      ...(cash.note.trim() ? { note: cash.note.trim() } : {}),
    });
  }

  function submitOverride(event: FormEvent) {
    event.preventDefault();
    void saveOverride.run({
      familyId: family.id,
      paymentNumber: Number(override.payment),
      amountQuetzales: wholeQuetzales(override.amount) ?? 0,
      reason: override.reason,
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.title(family.graduateName)} description={t.description} size="wide">
      <QueryState isLoading={isLoading} error={error}>
        {statement && <p className="admin-muted">{t.reference(statement.paymentReference)}</p>}
        {statement && (
          <StatementTable
            statement={statement}
            onRemoveOverride={(paymentNumber) => void removeOverride.run({ familyId: family.id, paymentNumber })}
          />
        )}
      </QueryState>
      <form className="admin-form admin-statement__form" onSubmit={submitCash} aria-labelledby="statement-cash">
        <h3 id="statement-cash" className="admin-strong">
          {t.cashTitle}
        </h3>
        <div className="admin-form__pair">
          <PaymentSelect id="statement-cash-payment" value={cash.payment} onChange={(payment) => setCash({ ...cash, payment })} />
          <QuetzalesField
            id="statement-cash-amount"
            label={t.amount}
            required
            value={cash.amount}
            onChange={(amount) => setCash({ ...cash, amount })}
          />
        </div>
        <div className="admin-form__pair">
          <Field id="statement-cash-date" label={t.cashDate}>
            <Input
              id="statement-cash-date"
              type="date"
              max={todayInGuatemala()}
              value={cash.date}
              onChange={(event) => setCash({ ...cash, date: event.target.value })}
            />
          </Field>
          <Field id="statement-cash-note" label={t.cashNote}>
            <Input
              id="statement-cash-note"
              maxLength={40}
              value={cash.note}
              onChange={(event) => setCash({ ...cash, note: event.target.value })}
            />
          </Field>
        </div>
        <Button type="submit" variant="outline" disabled={cash.amount.trim() === ''} pending={saveCash.isPending}>
          {t.cashSave}
        </Button>
      </form>
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
    </Dialog>
  );
}
