import { Copy, Landmark, MessageCircle, Upload } from 'lucide-react';
import { useState } from 'react';
import {
  PAYMENT_STATUSES,
  type PaymentConfirmation,
  type PaymentDate,
  type PaymentNumber,
  type Receipt,
  type PaymentStatus,
  type Statement,
  type StatementLine,
} from '@portal/contracts';
import { useMyReceipts } from '@portal/api-client/my-family';
import { useSaveMyPaymentConfirmation, useMyPaymentConfirmations, usePaymentDates } from '@portal/api-client/payments';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { useSettings } from '@portal/api-client/settings';
import { useMyStatement } from '@portal/api-client/statements';
import {
  formatDateNumeric,
  formatDay,
  formatDayNumeric,
  formatLedgerAmount,
  formatLedgerSource,
  formatPaymentState,
  formatQuetzales,
  whatsAppUrl,
} from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { toast } from '@portal/ui/toast';
import { parentToasts } from '../common/parent-toasts';
import { texts } from '../texts';
import { PaymentReceipts } from './receipts/PaymentReceipts';

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

/** The bank's details; its main action leads to the portal's own upload (`onUpload`), WhatsApp only to questions. */
export function BankCard({ onUpload }: { onUpload?: () => void }) {
  const { data: settings, error } = useSettings();
  const { data: statement } = useMyStatement();
  const retryFailed = useRetryFailed();
  if (!settings)
    return error ? (
      <LoadFailed onRetry={retryFailed}>
        {texts.loadFailed} {errorMessage(error)}
      </LoadFailed>
    ) : (
      <Skeleton height="9rem" />
    );
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
        {onUpload && (
          <div className="parent-bank__upload">
            <p>{t.uploadLead}</p>
            <Button onClick={onUpload}>
              <Upload size={18} aria-hidden="true" />
              {t.upload}
            </Button>
          </div>
        )}
        <p className="parent-bank__questions">
          <MessageCircle size={18} aria-hidden="true" className="parent-inline-icon" />{' '}
          <a href={whatsAppUrl(bank.receiptsPhone, t.questionsMessage)} target="_blank" rel="noopener noreferrer">
            {t.questions}
          </a>
        </p>
      </CardContent>
    </Card>
  );
}

/** Pagado green, Parcial amber, Pendiente neutral, or red once its date has passed unpaid. */
export function stateBadge(line: StatementLine): 'success' | 'warning' | 'danger' | 'outline' {
  if (line.state === 'pagado') return 'success';
  if (line.state === 'parcial') return 'warning';
  return line.due && (line.expected ?? 0) > 0 ? 'danger' : 'outline';
}

export function PaymentItem({
  payment,
  status,
  proofs,
  pending,
  onChange,
  line = null,
  uploadRequest = 0,
}: {
  payment: PaymentDate;
  /** null: never answered, so no option is selected (decisions item 17). */
  status: PaymentStatus | null;
  proofs: Receipt[];
  pending: boolean;
  onChange: (status: PaymentStatus) => void;
  /** The payment in the family's statement (from the ledger), null while it loads. */
  line?: StatementLine | null;
  /** Bumped when the bank card's 'Subir comprobante' chose this payment: its upload opens. */
  uploadRequest?: number;
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
        {line && (
          <>
            {line.expected !== null && <p className="parent-payment__owed">{t.owed(formatQuetzales(line.expected))}</p>}
            <p className="parent-payment__state">
              <span className="ui-visually-hidden">{t.stateLabel}: </span>
              <Badge variant={stateBadge(line)}>{formatPaymentState(line)}</Badge>
              {line.state === 'parcial' && line.balance !== null && <span> · {t.balance(formatQuetzales(line.balance))}</span>}
              {line.state !== 'pagado' && line.due && (line.expected ?? 0) > 0 && (
                <span className="parent-payment__overdue"> · {t.overdue}</span>
              )}
            </p>
          </>
        )}
        {status === 'ya_pague' && line?.state !== 'pagado' && <p className="parent-payment__declared">{t.declaredPaid}</p>}
        <PaymentReceipts paymentNumber={payment.id} proofs={proofs} paid={line?.state === 'pagado'} openRequest={uploadRequest} />
      </div>
      <fieldset className="parent-payment__options" disabled={pending}>
        <legend className="parent-payment__legend">
          <span className="ui-visually-hidden">{t.statusLabel(payment.title)}: </span>
          {t.declaredLabel}
        </legend>
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

/** The family's money from the ledger: what is owed now, any credit, and every movement (corrections included). */
export function AccountCard({ statement }: { statement: Statement }) {
  const { totals, entries } = statement;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.accountTitle}</CardTitle>
        <CardDescription>{t.accountText}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="parent-account">
          <p className="parent-account__due">{totals.dueBalance > 0 ? t.dueNow(formatQuetzales(totals.dueBalance)) : t.nothingDue}</p>
          <p className="parent-muted">{t.received(formatQuetzales(totals.received))}</p>
          {totals.credit > 0 && (
            <p className="parent-account__credit">
              <strong>{t.credit(formatQuetzales(totals.credit))}</strong> <span className="parent-muted">{t.creditText}</span>
            </p>
          )}
        </div>
        <h3 className="parent-card-title parent-account__title">{t.movementsTitle}</h3>
        {entries.length === 0 ? (
          <p className="parent-muted">{t.noMovements}</p>
        ) : (
          <ul className="parent-movements">
            {entries.map((entry) => {
              const original = entry.reverses === null ? undefined : byId.get(entry.reverses);
              const source = formatLedgerSource(original ?? entry);
              return (
                <li key={entry.id} className={entry.reversal ? 'parent-movement parent-movement--reversed' : 'parent-movement'}>
                  <span className="parent-movement__what">
                    {entry.kind === 'reversion' ? t.reversal(source) : source}
                    {entry.kind === 'credito' && entry.documentNumber && (
                      <span className="parent-muted"> · {t.document(entry.documentNumber)}</span>
                    )}
                  </span>
                  <span className="parent-movement__amount">
                    {entry.reversal ? <s>{formatLedgerAmount(entry.amount)}</s> : formatLedgerAmount(entry.amount)}
                  </span>
                  <span className="parent-muted parent-movement__date">
                    {entry.depositDate && entry.kind === 'credito'
                      ? formatDayNumeric(entry.depositDate)
                      : formatDateNumeric(entry.createdAt)}
                  </span>
                  {entry.reversal && <span className="parent-movement__reason">{t.reversed(entry.reversal.reason)}</span>}
                  {entry.kind === 'reversion' && entry.reason && (
                    <span className="parent-movement__reason">{t.reversalReason(entry.reason)}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export default function PaymentsSection() {
  const { data: payments, error: paymentsError } = usePaymentDates();
  const { data: confirmations, error: confirmationsError } = useMyPaymentConfirmations();
  const { data: proofs } = useMyReceipts(true);
  const { data: statement } = useMyStatement();
  const retryFailed = useRetryFailed();
  const save = useSaveMyPaymentConfirmation(parentToasts({ success: texts.toasts.payment, failure: texts.toasts.paymentFailed }));
  // The radio shows the parent's choice at once; it falls back to the saved answer if the save fails.
  const [choice, setChoice] = useState<PaymentConfirmation | null>(null);
  const choose = (paymentNumber: PaymentNumber, status: PaymentStatus) => {
    setChoice({ paymentNumber, status });
    void save.run({ paymentNumber, status }).finally(() => setChoice(null));
  };
  const statusOf = new Map(confirmations?.map((item) => [item.paymentNumber, item.status]));
  if (choice) statusOf.set(choice.paymentNumber, choice.status);
  // 'Subir comprobante' on the bank card opens the upload of the oldest payment not yet paid.
  const [upload, setUpload] = useState<{ paymentNumber: PaymentNumber; request: number } | null>(null);
  const unpaid = payments?.find((payment) => statement?.lines.find((line) => line.paymentNumber === payment.id)?.state !== 'pagado');
  return (
    <section className="parent-section">
      <BankCard
        onUpload={unpaid ? () => setUpload((last) => ({ paymentNumber: unpaid.id, request: (last?.request ?? 0) + 1 })) : undefined}
      />
      {statement && <AccountCard statement={statement} />}
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
                  line={statement?.lines.find((line) => line.paymentNumber === payment.id) ?? null}
                  onChange={(status) => choose(payment.id, status)}
                  uploadRequest={upload?.paymentNumber === payment.id ? upload.request : 0}
                />
              ))}
            </ol>
          ) : paymentsError || confirmationsError ? (
            <LoadFailed onRetry={retryFailed}>
              {texts.loadFailed} {errorMessage(paymentsError ?? confirmationsError)}
            </LoadFailed>
          ) : (
            <Skeleton height="12rem" />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
