import { ReceiptText } from 'lucide-react';
import { useMyCreditReceipts } from '@portal/api-client/credit-receipts';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import type { CreditReceipt } from '@portal/contracts';
import { formatDayNumeric, formatQuetzales } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Link } from '@portal/ui/router';
import { Skeleton } from '@portal/ui/skeleton';
import { texts } from '../../texts';
import { paymentTexts } from '../payment-texts';
import { paidParts } from './paid-parts';

const t = paymentTexts.creditReceipts;

/** Where a receipt opens: a page of its own inside 'Pagos', to read or print. */
export const creditReceiptPath = (id: number) => `/parent/pagos/recibos/${id}`;

/** 'Mis recibos': the receipt of every credit to the family, newest first, each opened as its own page. */
export function CreditReceiptList() {
  const { data: receipts, error } = useMyCreditReceipts();
  const retryFailed = useRetryFailed();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <ReceiptText size={20} aria-hidden="true" className="parent-inline-icon" /> {t.title}
        </CardTitle>
        <CardDescription>{t.text}</CardDescription>
      </CardHeader>
      <CardContent>
        {receipts ? (
          receipts.length === 0 ? (
            <p className="parent-muted">{t.none}</p>
          ) : (
            <ul className="parent-credit-receipts">
              {receipts.map((receipt) => (
                <CreditReceiptItem key={receipt.id} receipt={receipt} />
              ))}
            </ul>
          )
        ) : error ? (
          <LoadFailed onRetry={retryFailed}>
            {texts.loadFailed} {errorMessage(error)}
          </LoadFailed>
        ) : (
          <Skeleton height="6rem" />
        )}
      </CardContent>
    </Card>
  );
}

function CreditReceiptItem({ receipt }: { receipt: CreditReceipt }) {
  const annulled = receipt.annulledAt !== null;
  return (
    <li className={annulled ? 'parent-credit-receipt parent-credit-receipt--annulled' : 'parent-credit-receipt'}>
      <div className="parent-credit-receipt__head">
        <strong>{t.number(receipt.number)}</strong>
        {annulled && <Badge variant="danger">{t.annulled}</Badge>}
      </div>
      <div className="parent-credit-receipt__money">
        <span className="parent-credit-receipt__amount">
          {annulled ? <s>{formatQuetzales(receipt.amount)}</s> : formatQuetzales(receipt.amount)}
        </span>
        <span className="parent-muted">{formatDayNumeric(receipt.date)}</span>
      </div>
      <p className="parent-muted parent-credit-receipt__paid">
        {receipt.paid.length === 0
          ? t.paidNothing
          : paidParts(receipt)
              .map((part) => `${part.what} ${part.amount}`)
              .join(' · ')}
      </p>
      <Link
        to={creditReceiptPath(receipt.id)}
        className="ui-button ui-button--outline ui-button--sm"
        aria-label={t.openLabel(receipt.number)}
      >
        {t.open}
      </Link>
    </li>
  );
}
