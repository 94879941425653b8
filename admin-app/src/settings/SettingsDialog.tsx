import { useState, type FormEvent } from 'react';
import type { KeyEventSettings, Settings } from '@portal/contracts';
import { useSettings, useUpdateSettings } from '@portal/api-client/settings';
import { formatDay } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';

const t = texts.settings;

/** The end time's error, shown before sending: the server refuses the same (HH:mm compares in clock order). */
export const endTimeError = (event: KeyEventSettings) =>
  event.startTime && event.endTime && event.endTime <= event.startTime ? t.endBeforeStart : undefined;

/** Every field filled and each end after its start: the server checks formats too and answers in Spanish. */
export function canSaveSettings(form: Settings): boolean {
  const events = [form.awards, form.brunch].every(
    (event) => event.date && event.startTime && event.endTime && !endTimeError(event) && event.place.trim(),
  );
  const bank = Object.values(form.bank).every((value) => value.trim() !== '');
  const reminders =
    !form.reminders || (Number.isInteger(form.reminders.daysBefore) && form.reminders.daysBefore >= 0 && form.reminders.daysBefore <= 30);
  return Number.isInteger(form.classYear) && form.finalPaymentDeadline !== '' && events && bank && reminders;
}

function KeyEventFields({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: KeyEventSettings;
  onChange: (next: KeyEventSettings) => void;
}) {
  const set = (field: keyof KeyEventSettings) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      <Field id={`${name}-date`} label={t.date} hint={value.date ? formatDay(value.date) : undefined}>
        <Input id={`${name}-date`} type="date" value={value.date} onChange={set('date')} />
      </Field>
      <div className="admin-form__pair">
        <Field id={`${name}-start`} label={t.startTime}>
          <Input id={`${name}-start`} type="time" value={value.startTime} onChange={set('startTime')} />
        </Field>
        <Field id={`${name}-end`} label={t.endTime} error={endTimeError(value)}>
          <Input
            id={`${name}-end`}
            type="time"
            value={value.endTime}
            onChange={set('endTime')}
            aria-invalid={endTimeError(value) ? true : undefined}
            aria-describedby={endTimeError(value) ? `${name}-end-error` : undefined}
          />
        </Field>
      </div>
      <Field id={`${name}-place`} label={t.place}>
        <Input id={`${name}-place`} value={value.place} onChange={set('place')} maxLength={200} />
      </Field>
    </fieldset>
  );
}

const bankAccount = ({ bank }: Settings) => [bank.bankName, bank.accountNumber, bank.accountHolder].map((value) => value.trim()).join('\n');

/** The committee's settings: class year, final deadline, the two key events and the bank account. */
export function SettingsDialog({ settings, onClose }: { settings: Settings; onClose: () => void }) {
  const [form, setForm] = useState<Settings>(settings);
  // The class year also shows on the public pages.
  // Another bank account waits for a second admin (Cuentas del Comité): the answer keeps the one in force.
  const save = useUpdateSettings(
    adminToasts({
      success: t.saved,
      describe: (saved) => (bankAccount(saved) !== bankAccount(form) ? t.bankPending : undefined),
      failure: t.saveFailed,
      onSuccess: onClose,
    }),
  );
  const setBank = (field: keyof Settings['bank']) => (event: { target: { value: string } }) =>
    setForm({ ...form, bank: { ...form.bank, [field]: event.target.value } });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSaveSettings(form)) void save.run(form);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.title} description={t.description}>
      <form className="admin-form" onSubmit={submit}>
        <div className="admin-form__pair">
          <Field id="settings-year" label={t.classYear}>
            <Input
              id="settings-year"
              type="number"
              inputMode="numeric"
              min={2000}
              max={2100}
              value={Number.isNaN(form.classYear) ? '' : form.classYear}
              onChange={(event) => setForm({ ...form, classYear: Number.parseInt(event.target.value, 10) })}
            />
          </Field>
          <Field id="settings-deadline" label={t.deadline}>
            <Input
              id="settings-deadline"
              type="date"
              value={form.finalPaymentDeadline}
              onChange={(event) => setForm({ ...form, finalPaymentDeadline: event.target.value })}
            />
          </Field>
        </div>
        <KeyEventFields name="awards" legend={t.awards} value={form.awards} onChange={(awards) => setForm({ ...form, awards })} />
        <KeyEventFields name="brunch" legend={t.brunch} value={form.brunch} onChange={(brunch) => setForm({ ...form, brunch })} />
        <fieldset className="admin-fieldset">
          <legend>{t.bank}</legend>
          <Field id="settings-bank" label={t.bankName}>
            <Input id="settings-bank" value={form.bank.bankName} onChange={setBank('bankName')} maxLength={120} />
          </Field>
          <Field id="settings-account" label={t.accountNumber}>
            <Input id="settings-account" value={form.bank.accountNumber} onChange={setBank('accountNumber')} maxLength={60} />
          </Field>
          <Field id="settings-holder" label={t.accountHolder}>
            <Input id="settings-holder" value={form.bank.accountHolder} onChange={setBank('accountHolder')} maxLength={120} />
          </Field>
          <Field id="settings-receipts" label={t.receiptsPhone}>
            <Input id="settings-receipts" type="tel" value={form.bank.receiptsPhone} onChange={setBank('receiptsPhone')} maxLength={40} />
          </Field>
        </fieldset>
        {form.reminders && (
          <fieldset className="admin-fieldset">
            <legend>{t.reminders}</legend>
            <label className="ui-checkbox">
              <input
                type="checkbox"
                checked={form.reminders.enabled}
                onChange={(event) => setForm({ ...form, reminders: { ...form.reminders!, enabled: event.target.checked } })}
              />
              {t.remindersEnabled}
            </label>
            <Field id="settings-reminder-days" label={t.reminderDays} hint={t.reminderDaysHint}>
              <Input
                id="settings-reminder-days"
                type="number"
                min={0}
                max={30}
                value={Number.isNaN(form.reminders.daysBefore) ? '' : form.reminders.daysBefore}
                disabled={!form.reminders.enabled}
                onChange={(event) =>
                  setForm({ ...form, reminders: { ...form.reminders!, daysBefore: Number.parseInt(event.target.value, 10) } })
                }
              />
            </Field>
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={!canSaveSettings(form)} pending={save.isPending}>
            {t.save}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** Loads the settings, then opens the dialog (this module is fetched only when asked for). */
export default function SettingsEditor({ onClose }: { onClose: () => void }) {
  const { data: settings } = useSettings();
  return settings ? <SettingsDialog settings={settings} onClose={onClose} /> : null;
}
