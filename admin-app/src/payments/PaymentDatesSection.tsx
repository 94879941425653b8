import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import type { PaymentDate, PaymentDateInput } from '@portal/contracts';
import { paymentDatesKey, updatePaymentDate, usePaymentDates } from '@portal/api-client/payments';
import { paymentConfirmationsXlsxUrl } from '@portal/api-client/reports';
import { formatDay, formatQuetzales } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { TooltipProvider } from '@portal/ui/tooltip';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { ExportButton } from '../common/ExportButton';
import { IconButton } from '../common/IconButton';
import { wholeQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { QueryState } from '../common/QueryState';
import { useAdminMutation } from '../common/use-admin-mutation';
import { texts } from '../texts';

const t = texts.paymentDates;

/** The dialog's fields as typed: the spec's three texts and the amounts in quetzales. */
type AmountForm = Omit<PaymentDateInput, 'amountQuetzales' | 'twinsAmountQuetzales'> & {
  amountQuetzales: string;
  twinsAmountQuetzales: string;
};

function PaymentDateDialog({ payment, onClose }: { payment: PaymentDate; onClose: () => void }) {
  const [form, setForm] = useState<AmountForm>({
    description: payment.description,
    date: payment.date,
    amount: payment.amount,
    amountQuetzales: payment.amountQuetzales === null ? '' : String(payment.amountQuetzales),
    twinsAmountQuetzales: payment.twinsAmountQuetzales === null ? '' : String(payment.twinsAmountQuetzales),
  });
  const update = useAdminMutation(updatePaymentDate, {
    success: t.updated,
    failure: t.updateFailed,
    refresh: [paymentDatesKey],
    onSuccess: onClose,
  });
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
      amountQuetzales: wholeQuetzales(form.amountQuetzales),
      twinsAmountQuetzales: wholeQuetzales(form.twinsAmountQuetzales),
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

export default function PaymentDatesSection() {
  const { data: payments, isLoading, error } = usePaymentDates();
  const [editing, setEditing] = useState<PaymentDate | null>(null);
  return (
    <TooltipProvider>
      <section className="admin-section">
        <div className="admin-toolbar">
          <span />
          <ExportButton url={paymentConfirmationsXlsxUrl} fileName="confirmaciones-de-pago.xlsx" label={t.export} />
        </div>
        <Card>
          <QueryState isLoading={isLoading} error={error} rows={6}>
            <Table stack>
              <TableHead>
                <TableRow>
                  <TableHeader>{t.columns.payment}</TableHeader>
                  <TableHeader>{t.columns.description}</TableHeader>
                  <TableHeader>{t.columns.date}</TableHeader>
                  <TableHeader>{t.columns.amount}</TableHeader>
                  <TableHeader>
                    <span className="ui-visually-hidden">{texts.actions}</span>
                  </TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {payments?.map((payment) => (
                  <TableRow key={payment.id}>
                    <TableCell data-label={t.columns.payment} className="admin-strong admin-nowrap">
                      {payment.title}
                    </TableCell>
                    <TableCell data-label={t.columns.description}>{payment.description}</TableCell>
                    <TableCell data-label={t.columns.date}>{formatDay(payment.date)}</TableCell>
                    <TableCell data-label={t.columns.amount}>
                      {/* One element: a stacked cell on a phone has one column for the label, one for this. */}
                      <div>
                        {payment.amount}
                        {payment.amountQuetzales !== null && (
                          <div className="admin-muted">{t.owed(formatQuetzales(payment.amountQuetzales))}</div>
                        )}
                      </div>
                    </TableCell>
                    <TableCell className="admin-actions">
                      <IconButton icon={Pencil} label={t.editLabel(payment.title)} onClick={() => setEditing(payment)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </QueryState>
        </Card>
        {editing && <PaymentDateDialog key={editing.id} payment={editing} onClose={() => setEditing(null)} />}
      </section>
    </TooltipProvider>
  );
}
