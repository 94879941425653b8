import { useState } from 'react';
import type { PaymentAnswer, PaymentNumber, PaymentStatus } from '@portal/contracts';
import { useMyReceipts } from '@portal/api-client/my-family';
import { useSaveMyPaymentAnswer, useMyPaymentAnswers, usePaymentDates } from '@portal/api-client/payments';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { useMyStatement } from '@portal/api-client/statements';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { useClosedClassNote } from '../common/closed-class';
import { parentToasts } from '../common/parent-toasts';
import { texts } from '../texts';
import { paymentTexts } from './payment-texts';
import { AccountCard } from './AccountCard';
import { BankCard } from './BankCard';
import { CreditReceiptList } from './credit-receipts/CreditReceiptList';
import { PaymentItem } from './PaymentItem';
import type { PaymentChoice } from './receipts/PaymentReceipts';

const t = paymentTexts.payments;

export default function PaymentsSection() {
  const { data: payments, error: paymentsError } = usePaymentDates();
  const { data: answers, error: answersError } = useMyPaymentAnswers();
  const { data: receipts } = useMyReceipts(true);
  const { data: statement } = useMyStatement();
  const retryFailed = useRetryFailed();
  const readOnlyNote = useClosedClassNote();
  const save = useSaveMyPaymentAnswer(parentToasts({ success: paymentTexts.toasts.payment, failure: paymentTexts.toasts.paymentFailed }));
  // The radio shows the parent's choice at once; it falls back to the saved answer if the save fails.
  const [choice, setChoice] = useState<PaymentAnswer | null>(null);
  const choose = (paymentNumber: PaymentNumber, status: PaymentStatus) => {
    setChoice({ paymentNumber, status });
    void save.run({ paymentNumber, status }).finally(() => setChoice(null));
  };
  const statusOf = new Map(answers?.map((item) => [item.paymentNumber, item.status]));
  if (choice) statusOf.set(choice.paymentNumber, choice.status);
  // 'Subir comprobante' on the bank card opens the upload of the oldest payment not yet paid.
  const [upload, setUpload] = useState<{ paymentNumber: PaymentNumber; request: number } | null>(null);
  const unpaid = payments?.find((payment) => statement?.lines.find((line) => line.paymentNumber === payment.id)?.state !== 'pagado');
  // What a deposit may pay: the payments not yet paid, oldest first, with what each still owes.
  const choices: PaymentChoice[] = (payments ?? []).flatMap((payment) => {
    const line = statement?.lines.find((item) => item.paymentNumber === payment.id);
    return line?.state === 'pagado' ? [] : [{ paymentNumber: payment.id, title: payment.title, balance: line?.balance ?? null }];
  });
  return (
    <section className="parent-section">
      {readOnlyNote && <p className="parent-muted parent-closed-note">{readOnlyNote}</p>}
      <BankCard
        onUpload={
          unpaid && !readOnlyNote ? () => setUpload((last) => ({ paymentNumber: unpaid.id, request: (last?.request ?? 0) + 1 })) : undefined
        }
      />
      {statement && <AccountCard statement={statement} />}
      <CreditReceiptList />
      <Card>
        <CardHeader>
          <CardTitle>{t.calendarTitle}</CardTitle>
          <CardDescription>{t.calendarText}</CardDescription>
        </CardHeader>
        <CardContent>
          {payments && answers ? (
            <ol className="parent-payments">
              {payments.map((payment) => (
                <PaymentItem
                  key={payment.id}
                  payment={payment}
                  status={statusOf.get(payment.id) ?? null}
                  receipts={receipts?.filter((receipt) => receipt.paymentNumber === payment.id) ?? []}
                  pending={save.isPending}
                  line={statement?.lines.find((line) => line.paymentNumber === payment.id) ?? null}
                  onChange={(status) => choose(payment.id, status)}
                  uploadRequest={upload?.paymentNumber === payment.id ? upload.request : 0}
                  choices={choices}
                  readOnlyNote={readOnlyNote}
                />
              ))}
            </ol>
          ) : paymentsError || answersError ? (
            <LoadFailed onRetry={retryFailed}>
              {texts.loadFailed} {errorMessage(paymentsError ?? answersError)}
            </LoadFailed>
          ) : (
            <Skeleton height="12rem" />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
