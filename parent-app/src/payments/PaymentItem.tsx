import { PAYMENT_STATUSES, type FamilyReceipt, type FamilyStatementLine, type PaymentDate, type PaymentStatus } from '@portal/contracts';
import { formatDay, formatPaymentState, formatQuetzales } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { paymentTexts } from './payment-texts';
import { PaymentReceipts, type PaymentChoice } from './receipts/PaymentReceipts';

const t = paymentTexts.payments;

/** Pagado green, Parcial amber, Pendiente neutral, or red once its date has passed unpaid. */
export function stateBadge(line: FamilyStatementLine): 'success' | 'warning' | 'danger' | 'outline' {
  if (line.state === 'pagado') return 'success';
  if (line.state === 'parcial') return 'warning';
  return line.due && (line.expected ?? 0) > 0 ? 'danger' : 'outline';
}

export function PaymentItem({
  payment,
  status,
  receipts,
  pending,
  onChange,
  line = null,
  uploadRequest = 0,
  choices,
  readOnlyNote = null,
}: {
  payment: PaymentDate;
  /** null: never answered, so no option is selected (decisions item 17). */
  status: PaymentStatus | null;
  receipts: FamilyReceipt[];
  pending: boolean;
  onChange: (status: PaymentStatus) => void;
  /** The payment in the family's statement (from the ledger), null while it loads. */
  line?: FamilyStatementLine | null;
  /** Bumped when the bank card's 'Subir comprobante' chose this payment: its upload opens. */
  uploadRequest?: number;
  /** The payments the family may say a deposit pays (its upload asks). */
  choices?: PaymentChoice[];
  /** The class is closed: the answer and the receipts are shown, nothing is asked (useClosedClassNote). */
  readOnlyNote?: string | null;
}) {
  const unpriced = line ? line.expected === null : payment.amountQuetzales === null;
  return (
    <li className="parent-payment">
      <div className="parent-payment__info">
        <h3 className="parent-card-title">{payment.title}</h3>
        <p className="parent-payment__date">{formatDay(payment.date)}</p>
        <p>{payment.description}</p>
        {/* Without an amount the committee's text is not shown: it could name one the payment does not have yet. */}
        {unpriced ? (
          <p className="parent-payment__owed">{t.noAmount}</p>
        ) : (
          <p className="parent-muted">
            {t.amount}: {payment.amount}
          </p>
        )}
        {line && (
          <>
            {line.expected !== null && <p className="parent-payment__owed">{t.owed(formatQuetzales(line.expected))}</p>}
            {line.amountMessage && <p className="parent-muted">{t.amountMessage(line.amountMessage)}</p>}
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
        <PaymentReceipts
          paymentNumber={payment.id}
          receipts={receipts}
          choices={choices}
          paid={line?.state === 'pagado'}
          openRequest={uploadRequest}
          readOnly={readOnlyNote !== null}
        />
      </div>
      <fieldset className="parent-payment__options" disabled={pending || readOnlyNote !== null}>
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
