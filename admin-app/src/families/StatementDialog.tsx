import { useState, type FormEvent } from 'react';
import { FAMILY_MESSAGE_MAX, PAYMENT_TITLES, type Family, type LedgerEntry } from '@portal/contracts';
import { useRemovePaymentOverride, useSetPaymentOverride, useStatement } from '@portal/api-client/statements';
import { formatLedgerSource, formatQuetzales } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { QueryState } from '../common/QueryState';
import { ReasonDialog, ReverseCreditDialog } from '../common/ReasonDialog';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';
import { CashForm, firstUnpaid, PaymentSelect } from './CashForm';
import { LedgerEntries } from './LedgerEntries';
import { StatementTable } from './StatementTable';

const t = texts.families.statement;

const EMPTY_OVERRIDE = { payment: '1', amount: '', reason: '', message: '' };

/** A family's account statement: its ledger with reversals, money received by hand and the family's own amounts. */
export function StatementDialog({ family, onClose }: { family: Family; onClose: () => void }) {
  const { data: statement, isLoading, error } = useStatement(family.id);
  const [override, setOverride] = useState(EMPTY_OVERRIDE);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const saveOverride = useSetPaymentOverride(
    adminToasts({ success: t.overrideSaved, failure: t.failed, onSuccess: () => setOverride(EMPTY_OVERRIDE) }),
  );
  const removeOverride = useRemovePaymentOverride(adminToasts({ success: t.overrideRemoved, failure: t.failed }));

  function submitOverride(event: FormEvent) {
    event.preventDefault();
    void saveOverride.run({
      familyId: family.id,
      paymentNumber: Number(override.payment),
      amountQuetzales: typedQuetzales(override.amount) ?? 0,
      reason: override.reason,
      ...(override.message.trim() ? { messageToFamily: override.message.trim() } : {}),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.title(family.graduateName)} description={t.description} size="wide">
      <QueryState isLoading={isLoading} error={error}>
        {statement && <p className="admin-muted">{t.reference(statement.paymentReference)}</p>}
        {statement && <StatementTable statement={statement} onRemoveOverride={setRemoving} />}
        {statement && (
          <section className="admin-statement__form" aria-labelledby="statement-entries">
            <h3 id="statement-entries" className="admin-strong">
              {t.entriesTitle}
            </h3>
            <LedgerEntries entries={statement.entries} onReverse={setReversing} />
          </section>
        )}
      </QueryState>
      {/* Shown once the statement is read (it proposes the first unpaid payment): a form shown
          before and replaced then would drop what the treasurer had typed on a slow line. */}
      {statement && (
        <section className="admin-statement__form" aria-labelledby="statement-cash">
          <h3 id="statement-cash" className="admin-strong">
            {t.cashTitle}
          </h3>
          <CashForm
            familyId={family.id}
            idPrefix="statement-cash"
            initialPayment={String(firstUnpaid(statement))}
            ariaLabel={t.cashTitle}
          />
        </section>
      )}
      <form className="admin-form admin-statement__form" onSubmit={submitOverride} aria-labelledby="statement-override">
        <h3 id="statement-override" className="admin-strong">
          {t.overrideTitle}
        </h3>
        <div className="admin-form__pair">
          <PaymentSelect
            id="statement-override-payment"
            value={override.payment}
            onChange={(payment) => setOverride({ ...override, payment })}
          />
          <QuetzalesField
            id="statement-override-amount"
            label={t.amount}
            required
            value={override.amount}
            onChange={(amount) => setOverride({ ...override, amount })}
          />
        </div>
        <Field id="statement-override-reason" label={t.overrideReason}>
          <Input
            id="statement-override-reason"
            maxLength={300}
            required
            value={override.reason}
            onChange={(event) => setOverride({ ...override, reason: event.target.value })}
          />
        </Field>
        <Field id="statement-override-message" label={t.overrideMessage} hint={t.overrideMessageHint}>
          <Input
            id="statement-override-message"
            maxLength={FAMILY_MESSAGE_MAX}
            value={override.message}
            onChange={(event) => setOverride({ ...override, message: event.target.value })}
          />
        </Field>
        <Button
          type="submit"
          variant="outline"
          disabled={override.amount.trim() === '' || override.reason.trim() === ''}
          pending={saveOverride.isPending}
        >
          {t.overrideSave}
        </Button>
      </form>
      {reversing && (
        <ReverseCreditDialog
          entryId={reversing.id}
          familyId={reversing.familyId}
          fromReceipt={reversing.receiptId !== null}
          description={texts.reversal.text(formatLedgerSource(reversing), formatQuetzales(reversing.amount))}
          onClose={() => setReversing(null)}
        />
      )}
      {removing !== null && (
        <ReasonDialog
          title={t.removeOverrideTitle(PAYMENT_TITLES[removing as keyof typeof PAYMENT_TITLES])}
          description={t.removeOverrideText}
          confirmLabel={t.removeOverrideAction}
          pending={removeOverride.isPending}
          onClose={() => setRemoving(null)}
          onSubmit={async ({ reason }) =>
            (await removeOverride.run({ familyId: family.id, paymentNumber: removing, reason })) !== undefined
          }
        />
      )}
    </Dialog>
  );
}
