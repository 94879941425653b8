import { Copy, Landmark, MessageCircle } from 'lucide-react';
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
import { useSaveMyPaymentConfirmation, useMyPaymentConfirmations, usePaymentDates } from '@portal/api-client/payments';
import { useSettings } from '@portal/api-client/settings';
import { useMyStatement } from '@portal/api-client/statements';
import { formatDay, formatQuetzales, whatsAppUrl } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Skeleton } from '@portal/ui/skeleton';
import { toast } from '@portal/ui/toast';
import { parentToasts } from '../common/parent-toasts';
import { LoadFailed } from '../common/LoadFailed';
import { PaymentReceipts } from './receipts/PaymentReceipts';
import { texts } from '../texts';

const t = texts.payments;

/** Copies the account number; without the Clipboard API (old browser, plain http) says how to do it by hand. */
async function copyAccountNumber(accountNumber: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('No Clipboard API');
    await navigator.clipboard.writeText(accountNumber);
    toast({ title: t.copied });
  } catch {
    toast({ title: t.copyFailed, description: t.copyFailedText, variant: 'destructive' });
  }
}

export function BankCard() {
  const { data: settings, error } = useSettings();
  const { data: statement } = useMyStatement();
  if (!settings) return error ? <LoadFailed error={error} /> : <Skeleton height="9rem" />;
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
          <dd className="parent-bank__account-row">
            <span className="parent-bank__account">{bank.accountNumber}</span>
            <Button variant="outline" size="sm" aria-label={t.copyLabel} onClick={() => void copyAccountNumber(bank.accountNumber)}>
              <Copy size={16} aria-hidden="true" />
              {t.copy}
            </Button>
          </dd>
          <dt>{t.holder}</dt>
          <dd>{bank.accountHolder}</dd>
          {statement && (
            <>
              <dt>{t.reference}</dt>
              <dd className="parent-bank__account">{statement.paymentReference}</dd>
            </>
          )}
        </dl>
        {statement && <p className="parent-bank__reference">{t.referenceText}</p>}
        <p className="parent-bank__receipts">
          <MessageCircle size={18} aria-hidden="true" className="parent-inline-icon" /> {t.receiptsLead}{' '}
          <a href={whatsAppUrl(bank.receiptsPhone, t.receiptsMessage)} target="_blank" rel="noopener noreferrer">
            {bank.receiptsPhone}
          </a>
          .
        </p>
      </CardContent>
    </Card>
  );
}

export function PaymentItem({
  payment,
  status,
  proofs,
  pending,
  onChange,
  owed = null,
}: {
  payment: PaymentDate;
  /** null: never answered, so no option is selected (decisions item 17). */
  status: PaymentStatus | null;
  proofs: PaymentProof[];
  pending: boolean;
  onChange: (status: PaymentStatus) => void;
  /** What this family owes for the payment (its own amount, or the twins'), null while unknown. */
  owed?: number | null;
}) {
  const received = proofs.reduce((sum, proof) => sum + (proof.state === 'verificado' ? (proof.review?.amountReceived ?? 0) : 0), 0);
  return (
    <li className="parent-payment">
      <div className="parent-payment__info">
        <h3 className="parent-card-title">{payment.title}</h3>
        <p className="parent-payment__date">{formatDay(payment.date)}</p>
        <p>{payment.description}</p>
        <p className="parent-muted">
          {t.amount}: {payment.amount}
        </p>
        {owed !== null && (
          <p className="parent-payment__owed">
            {t.owed(formatQuetzales(owed))}
            {received > 0 && ` · ${t.balance(formatQuetzales(Math.max(owed - received, 0)))}`}
          </p>
        )}
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
  const { data: payments, error: paymentsError } = usePaymentDates();
  const { data: confirmations, error: confirmationsError } = useMyPaymentConfirmations();
  const { data: proofs } = useMyPaymentProofs(true);
  const { data: statement } = useMyStatement();
  const save = useSaveMyPaymentConfirmation(parentToasts({ success: texts.toasts.payment, failure: texts.toasts.paymentFailed }));
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
                  status={statusOf.get(payment.id) ?? null}
                  proofs={proofs?.filter((proof) => proof.paymentNumber === payment.id) ?? []}
                  pending={save.isPending}
                  owed={statement?.lines.find((line) => line.paymentNumber === payment.id)?.expected ?? null}
                  onChange={(status) => choose(payment.id, status)}
                />
              ))}
            </ol>
          ) : paymentsError || confirmationsError ? (
            <LoadFailed error={paymentsError ?? confirmationsError} />
          ) : (
            <Skeleton height="12rem" />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
