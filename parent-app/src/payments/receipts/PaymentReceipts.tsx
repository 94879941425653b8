import imageCompression from 'browser-image-compression';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_TITLES, PAYS_FOR_CREDIT, type FamilyReceipt, type PaymentNumber } from '@portal/contracts';
import { receiptFileUrl, useDeleteReceipt, useUploadReceipt } from '@portal/api-client/receipts';
import { errorMessage } from '@portal/api-client/request';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { formatDayNumeric, formatQuetzales, QUETZALES_PATTERN } from '@portal/format';
import { paymentTexts } from '../payment-texts';

const t = paymentTexts.receipts;
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i;
const ACCEPT = ACCEPTED_TYPES.join(',');

/** A type the API takes; a file the phone gives no type is judged by its name. */
export const acceptedReceipt = (file: File) => (file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name));

/** Each receipt's own review: evidence the committee looks at, not the payment's state (that comes from the ledger). */
const BADGE = { en_revision: 'info', verificado: 'success', rechazado: 'danger' } as const;

/** Photos go up small: long side 1600 px, JPEG, about 300 KB, whatever the camera made. */
async function shrink(file: File, onProgress: (percent: number) => void): Promise<{ blob: Blob; name: string }> {
  if (file.type === 'application/pdf') return { blob: file, name: file.name };
  const blob = await imageCompression(file, {
    maxWidthOrHeight: 1600,
    maxSizeMB: 0.35,
    fileType: 'image/jpeg',
    initialQuality: 0.8,
    // On the page, not in a worker: the portal's CSP allows no blob: workers.
    useWebWorker: false,
    onProgress,
  });
  return { blob, name: 'comprobante.jpg' };
}

/** What the family typed with a receipt: 'Q2,950 · 20/11/2026 · Doc. 88812345' (each only when given). */
export function declared(receipt: FamilyReceipt): string[] {
  return [
    receipt.amountDeclared !== null ? formatQuetzales(receipt.amountDeclared) : null,
    receipt.depositDate ? formatDayNumeric(receipt.depositDate) : null,
    receipt.documentNumber ? t.documentShort(receipt.documentNumber) : null,
  ].filter((part): part is string => part !== null);
}

/** A payment the family may say a deposit pays: its title and what it still owes (quetzales; null: not known). */
export interface PaymentChoice {
  paymentNumber: PaymentNumber;
  title: string;
  balance: number | null;
}

/** What the deposit pays, as the form holds it: payments, or 'Saldo a favor'. */
type Chosen = PaymentNumber[] | typeof PAYS_FOR_CREDIT;

export function PaymentReceipts({
  paymentNumber,
  receipts,
  choices,
  paid = false,
  openRequest = 0,
  readOnly = false,
}: {
  paymentNumber: PaymentNumber;
  receipts: FamilyReceipt[];
  /**
   * The payments the family may say the deposit pays (the unpaid ones, oldest first); this payment
   * is chosen when the form opens. Left out: this payment alone.
   */
  choices?: PaymentChoice[];
  /** The payment is paid in full (from the ledger): no more receipts are asked for. */
  paid?: boolean;
  /** Each new value opens the upload and brings it into view (the bank card's 'Subir comprobante'). */
  openRequest?: number;
  /** The class is closed: its receipts are shown, none sent or deleted. */
  readOnly?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (openRequest > 0) setOpen(true);
  }, [openRequest]);
  useEffect(() => {
    if (openRequest > 0 && open && form.current) {
      form.current.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      form.current.querySelector<HTMLInputElement>('input[type="file"]')?.focus({ preventScroll: true });
    }
  }, [openRequest, open]);
  const [progress, setProgress] = useState<{ step: 'compress' | 'upload'; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = choices?.some((choice) => choice.paymentNumber === paymentNumber)
    ? choices
    : [{ paymentNumber, title: PAYMENT_TITLES[paymentNumber], balance: null }, ...(choices ?? [])];
  // This payment is chosen whenever the form opens (from the bank card: the oldest not yet paid).
  const [chosen, setChosen] = useState<Chosen>([paymentNumber]);
  useEffect(() => {
    if (open) setChosen([paymentNumber]);
  }, [open, paymentNumber]);
  const toggle = (number: PaymentNumber, on: boolean) =>
    setChosen((last) => {
      const named = last === PAYS_FOR_CREDIT ? [] : last.filter((item) => item !== number);
      // Oldest first, as listed: the money pays them in this order.
      return on ? options.map((option) => option.paymentNumber).filter((item) => item === number || named.includes(item)) : named;
    });
  const lastRejected = receipts.length > 0 && receipts.every((receipt) => receipt.state === 'rechazado');
  const upload = useUploadReceipt();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // From the input itself: what the family picked, whatever builds the form's data.
    const file = (event.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    if (!(file instanceof File) || file.size === 0) return setError(t.chooseFile);
    if (!acceptedReceipt(file)) return setError(t.wrongType(file.name));
    if (chosen !== PAYS_FOR_CREDIT && chosen.length === 0) return setError(t.paysForMissing);
    setError(null);
    try {
      setProgress({ step: 'compress', percent: 0 });
      let small: { blob: Blob; name: string };
      try {
        small = await shrink(file, (percent) => setProgress({ step: 'compress', percent }));
      } catch {
        // The phone could not decode it (a damaged photo): nothing was sent, the connection is not to blame.
        return setError(t.unreadableImage);
      }
      setProgress({ step: 'upload', percent: 0 });
      await upload.run({
        file: small.blob,
        fileName: small.name,
        // Listed under the first payment it pays; 'Saldo a favor' stays under this one.
        paymentNumber: chosen === PAYS_FOR_CREDIT ? paymentNumber : chosen[0]!,
        paysFor: chosen,
        amountDeclared: String(form.get('amountDeclared') ?? ''),
        depositDate: String(form.get('depositDate') ?? ''),
        documentNumber: String(form.get('documentNumber') ?? ''),
        onProgress: (fraction) => setProgress({ step: 'upload', percent: Math.round(fraction * 100) }),
      });
      setOpen(false);
      toast(t.sent);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  }

  const remove = useDeleteReceipt({
    onError: (failure) => toast({ title: t.deleteFailed, description: errorMessage(failure), variant: 'destructive' }),
  });

  return (
    <div className="parent-receipts">
      {receipts.length > 0 && (
        <ul className="parent-receipts__list">
          {receipts.map((receipt) => (
            <li key={receipt.id}>
              <a href={receiptFileUrl(receipt.id)} target="_blank" rel="noreferrer">
                {receipt.hasThumbnail ? (
                  <img src={receiptFileUrl(receipt.id, 'thumbnail')} alt={t.thumbnailAlt} width={56} height={56} loading="lazy" />
                ) : (
                  t.pdf
                )}
              </a>
              <div className="parent-receipts__item">
                <span className="parent-receipts__title">
                  {/* Each part kept whole: a narrow phone breaks the line only before a '·'. */}
                  {[t.title(receipt.id), ...declared(receipt)].map((part, index) => (
                    <Fragment key={index}>
                      <span className="parent-receipts__part">
                        {index > 0 && '· '}
                        {part}
                      </span>{' '}
                    </Fragment>
                  ))}
                  <span className="parent-receipts__part">
                    · <Badge variant={BADGE[receipt.state]}>{t.states[receipt.state]}</Badge>
                  </span>
                  {receipt.state === 'verificado' && receipt.review?.amountReceived != null && (
                    <span className="parent-muted"> {t.received(formatQuetzales(receipt.review.amountReceived))}</span>
                  )}
                </span>
                <span className="parent-muted">{t.paysFor(receipt.paysFor.map((number) => PAYMENT_TITLES[number]))}</span>
                {receipt.state === 'verificado' && (receipt.review?.documentNumber || receipt.review?.depositDate) && (
                  <span className="parent-muted">
                    {t.committeeRead(
                      [
                        receipt.review.documentNumber ? t.documentShort(receipt.review.documentNumber) : null,
                        receipt.review.depositDate ? formatDayNumeric(receipt.review.depositDate) : null,
                      ]
                        .filter(Boolean)
                        .join(' · '),
                    )}
                  </span>
                )}
                {receipt.state === 'rechazado' && receipt.review?.message && (
                  <span className="parent-receipts__reason">{t.message(receipt.review.message)}</span>
                )}
                {receipt.duplicateOf !== null && <span className="parent-receipts__duplicate">{t.duplicate(receipt.duplicateOf)}</span>}
              </div>
              {receipt.state === 'en_revision' && !readOnly && (
                <Button variant="ghost" size="sm" onClick={() => void remove.run(receipt.id)}>
                  {t.delete}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!paid && !open && !readOnly && (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          {lastRejected ? t.sendAnother : t.upload}
        </Button>
      )}
      {open && !readOnly && (
        <form ref={form} className="parent-receipts__form" onSubmit={(event) => void submit(event)}>
          <Field id={`${id}-file`} label={t.file} hint={t.fileHint}>
            <Input
              id={`${id}-file`}
              name="file"
              type="file"
              accept={ACCEPT}
              required
              onChange={(event) => {
                const picked = event.currentTarget.files?.[0];
                setError(picked && !acceptedReceipt(picked) ? t.wrongType(picked.name) : null);
              }}
            />
          </Field>
          <fieldset className="parent-receipts__pays">
            <legend>{t.paysForLegend}</legend>
            <p className="parent-muted">{t.paysForHint}</p>
            {options.map((option) => (
              <label key={option.paymentNumber} className="parent-check">
                <input
                  type="checkbox"
                  name="paysFor"
                  value={option.paymentNumber}
                  checked={chosen !== PAYS_FOR_CREDIT && chosen.includes(option.paymentNumber)}
                  onChange={(event) => toggle(option.paymentNumber, event.currentTarget.checked)}
                />
                <span>
                  {option.title}
                  {option.balance !== null && <span className="parent-muted"> · {t.paysForOwed(formatQuetzales(option.balance))}</span>}
                </span>
              </label>
            ))}
            <label className="parent-check">
              <input
                type="checkbox"
                name="paysFor"
                value={PAYS_FOR_CREDIT}
                checked={chosen === PAYS_FOR_CREDIT}
                onChange={(event) => setChosen(event.currentTarget.checked ? PAYS_FOR_CREDIT : [])}
              />
              <span>{t.paysForCredit}</span>
            </label>
          </fieldset>
          <Field id={`${id}-amount`} label={t.amount}>
            <Input id={`${id}-amount`} name="amountDeclared" inputMode="decimal" pattern={QUETZALES_PATTERN} />
          </Field>
          <Field id={`${id}-date`} label={t.date}>
            <Input id={`${id}-date`} name="depositDate" type="date" />
          </Field>
          <Field id={`${id}-document`} label={t.document}>
            <Input id={`${id}-document`} name="documentNumber" maxLength={40} />
          </Field>
          {progress && (
            <div className="parent-receipts__progress">
              <progress max={100} value={progress.percent} aria-label={t.progress[progress.step]} />
              <span>
                {t.progress[progress.step]} {progress.percent}%
              </span>
            </div>
          )}
          {error && (
            <p className="ui-field__error" role="alert">
              {error}
            </p>
          )}
          <div className="parent-receipts__actions">
            <Button type="submit" pending={progress !== null}>
              {t.send}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={progress !== null}>
              {t.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
