import { useId } from 'react';
import { PAYMENT_TITLES, type GraduationEvent, type PaymentDate } from '@portal/contracts';
import { formatDay, QUETZALES_PATTERN } from '@portal/format';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { closingTexts } from './closing-texts';
import {
  canConfirmEvent,
  canConfirmPayment,
  isConfirmedEvent,
  isConfirmedPayment,
  isPastEvent,
  isPastPayment,
  type EventRow,
  type PaymentRow,
} from './new-class-draft';

const t = closingTexts.newClass;

/** 'Esta fecha ya pasó' under a date, read with it. */
function PastWarning({ id }: { id: string }) {
  return (
    <p className="closing-calendar__past" id={id}>
      {t.past}
    </p>
  );
}

/** The row's 'Confirmado': only a row whose date is not past (and whose amounts are amounts) can be confirmed. */
function ConfirmBox({ checked, enabled, onChange }: { checked: boolean; enabled: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="ui-checkbox closing-calendar__confirm">
      <input type="checkbox" checked={checked} disabled={!enabled} onChange={(event) => onChange(event.target.checked)} />
      <span>{t.confirmed}</span>
    </label>
  );
}

function PaymentFields({ payment, row, onChange }: { payment: PaymentDate; row: PaymentRow; onChange: (row: PaymentRow) => void }) {
  const id = useId();
  const past = isPastPayment(row);
  // A change is confirmed again: the committee confirms what it sees.
  const set = (change: Partial<PaymentRow>) => onChange({ ...row, ...change, confirmed: false });
  return (
    <fieldset className="closing-calendar__row" data-testid={`new-class-payment-${row.id}`}>
      <legend>{PAYMENT_TITLES[row.id]}</legend>
      <p className="closing-muted">{payment.description}</p>
      <div className="closing-calendar__fields">
        <Field id={`${id}-date`} label={t.date} hint={!past && row.date ? formatDay(row.date) : undefined}>
          <Input
            id={`${id}-date`}
            type="date"
            required
            value={row.date}
            aria-invalid={past || undefined}
            aria-describedby={past ? `${id}-past` : undefined}
            onChange={(event) => set({ date: event.target.value })}
          />
          {past && <PastWarning id={`${id}-past`} />}
        </Field>
        <Field id={`${id}-amount`} label={t.amount}>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            pattern={QUETZALES_PATTERN}
            value={row.amount}
            onChange={(event) => set({ amount: event.target.value })}
          />
        </Field>
        <Field id={`${id}-twins`} label={t.twinsAmount}>
          <Input
            id={`${id}-twins`}
            inputMode="decimal"
            pattern={QUETZALES_PATTERN}
            value={row.twinsAmount}
            onChange={(event) => set({ twinsAmount: event.target.value })}
          />
        </Field>
      </div>
      <ConfirmBox
        checked={isConfirmedPayment(row)}
        enabled={canConfirmPayment(row)}
        onChange={(confirmed) => onChange({ ...row, confirmed })}
      />
    </fieldset>
  );
}

function EventFields({ event, row, onChange }: { event: GraduationEvent; row: EventRow; onChange: (row: EventRow) => void }) {
  const id = useId();
  const past = isPastEvent(row);
  return (
    <fieldset className="closing-calendar__row" data-testid={`new-class-event-${row.id}`}>
      <legend>{event.titulo}</legend>
      {event.lugar && <p className="closing-muted">{event.lugar}</p>}
      <div className="closing-calendar__fields">
        <Field id={`${id}-date`} label={t.dateTime}>
          <Input
            id={`${id}-date`}
            type="datetime-local"
            required
            value={row.fecha}
            aria-invalid={past || undefined}
            aria-describedby={past ? `${id}-past` : undefined}
            onChange={(change) => onChange({ ...row, fecha: change.target.value, confirmed: false })}
          />
          {past && <PastWarning id={`${id}-past`} />}
        </Field>
      </div>
      <ConfirmBox
        checked={isConfirmedEvent(row)}
        enabled={canConfirmEvent(row)}
        onChange={(confirmed) => onChange({ ...row, confirmed })}
      />
    </fieldset>
  );
}

/**
 * Step 2 of 'Nueva promoción': the six payments and every event the class carries over, each
 * proposed a year later and confirmed by the committee row by row.
 */
export function CalendarStep({
  payments,
  events,
  paymentRows,
  eventRows,
  onPayment,
  onEvent,
}: {
  payments: readonly PaymentDate[];
  events: readonly GraduationEvent[];
  paymentRows: readonly PaymentRow[];
  eventRows: readonly EventRow[];
  onPayment: (row: PaymentRow) => void;
  onEvent: (row: EventRow) => void;
}) {
  return (
    <div className="closing-calendar">
      <p className="closing-muted">{t.calendarHelp}</p>
      <h5 className="closing-subtitle">{t.payments}</h5>
      {paymentRows.map((row) => (
        <PaymentFields key={row.id} payment={payments.find((one) => one.id === row.id)!} row={row} onChange={onPayment} />
      ))}
      <h5 className="closing-subtitle">{t.events}</h5>
      {eventRows.length === 0 && <p className="closing-muted">{t.noEvents}</p>}
      {eventRows.map((row) => (
        <EventFields key={row.id} event={events.find((one) => one.id === row.id)!} row={row} onChange={onEvent} />
      ))}
    </div>
  );
}
