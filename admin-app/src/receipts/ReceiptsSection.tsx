import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FAMILY_MESSAGE_MAX, PAYMENT_NUMBERS, PAYMENT_TITLES, RECEIPT_STATES, type ReviewQueueItem } from '@portal/contracts';
import { receiptFileUrl, reviewQueueKey, useRejectReceipt, useReviewQueue, useVerifyReceipt } from '@portal/api-client/receipts';
import { useRefresh } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { formatDay, formatDayNumeric, formatQuetzales, QUETZALES_PATTERN } from '@portal/format';
import { typedQuetzales } from '../common/numbers';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { Skeleton } from '@portal/ui/skeleton';
import { toast } from '@portal/ui/toast';
import { ReverseCreditDialog } from '../common/ReasonDialog';
import { texts } from '../texts';
import { ReceiptViewer } from './ReceiptViewer';

const t = texts.receipts;

/** The receipt itself: an image to turn and enlarge (or open full size in a new tab); a PDF only by link (it is sandboxed). */
function ReceiptView({ item }: { item: ReviewQueueItem }) {
  if (item.contentType === 'application/pdf')
    return (
      <a className="admin-receipt__pdf" href={receiptFileUrl(item.id)} target="_blank" rel="noreferrer">
        {t.openPdf}
      </a>
    );
  return (
    <ReceiptViewer src={receiptFileUrl(item.id)} href={receiptFileUrl(item.id)} alt={t.imageAlt(item.graduateName, item.paymentNumber)} />
  );
}

/** The amount 'Verificar' starts from: what the family still owes for the payment, else what it declared. */
function prefilled(item: ReviewQueueItem): string {
  const amount = item.stillOwed || item.amountDeclared;
  return amount ? String(amount) : '';
}

function Decision({ item, onDecided }: { item: ReviewQueueItem; onDecided: (decided: boolean) => Promise<void> }) {
  const verifyReceipt = useVerifyReceipt();
  const rejectReceipt = useRejectReceipt();
  const [amount, setAmount] = useState(prefilled(item));
  // What the slip says, starting from what the family typed: the committee corrects it when it reads otherwise.
  const [documentNumber, setDocumentNumber] = useState(item.documentNumber ?? '');
  const [depositDate, setDepositDate] = useState(item.depositDate ?? '');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setAmount(prefilled(item));
    setDocumentNumber(item.documentNumber ?? '');
    setDepositDate(item.depositDate ?? '');
    setReason('');
    setMessage('');
    setError(null);
  }, [item]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = { v: amountRef, r: reasonRef }[event.key.toLowerCase()];
      if (!target) return;
      event.preventDefault();
      target.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  async function decide(call: () => Promise<unknown>) {
    setPending(true);
    try {
      await call();
      toast(t.decided);
      await onDecided(true);
    } catch (failure) {
      setError(errorMessage(failure));
      toast({ title: t.failed, description: errorMessage(failure), variant: 'destructive' });
      await onDecided(false);
    } finally {
      setPending(false);
    }
  }

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const amountReceived = typedQuetzales(amount);
    if (amountReceived === null || !(amountReceived > 0)) return setError(t.amountRequired);
    // Only what the committee corrected is sent; the family's values stay on the receipt either way.
    const document = documentNumber.trim();
    const corrected = {
      ...(document !== '' && document !== (item.documentNumber ?? '') && { documentNumber: document }),
      ...(depositDate !== '' && depositDate !== (item.depositDate ?? '') && { depositDate }),
    };
    void decide(() => verifyReceipt.run({ id: item.id, amountReceived, ...corrected }));
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t.reasonRequired);
    void decide(() => rejectReceipt.run({ id: item.id, reason: reason.trim(), messageToFamily: message.trim() || undefined }));
  };

  return (
    <div className="admin-receipt__decision">
      <form onSubmit={verify} className="admin-receipt__form">
        <Field id="receipt-amount" label={t.amountReceived}>
          <Input
            id="receipt-amount"
            ref={amountRef}
            inputMode="decimal"
            pattern={QUETZALES_PATTERN}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <Field id="receipt-document" label={t.documentRead}>
          <Input id="receipt-document" maxLength={40} value={documentNumber} onChange={(event) => setDocumentNumber(event.target.value)} />
        </Field>
        <Field id="receipt-day" label={t.dayRead}>
          <Input id="receipt-day" type="date" value={depositDate} onChange={(event) => setDepositDate(event.target.value)} />
        </Field>
        <Button type="submit" pending={pending}>
          {t.verify}
        </Button>
      </form>
      <form onSubmit={reject} className="admin-receipt__form">
        <Field id="receipt-reason" label={t.reason}>
          <Input id="receipt-reason" ref={reasonRef} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <Field id="receipt-message" label={t.familyMessage} hint={t.familyMessageHint}>
          <Input id="receipt-message" maxLength={FAMILY_MESSAGE_MAX} value={message} onChange={(event) => setMessage(event.target.value)} />
        </Field>
        <Button type="submit" variant="destructive" pending={pending}>
          {t.reject}
        </Button>
      </form>
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export default function ReceiptsSection() {
  const [state, setState] = useState<string>('en_revision');
  const [payment, setPayment] = useState('');
  const { data: queue } = useReviewQueue(state, payment);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [reversing, setReversing] = useState<ReviewQueueItem | null>(null);
  const refresh = useRefresh();
  const index = Math.max(0, queue?.findIndex((item) => item.id === selectedId) ?? 0);
  const current = queue?.[index];
  const indexRef = useRef(index);
  indexRef.current = index;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!queue || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
      const step = event.key === 'j' || event.key === 'J' ? 1 : event.key === 'k' || event.key === 'K' ? -1 : 0;
      if (!step) return;
      const next = queue[Math.min(queue.length - 1, Math.max(0, indexRef.current + step))];
      if (next) setSelectedId(next.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [queue]);

  // After a decision the same position holds the next receipt (the decided one leaves the queue,
  // which the decision's hook asked for again); after a refusal the queue is asked for again too
  // (another admin may have decided it meanwhile).
  const onDecided = async (decided: boolean) => {
    const following = queue?.[index + 1];
    if (!decided) await refresh(reviewQueueKey(state, payment));
    setSelectedId(following?.id ?? null);
  };

  return (
    <section className="admin-receipts">
      <div className="admin-receipts__filters">
        <label>
          {t.stateFilter}{' '}
          <select value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">{t.allStates}</option>
            {RECEIPT_STATES.map((value) => (
              <option key={value} value={value}>
                {t.states[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.paymentFilter}{' '}
          <select value={payment} onChange={(event) => setPayment(event.target.value)}>
            <option value="">{t.allPayments}</option>
            {PAYMENT_NUMBERS.map((number) => (
              <option key={number} value={number}>
                {t.payment(number)}
              </option>
            ))}
          </select>
        </label>
        <p className="admin-muted">{t.shortcuts}</p>
      </div>
      {!queue ? (
        <Skeleton height="16rem" />
      ) : queue.length === 0 || !current ? (
        <p>{t.empty}</p>
      ) : (
        <div className="admin-receipts__layout">
          <ol className="admin-receipts__queue">
            {queue.map((item) => (
              <li key={item.id}>
                <button type="button" aria-current={item.id === current.id} onClick={() => setSelectedId(item.id)}>
                  {item.hasThumbnail ? (
                    <img src={receiptFileUrl(item.id, 'thumbnail')} alt="" width={40} height={40} loading="lazy" />
                  ) : (
                    'PDF'
                  )}
                  <span>
                    {item.graduateName} · {t.pays(item.paysFor)}
                    {(item.duplicateOf !== null || item.warnings.length > 0) && (
                      <span className="admin-receipts__flag" title={t.hasWarnings}>
                        {' '}
                        ⚠<span className="ui-visually-hidden">{t.hasWarnings}</span>
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          <Card>
            <CardContent>
              <div className="admin-receipt">
                <ReceiptView item={current} />
                <div>
                  <h3>
                    {current.graduateName} · {t.pays(current.paysFor)} <Badge>{t.states[current.state]}</Badge>
                    <span className="admin-muted"> {t.number(current.id)}</span>
                    {current.duplicateOf !== null && (
                      <>
                        {' '}
                        <Badge variant="warning">{t.duplicate(current.duplicateOf)}</Badge>
                      </>
                    )}
                  </h3>
                  <p>{current.contactName}</p>
                  <p className="admin-receipt__pays">{t.familySays(current.paysFor.map((number) => PAYMENT_TITLES[number]))}</p>
                  {current.warnings.length > 0 && (
                    <ul className="admin-receipt__warnings" aria-label={t.warningsLabel}>
                      {current.warnings.map((warning) => (
                        <li key={warning}>{warning}</li>
                      ))}
                    </ul>
                  )}
                  {current.expected !== null && (
                    <p>{t.expected(formatQuetzales(current.expected), formatQuetzales(current.stillOwed ?? 0))}</p>
                  )}
                  <p>{t.declared(current.amountDeclared ? formatQuetzales(current.amountDeclared) : null)}</p>
                  {current.depositDate && <p>{t.deposit(formatDay(current.depositDate))}</p>}
                  {current.documentNumber && <p>{t.document(current.documentNumber)}</p>}
                  {current.review ? (
                    <>
                      <p>
                        {t.reviewed(
                          current.review.reviewedBy,
                          current.review.amountReceived ? formatQuetzales(current.review.amountReceived) : null,
                          current.review.reason,
                        )}
                      </p>
                      {current.review.familyMessage && <p>{t.toFamily(current.review.familyMessage)}</p>}
                      {(current.review.documentNumber || current.review.depositDate) && (
                        <p>
                          {t.corrected(
                            current.review.documentNumber ?? null,
                            current.review.depositDate ? formatDayNumeric(current.review.depositDate) : null,
                          )}
                        </p>
                      )}
                      {current.state === 'verificado' && current.creditId !== null && (
                        <Button variant="outline" onClick={() => setReversing(current)}>
                          {t.reverse}
                        </Button>
                      )}
                    </>
                  ) : (
                    <Decision item={current} onDecided={onDecided} />
                  )}
                </div>
              </div>
            </CardContent>
          </Card>
        </div>
      )}
      {reversing?.creditId != null && (
        <ReverseCreditDialog
          entryId={reversing.creditId}
          familyId={reversing.familyId}
          fromReceipt
          title={t.reverseTitle(reversing.id)}
          description={t.reverseText(reversing.graduateName, formatQuetzales(reversing.review?.amountReceived ?? 0))}
          onClose={() => setReversing(null)}
        />
      )}
    </section>
  );
}
