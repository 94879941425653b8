import { useState, type FormEvent } from 'react';
import { NOTICE_TYPES, type Notice, type NoticeInput, type NoticeType } from '@portal/contracts';
import { fromDateTimeLocal, toDateTimeLocal } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input, Textarea } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { texts } from '../texts';

const t = texts.notices;

interface NoticeForm {
  title: string;
  message: string;
  type: NoticeType;
  date: string;
  /** 'Enviar también por correo' (new notices only). */
  sendEmail: boolean;
}

/** A new notice: type 'info' as the spec's form sends, dated now (Guatemala time). */
const newNoticeForm = (): NoticeForm => ({ title: '', message: '', type: 'info', date: toDateTimeLocal(new Date()), sendEmail: false });

const noticeToForm = (notice: Notice): NoticeForm => ({
  title: notice.title,
  message: notice.message,
  type: notice.type,
  date: toDateTimeLocal(notice.date),
  sendEmail: false,
});

/** 'Crear Notificación' / 'Editar Notificación': `notice` to edit one, none for a new one. */
export function NoticeDialog({
  notice,
  onClose,
  onSave,
  saving,
}: {
  notice?: Notice;
  onClose: () => void;
  onSave: (input: NoticeInput & { sendEmail?: true }) => void;
  saving: boolean;
}) {
  const editing = notice ?? null;
  const [form, setForm] = useState<NoticeForm>(() => (notice ? noticeToForm(notice) : newNoticeForm()));
  const canSave = form.title.trim() !== '' && form.message.trim() !== '' && form.date !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    const input = { title: form.title.trim(), message: form.message.trim(), type: form.type, date: fromDateTimeLocal(form.date) };
    // The original payload unless e-mailing is asked for.
    onSave(!editing && form.sendEmail ? { ...input, sendEmail: true } : input);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={editing ? t.editTitle : t.createTitle}>
      <form className="admin-form" onSubmit={submit}>
        <Field id="notice-title" label={t.fields.title}>
          <Input
            id="notice-title"
            value={form.title}
            onChange={(event) => setForm({ ...form, title: event.target.value })}
            maxLength={200}
          />
        </Field>
        <Field id="notice-message" label={t.fields.message}>
          <Textarea
            id="notice-message"
            value={form.message}
            onChange={(event) => setForm({ ...form, message: event.target.value })}
            maxLength={2000}
          />
        </Field>
        <div className="admin-form__pair">
          <Field id="notice-type" label={t.fields.type}>
            <select
              id="notice-type"
              className="ui-input"
              value={form.type}
              onChange={(event) => setForm({ ...form, type: event.target.value as NoticeType })}
            >
              {NOTICE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t.types[type]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="notice-date" label={t.fields.date}>
            <Input
              id="notice-date"
              type="datetime-local"
              value={form.date}
              onChange={(event) => setForm({ ...form, date: event.target.value })}
            />
          </Field>
        </div>
        {!editing && (
          <label className="ui-checkbox">
            <input type="checkbox" checked={form.sendEmail} onChange={(event) => setForm({ ...form, sendEmail: event.target.checked })} />
            {t.sendEmail}
          </label>
        )}
        {!editing && form.sendEmail && <p className="admin-muted">{t.sendEmailHint}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={!canSave} pending={saving}>
            {editing ? t.update : t.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
