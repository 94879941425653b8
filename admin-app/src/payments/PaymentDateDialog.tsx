import { useState, type FormEvent } from 'react';
import type { PaymentDate, PaymentDateInput } from '@portal/contracts';
import { useUpdatePaymentDate } from '@portal/api-client/payments';
import { formatDay } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';

const t = texts.paymentDates;

/** The dialog's fields as typed: the spec's three texts and the amounts in quetzales. */
type AmountForm = Omit<PaymentDateInput, 'amountQuetzales' | 'twinsAmountQuetzales'> & {
  amountQuetzales: string;
  twinsAmountQuetzales: string;
};

/** 'Editar …': a payment's description, due date, amount text and amounts in quetzales. */
export function PaymentDateDialog({ payment, onClose }: { payment: PaymentDate; onClose: () => void }) {
  const [form, setForm] = useState<AmountForm>({
    description: payment.description,
    date: payment.date,
    amount: payment.amount,
    amountQuetzales: payment.amountQuetzales === null ? '' : String(payment.amountQuetzales),
    twinsAmountQuetzales: payment.twinsAmountQuetzales === null ? '' : String(payment.twinsAmountQuetzales),
  });
  const update = useUpdatePaymentDate(adminToasts({ success: t.updated, failure: t.updateFailed, onSuccess: onClose }));
  const canSave = form.description.trim() !== '' && form.date !== '' && form.amount.trim() !== '';
  const set = (field: keyof AmountForm) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    void update.run({
      id: payment.id,
      description: form.description.trim(),
      date: form.date,
      amount: form.amount.trim(),
      amountQuetzales: typedQuetzales(form.amountQuetzales),
      twinsAmountQuetzales: typedQuetzales(form.twinsAmountQuetzales),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.editTitle(payment.title)}>
      <form className="admin-form" onSubmit={submit}>
        <Field id="payment-description" label={t.fields.description}>
          <Input id="payment-description" value={form.description} onChange={set('description')} maxLength={300} />
        </Field>
        <Field id="payment-date" label={t.fields.date} hint={form.date ? formatDay(form.date) : undefined}>
          <Input id="payment-date" type="date" value={form.date} onChange={set('date')} />
        </Field>
        <Field id="payment-amount" label={t.fields.amount}>
          <Input id="payment-amount" value={form.amount} onChange={set('amount')} maxLength={200} />
        </Field>
        <div className="admin-form__pair">
          <QuetzalesField
            id="payment-amount-quetzales"
            label={t.fields.amountQuetzales}
            hint={t.amountHint}
            value={form.amountQuetzales}
            onChange={(amountQuetzales) => setForm({ ...form, amountQuetzales })}
          />
          <QuetzalesField
            id="payment-twins-quetzales"
            label={t.fields.twinsAmountQuetzales}
            value={form.twinsAmountQuetzales}
            onChange={(twinsAmountQuetzales) => setForm({ ...form, twinsAmountQuetzales })}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={!canSave} pending={update.isPending}>
            {t.save}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
