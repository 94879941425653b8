import { useState, type FormEvent } from 'react';
import { maxGuests, type Family, type FamilyInput } from '@portal/contracts';
import { useStatement } from '@portal/api-client/statements';
import { formatQuetzales } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toCount } from '../common/numbers';
import { texts } from '../texts';
import { CashForm, firstUnpaid } from './CashForm';
import { canSaveFamily, EMPTY_FAMILY_FORM, familyToForm, formToFamilyInput, type FamilyForm } from './family-form';

const t = texts.families;

interface FamilyDialogProps {
  family?: Family;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (input: FamilyInput) => Promise<unknown>;
  saving: boolean;
}

type TextField = 'graduateName' | 'contactName' | 'email' | 'secondEmail' | 'phone' | 'tablesBooked';
const INPUTS: Array<{ field: TextField; type: string; autoComplete?: string; hint?: string }> = [
  { field: 'graduateName', type: 'text' },
  { field: 'contactName', type: 'text', autoComplete: 'off' },
  { field: 'email', type: 'email', autoComplete: 'off' },
  { field: 'secondEmail', type: 'email', autoComplete: 'off', hint: t.fields.secondEmailHint },
  { field: 'phone', type: 'tel', autoComplete: 'off' },
  { field: 'tablesBooked', type: 'number' },
];
const ANSWERS = [
  { field: 'awardsAnswer', label: 'awardsRsvp', people: 'awardsGuests' },
  { field: 'brunchAnswer', label: 'brunchRsvp', people: 'brunchGuests' },
] as const;
const CHOICES = [
  { value: null, text: t.answers.none },
  { value: 'attending', text: t.answers.attending },
  { value: 'not_attending', text: t.answers.notAttending },
] as const;

export function FamilyDialog({ family, open, onOpenChange, onSave, saving }: FamilyDialogProps) {
  const [form, setForm] = useState<FamilyForm>(family ? familyToForm(family) : EMPTY_FAMILY_FORM);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSaveFamily(form)) void onSave(formToFamilyInput(form));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={family ? t.editTitle : t.createTitle}>
      <form className="admin-form admin-form--two" onSubmit={submit}>
        {INPUTS.map(({ field, type, autoComplete, hint }) => (
          <Field key={field} id={`family-${field}`} label={t.fields[field]} hint={hint}>
            <Input
              id={`family-${field}`}
              type={type}
              min={type === 'number' ? 0 : undefined}
              inputMode={type === 'number' ? 'numeric' : undefined}
              autoComplete={autoComplete}
              value={form[field]}
              onChange={(event) => setForm({ ...form, [field]: event.target.value })}
            />
          </Field>
        ))}
        {family && (
          <Field id="family-paymentAmount" label={t.fields.paymentAmount} hint={t.receivedHint}>
            <output id="family-paymentAmount" className="admin-strong">
              {formatQuetzales(family.paymentAmount)}
            </output>
          </Field>
        )}
        <div className="admin-form__checks">
          <PaidField family={family} />
          <label className="ui-checkbox">
            <input type="checkbox" checked={form.twins} onChange={(event) => setForm({ ...form, twins: event.target.checked })} />
            {t.fields.twins}
          </label>
        </div>
        {ANSWERS.map(({ field, label, people }) => (
          <fieldset key={field} className="admin-form__answer">
            <legend>{t.fields[label]}</legend>
            {CHOICES.map(({ value, text }) => (
              <label key={String(value)} className="ui-checkbox">
                <input
                  type="radio"
                  name={`family-${field}`}
                  checked={form[field] === value}
                  onChange={() => setForm({ ...form, [field]: value })}
                />
                {text}
              </label>
            ))}
            {form[field] === 'attending' && (
              <Field id={`family-${people}`} label={t.fields.people} hint={t.fields.peopleHint(maxGuests(toCount(form.tablesBooked)))}>
                <Input
                  id={`family-${people}`}
                  type="number"
                  min={1}
                  max={maxGuests(toCount(form.tablesBooked))}
                  inputMode="numeric"
                  value={form[people]}
                  onChange={(event) => setForm({ ...form, [people]: event.target.value })}
                />
              </Field>
            )}
          </fieldset>
        ))}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={!canSaveFamily(form)} pending={saving}>
            {family ? t.update : t.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/**
 * 'Pago recibido' is the ledger's view (decisions item 20): ticked when every due payment is paid.
 * Ticking it on a family that owes asks for the money received and records it as a credit; it is
 * never unticked here (a correction reverses a credit in the statement).
 */
function PaidField({ family }: { family?: Family }) {
  const { data: statement } = useStatement(family?.id ?? null);
  const [asking, setAsking] = useState(false);
  const paid = statement?.paid ?? family?.hasPaid ?? false;
  return (
    <div className="admin-form__paid">
      <label className="ui-checkbox">
        <input
          type="checkbox"
          checked={paid}
          disabled={!family || paid}
          aria-describedby="family-paid-hint"
          onChange={(event) => event.target.checked && setAsking(true)}
        />
        {t.fields.hasPaid}
      </label>
      <p id="family-paid-hint" className="ui-field__hint">
        {t.paidHint}
      </p>
      {family && asking && (
        <Dialog
          open
          onOpenChange={(open) => !open && setAsking(false)}
          title={t.paidMoneyTitle}
          description={t.paidMoneyText(formatQuetzales(statement?.totals.dueBalance ?? 0))}
        >
          <CashForm
            familyId={family.id}
            idPrefix="family-paid"
            choosePayment={false}
            initialPayment={String(firstUnpaid(statement))}
            initialAmount={statement && statement.totals.dueBalance > 0 ? String(statement.totals.dueBalance) : ''}
            submitLabel={t.paidMoneySave}
            ariaLabel={t.paidMoneyTitle}
            onSaved={() => setAsking(false)}
          />
        </Dialog>
      )}
    </div>
  );
}
