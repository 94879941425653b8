import { ArrowLeft, Printer } from 'lucide-react';
import { useMyCreditReceipt } from '@portal/api-client/credit-receipts';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage, isApiError } from '@portal/api-client/request';
import type { CreditReceipt } from '@portal/contracts';
import { formatCreditMethod, formatDateNumeric, formatDateTime, formatDay, formatQuetzales } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Link, useLocation } from '@portal/ui/router';
import { Skeleton } from '@portal/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { texts } from '../../texts';
import { paymentTexts } from '../payment-texts';
import { paidParts } from './paid-parts';

const t = paymentTexts.creditReceipts;

/** The receipt's id from its path (/parent/pagos/recibos/:id); null when the path holds none. */
function receiptIdOf(pathname: string): number | null {
  const match = /\/recibos\/(\d+)\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** One receipt of the family's, as a page to read on the phone or print ('Imprimir'). */
export default function CreditReceiptPage() {
  const id = receiptIdOf(useLocation().pathname);
  const { data: receipt, error } = useMyCreditReceipt(id);
  const retryFailed = useRetryFailed();
  const missing = id === null || (isApiError(error) && error.status === 404);
  return (
    <section className="parent-section">
      <div className="parent-receipt-actions parent-no-print">
        <Link to="/parent/pagos" className="ui-button ui-button--ghost ui-button--md">
          <ArrowLeft size={18} aria-hidden="true" />
          {t.back}
        </Link>
        {receipt && (
          <Button onClick={() => window.print()}>
            <Printer size={18} aria-hidden="true" />
            {t.print}
          </Button>
        )}
      </div>
      {receipt ? (
        <ReceiptSheet receipt={receipt} />
      ) : missing ? (
        <Card>
          <CardContent>
            <p role="alert">{t.notFound}</p>
          </CardContent>
        </Card>
      ) : error ? (
        <LoadFailed onRetry={retryFailed}>
          {texts.loadFailed} {errorMessage(error)}
        </LoadFailed>
      ) : (
        <Skeleton height="24rem" />
      )}
    </section>
  );
}

function ReceiptSheet({ receipt }: { receipt: CreditReceipt }) {
  const how = receipt.source === 'efectivo' ? `${t.sources.efectivo} · ${formatCreditMethod(receipt.method)}` : t.sources[receipt.source];
  const parts = paidParts(receipt);
  return (
    <Card className="parent-receipt">
      <CardContent>
        <header className="parent-receipt__header">
          <p className="parent-muted">
            {t.heading} · {t.classOf(receipt.number.split('-')[0]!)}
          </p>
          <h2 className="parent-receipt__title">{t.number(receipt.number)}</h2>
          {receipt.annulledAt && (
            <div className="parent-receipt__annulled">
              <Badge variant="danger">{t.annulled}</Badge>
              <p>{t.annulledText(formatDateNumeric(receipt.annulledAt))}</p>
            </div>
          )}
        </header>
        <dl className="parent-receipt__fields">
          <dt>{t.family}</dt>
          <dd>{receipt.graduateName}</dd>
          <dt>{t.contact}</dt>
          <dd>{receipt.contactName}</dd>
          <dt>{t.amount}</dt>
          <dd className="parent-receipt__amount">
            {receipt.annulledAt ? <s>{formatQuetzales(receipt.amount)}</s> : formatQuetzales(receipt.amount)}
          </dd>
          <dt>{t.date}</dt>
          <dd>{formatDay(receipt.date)}</dd>
          <dt>{t.how}</dt>
          <dd>{how}</dd>
          {receipt.documentNumber && (
            <>
              <dt>{t.document}</dt>
              <dd>{receipt.documentNumber}</dd>
            </>
          )}
          <dt>{t.account}</dt>
          <dd>
            {receipt.account
              ? t.accountValue(receipt.account.bankName, receipt.account.accountNumber, receipt.account.accountHolder)
              : t.cash}
          </dd>
          <dt>{t.recordedBy}</dt>
          <dd>{t.recordedValue(receipt.recordedBy, formatDateTime(receipt.recordedAt))}</dd>
        </dl>
        <h3 className="parent-card-title">{t.paidTitle}</h3>
        {parts.length === 0 ? (
          <p className="parent-muted">{t.paidNothing}</p>
        ) : (
          <Table>
            <TableHead>
              <TableRow>
                <TableHeader>{t.payment}</TableHeader>
                <TableHeader className="parent-receipt__money">{t.paidAmount}</TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {parts.map((part) => (
                <TableRow key={part.key}>
                  <TableCell>{part.what}</TableCell>
                  <TableCell className="parent-receipt__money">{part.amount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
