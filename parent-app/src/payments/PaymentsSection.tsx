import { Landmark } from 'lucide-react';
import { useSWRConfig } from 'swr';
import { useState } from 'react';
import {
  PAYMENT_STATUSES,
  type PaymentConfirmation,
  type PaymentDate,
  type PaymentNumber,
  type PaymentProof,
  type PaymentStatus,
} from '@portal/contracts';
import { useMyPaymentProofs } from '@portal/api-client/my-family';
import {
  myPaymentConfirmationsKey,
  saveMyPaymentConfirmation,
  useMyPaymentConfirmations,
  usePaymentDates,
} from '@portal/api-client/payments';
import { useSettings } from '@portal/api-client/settings';
import { formatDay } from '@portal/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Skeleton } from '@portal/ui/skeleton';
import { useParentMutation } from '../common/use-parent-mutation';
import { PaymentReceipts } from './receipts/PaymentReceipts';
import { texts } from '../texts';

const t = texts.payments;

function BankCard() {
  const { data: settings } = useSettings();
  if (!settings) return <Skeleton height="9rem" />;
  const { bank } = settings;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Landmark size={20} aria-hidden="true" className="parent-inline-icon" /> {t.bankTitle}
        </CardTitle>
        <CardDescription>{t.bankText}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="parent-bank">
          <dt>{t.bank}</dt>
          <dd>{bank.bankName}</dd>
          <dt>{t.account}</dt>
          <dd className="parent-bank__account">{bank.accountNumber}</dd>
          <dt>{t.holder}</dt>
          <dd>{bank.accountHolder}</dd>
        </dl>
        <p className="parent-bank__receipts">{t.receipts(bank.receiptsPhone)}</p>
      </CardContent>
    </Card>
  );
}

function PaymentItem({
  payment,
  status,
  proofs,
  pending,
  onChange,
}: {
  payment: PaymentDate;
  status: PaymentStatus;
  proofs: PaymentProof[];
  pending: boolean;
  onChange: (status: PaymentStatus) => void;
}) {
  return (
    <li className="parent-payment">
      <div className="parent-payment__info">
        <h3 className="parent-card-title">{payment.title}</h3>
        <p className="parent-payment__date">{formatDay(payment.date)}</p>
        <p>{payment.description}</p>
        <p className="parent-muted">
          {t.amount}: {payment.amount}
        </p>
        <PaymentReceipts paymentNumber={payment.id} proofs={proofs} />
      </div>
      <fieldset className="parent-payment__options" disabled={pending}>
        <legend className="ui-visually-hidden">{t.statusLabel(payment.title)}</legend>
        {PAYMENT_STATUSES.slice()
          .reverse()
          .map((option) => (
            <label key={option} className="parent-radio">
              <input
                type="radio"
                name={`payment-${payment.id}`}
                value={option}
                checked={status === option}
                onChange={() => onChange(option)}
              />
              {t.options[option]}
            </label>
          ))}
      </fieldset>
    </li>
  );
}

export default function PaymentsSection() {
  const { data: payments } = usePaymentDates();
  const { data: confirmations } = useMyPaymentConfirmations();
  const { data: proofs } = useMyPaymentProofs(true);
  const { mutate } = useSWRConfig();
  const save = useParentMutation(saveMyPaymentConfirmation, {
    success: texts.toasts.payment,
    failure: texts.toasts.paymentFailed,
    onSuccess: (saved: PaymentConfirmation) =>
      mutate(
        myPaymentConfirmationsKey,
        (current: PaymentConfirmation[] | undefined) =>
          (current ?? []).map((item) => (item.paymentNumber === saved.paymentNumber ? saved : item)),
        { revalidate: false },
      ),
  });
  // The radio shows the parent's choice at once; it falls back to the saved answer if the save fails.
  const [choice, setChoice] = useState<PaymentConfirmation | null>(null);
  const choose = (paymentNumber: PaymentNumber, status: PaymentStatus) => {
    setChoice({ paymentNumber, status });
    void save.run({ paymentNumber, status }).finally(() => setChoice(null));
  };
  const statusOf = new Map(confirmations?.map((item) => [item.paymentNumber, item.status]));
  if (choice) statusOf.set(choice.paymentNumber, choice.status);
  return (
    <section className="parent-section">
      <BankCard />
      <Card>
        <CardHeader>
          <CardTitle>{t.calendarTitle}</CardTitle>
          <CardDescription>{t.calendarText}</CardDescription>
        </CardHeader>
        <CardContent>
          {payments && confirmations ? (
            <ol className="parent-payments">
              {payments.map((payment) => (
                <PaymentItem
                  key={payment.id}
                  payment={payment}
                  status={statusOf.get(payment.id) ?? 'no_asistire'}
                  proofs={proofs?.filter((proof) => proof.paymentNumber === payment.id) ?? []}
                  pending={save.isPending}
                  onChange={(status) => choose(payment.id, status)}
                />
              ))}
            </ol>
          ) : (
            <Skeleton height="12rem" />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
