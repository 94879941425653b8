import { Copy, Landmark, MessageCircle, Upload } from 'lucide-react';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { useSettings } from '@portal/api-client/settings';
import { useMyStatement } from '@portal/api-client/statements';
import { whatsAppUrl } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';
import { paymentTexts } from './payment-texts';

const t = paymentTexts.payments;

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
