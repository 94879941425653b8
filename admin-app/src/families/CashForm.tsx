import { useState, type FormEvent } from 'react';
import { CREDIT_METHODS, CREDIT_NOTE_MAX, PAYMENT_NUMBERS, PAYMENT_TITLES, type CreditMethod, type Statement } from '@portal/contracts';
import { useRecordCashPayment } from '@portal/api-client/statements';
import { errorMessage } from '@portal/api-client/request';
import { formatQuetzales, todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { texts } from '../texts';

const t = texts.families.statement;

export function PaymentSelect({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
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

/** The first payment the family has not paid in full (money pays the oldest first all the same). */
export const firstUnpaid = (statement: Statement | undefined): number =>
  statement?.lines.find((line) => line.state !== 'pagado')?.paymentNumber ?? 1;

/**
 * Money the committee received by hand (cash, a cheque, a transfer checked by hand): a credit in
 * the family's ledger. The note keeps exactly what was typed, up to CREDIT_NOTE_MAX characters;
 * the counter shows the limit and the server's refusal is shown as it says it.
 */
export function CashForm({
  familyId,
  idPrefix,
  initialPayment = '1',
  initialAmount = '',
  choosePayment = true,
  submitLabel = t.cashSave,
  onSaved,
  ariaLabel,
}: {
  familyId: number;
  idPrefix: string;
  initialPayment?: string;
  initialAmount?: string;
  /** The statement lets the committee name the payment; the families dialog names the oldest one unpaid. */
  choosePayment?: boolean;
  submitLabel?: string;
  onSaved?: (statement: Statement) => void;
  ariaLabel?: string;
}) {
  const empty = { payment: initialPayment, amount: initialAmount, date: '', method: 'efectivo' as CreditMethod, note: '' };
  const [cash, setCash] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const save = useRecordCashPayment({
    onSuccess: (statement) => {
      setCash({ ...empty, amount: '' });
      setError(null);
      toast({ title: t.cashSaved });
      onSaved?.(statement);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const tooLong = cash.note.length > CREDIT_NOTE_MAX;
  const id = (name: string) => `${idPrefix}-${name}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    // Opened from the family's own form (in a portal): its submit must not reach that form.
    event.stopPropagation();
    if (tooLong) return;
    void save.run({
      familyId,
      paymentNumber: Number(cash.payment),
      amountReceived: typedQuetzales(cash.amount) ?? 0,
      method: cash.method,
      ...(cash.date ? { depositDate: cash.date } : {}),
      ...(cash.note.trim() ? { note: cash.note.trim() } : {}),
    });
  }

  return (
    <form className="admin-form" onSubmit={submit} aria-label={ariaLabel}>
      <div className="admin-form__pair">
        {choosePayment && <PaymentSelect id={id('payment')} value={cash.payment} onChange={(payment) => setCash({ ...cash, payment })} />}
        <QuetzalesField
          id={id('amount')}
          label={t.amount}
          required
          value={cash.amount}
          hint={cash.amount && typedQuetzales(cash.amount) ? formatQuetzales(typedQuetzales(cash.amount)!) : undefined}
          onChange={(amount) => setCash({ ...cash, amount })}
        />
      </div>
      <div className="admin-form__pair">
        <Field id={id('method')} label={t.cashMethod}>
          <select
            id={id('method')}
            className="ui-input"
            value={cash.method}
            onChange={(event) => setCash({ ...cash, method: event.target.value as CreditMethod })}
          >
            {CREDIT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t.methods[method]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('date')} label={t.cashDate}>
          <Input
            id={id('date')}
            type="date"
            max={todayInGuatemala()}
            value={cash.date}
            onChange={(event) => setCash({ ...cash, date: event.target.value })}
          />
        </Field>
      </div>
      <Field
        id={id('note')}
        label={t.cashNote}
        hint={t.noteCounter(cash.note.length, CREDIT_NOTE_MAX)}
        error={tooLong ? t.noteTooLong(CREDIT_NOTE_MAX) : undefined}
      >
        <Input
          id={id('note')}
          aria-invalid={tooLong || undefined}
          value={cash.note}
          onChange={(event) => setCash({ ...cash, note: event.target.value })}
        />
      </Field>
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" disabled={cash.amount.trim() === '' || tooLong} pending={save.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
