import { useId, useState, type FormEvent } from 'react';
import { REVERSAL_REASON_MAX, type ReverseCreditInput } from '@portal/contracts';
import { useReverseLedgerEntry } from '@portal/api-client/statements';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Field } from '@portal/ui/label';
import { adminToasts } from './admin-toasts';
import { texts } from '../texts';

const t = texts.reversal;

/**
 * A correction asks why (decisions item 20): reversing a credit or an expense, removing a family's
 * own amount. Where families hear of it, the reason stays internal and a message to them is asked
 * apart (decisions item 25).
 * For a receipt's credit it also asks what becomes of the receipt. `onSubmit` resolves to whether
 * the change was made; the dialog stays open (with what was typed) when it was not.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  receiptChoice = false,
  familyMessage = false,
  messageHint = t.familyMessageHint,
  pending = false,
  onClose,
  onSubmit,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  /** The credit is a verified receipt's: 'Volver a revisión' or 'Rechazar el comprobante'. */
  receiptChoice?: boolean;
  /** A decision families hear about: the reason stays internal, and an optional message is what the family reads. */
  familyMessage?: boolean;
  /** Where the family reads the message (a credit's reversal: its e-mail). */
  messageHint?: string;
  pending?: boolean;
  onClose: () => void;
  onSubmit: (input: ReverseCreditInput) => Promise<boolean>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [receipt, setReceipt] = useState<'en_revision' | 'rechazado'>('en_revision');
  const [message, setMessage] = useState('');
  const tooLong = reason.length > REVERSAL_REASON_MAX;
  const messageTooLong = message.length > REVERSAL_REASON_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '' || tooLong || messageTooLong) return;
    const input: ReverseCreditInput = {
      reason: reason.trim(),
      ...(receiptChoice ? { receipt } : {}),
      ...(familyMessage && message.trim() ? { messageToFamily: message.trim() } : {}),
    };
    if (await onSubmit(input)) onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <Field
          id={`${id}-reason`}
          label={familyMessage ? t.internalReason : t.reason}
          hint={t.counter(reason.length, REVERSAL_REASON_MAX)}
          error={tooLong ? t.tooLong(REVERSAL_REASON_MAX) : undefined}
        >
          <textarea
            id={`${id}-reason`}
            className="ui-input ui-textarea"
            rows={3}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        {familyMessage && (
          <Field
            id={`${id}-message`}
            label={t.familyMessage}
            hint={messageHint}
            error={messageTooLong ? t.familyMessageTooLong(REVERSAL_REASON_MAX) : undefined}
          >
            <textarea
              id={`${id}-message`}
              className="ui-input ui-textarea"
              rows={3}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </Field>
        )}
        {receiptChoice && (
          <fieldset className="admin-form__answer">
            <legend>{t.receipt}</legend>
            {(['en_revision', 'rechazado'] as const).map((choice) => (
              <label key={choice} className="ui-checkbox">
                <input type="radio" name={`${id}-receipt`} checked={receipt === choice} onChange={() => setReceipt(choice)} />
                {t.receiptChoices[choice]}
              </label>
            ))}
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" variant="destructive" disabled={reason.trim() === '' || tooLong || messageTooLong} pending={pending}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** Reverses a standing credit by a counter-entry, with its reason (a receipt's credit also asks what becomes of the receipt). */
export function ReverseCreditDialog({
  entryId,
  familyId,
  fromReceipt,
  description,
  title = t.title,
  onClose,
  onReversed,
}: {
  entryId: number;
  familyId: number;
  fromReceipt: boolean;
  description: string;
  title?: string;
  onClose: () => void;
  /** After the credit is reversed (the screen reads again what it shows). */
  onReversed?: () => void;
}) {
  const reverse = useReverseLedgerEntry(adminToasts({ success: t.done, failure: t.failed, onSuccess: () => onReversed?.() }));
  return (
    <ReasonDialog
      title={title}
      description={description}
      confirmLabel={t.action}
      receiptChoice={fromReceipt}
      familyMessage
      pending={reverse.isPending}
      onClose={onClose}
      onSubmit={async (input) => (await reverse.run({ ...input, entryId, familyId })) !== undefined}
    />
  );
}
