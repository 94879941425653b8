import { useState, type FormEvent } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { NOTIFICATION_TYPES, type NotificationType, type PortalNotification } from '@portal/contracts';
import {
  createNotification,
  deleteNotification,
  notificationsKey,
  updateNotification,
  useNotifications,
} from '@portal/api-client/notifications';
import { formatDateTime, fromDateTimeLocal, noticeShareText, toDateTimeLocal } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input, Textarea } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { IconButton } from '../common/IconButton';
import { ShareLink } from '../common/ShareLink';
import { QueryState } from '../common/QueryState';
import { useAdminMutation } from '../common/use-admin-mutation';
import { TooltipProvider } from '@portal/ui/tooltip';
import { texts } from '../texts';

const t = texts.notifications;

interface NoticeForm {
  title: string;
  message: string;
  type: NotificationType;
  date: string;
  /** 'Enviar también por correo' (new notices only). */
  sendEmail: boolean;
}

/** A new notice: type 'info' as the spec's form sends, dated now (Guatemala time). */
const newNoticeForm = (): NoticeForm => ({ title: '', message: '', type: 'info', date: toDateTimeLocal(new Date()), sendEmail: false });

const noticeToForm = (notice: PortalNotification): NoticeForm => ({
  title: notice.title,
  message: notice.message,
  type: notice.type,
  date: toDateTimeLocal(notice.date),
  sendEmail: false,
});

export default function NotificationsSection() {
  const { data: notifications, isLoading, error } = useNotifications();
  // null: the dialog is closed; `editing` null inside it: a new notice.
  const [dialog, setDialog] = useState<{ editing: PortalNotification | null } | null>(null);
  const [form, setForm] = useState<NoticeForm>(newNoticeForm);
  const [deleting, setDeleting] = useState<PortalNotification | null>(null);
  const close = () => setDialog(null);
  const openNew = () => {
    setForm(newNoticeForm());
    setDialog({ editing: null });
  };
  const openEdit = (notice: PortalNotification) => {
    setForm(noticeToForm(notice));
    setDialog({ editing: notice });
  };
  const create = useAdminMutation(createNotification, {
    success: t.created,
    describe: (created) => (created.email ? t.emailed(created.email) : undefined),
    failure: t.createFailed,
    refresh: [notificationsKey],
    onSuccess: close,
  });
  const update = useAdminMutation(updateNotification, {
    success: t.updated,
    failure: t.updateFailed,
    refresh: [notificationsKey],
    onSuccess: close,
  });
  const remove = useAdminMutation(deleteNotification, {
    success: t.deleted,
    failure: t.deleteFailed,
    refresh: [notificationsKey],
    onSuccess: () => setDeleting(null),
  });
  const canSave = form.title.trim() !== '' && form.message.trim() !== '' && form.date !== '';
  const editing = dialog?.editing ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    const input = { title: form.title.trim(), message: form.message.trim(), type: form.type, date: fromDateTimeLocal(form.date) };
    // The original payload unless e-mailing is asked for.
    void (editing ? update.run({ id: editing.id, ...input }) : create.run(form.sendEmail ? { ...input, sendEmail: true } : input));
  }

  return (
    <TooltipProvider>
      <section className="admin-section">
        <div className="admin-toolbar">
          <span />
          <Button onClick={openNew}>
            <Plus size={18} aria-hidden="true" />
            {t.add}
          </Button>
        </div>
        <QueryState isLoading={isLoading} error={error}>
          {notifications && notifications.length === 0 ? (
            <Card>
              <p className="ui-empty">{t.empty}</p>
            </Card>
          ) : (
            <ul className="admin-notices">
              {notifications?.map((notice) => (
                <li key={notice.id}>
                  <Card className={`admin-notice admin-notice--${notice.type}`}>
                    <div className="admin-notice__body">
                      <h3 className="admin-strong">{notice.title}</h3>
                      <p className="admin-muted">
                        {formatDateTime(notice.date)}{' '}
                        {notice.type !== 'info' && (
                          <Badge variant={notice.type === 'warning' ? 'warning' : 'success'}>{t.types[notice.type]}</Badge>
                        )}
                      </p>
                      <p className="ui-multiline">{notice.message}</p>
                    </div>
                    <div className="admin-actions">
                      <ShareLink
                        text={noticeShareText(notice, `${window.location.origin}/parent/notificaciones`)}
                        label={t.shareLabel(notice.title)}
                      />
                      <IconButton icon={Pencil} label={t.editLabel(notice.title)} onClick={() => openEdit(notice)} />
                      <IconButton icon={Trash2} label={t.deleteLabel(notice.title)} onClick={() => setDeleting(notice)} danger />
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Dialog open={dialog !== null} onOpenChange={(open) => !open && close()} title={editing ? t.editTitle : t.createTitle}>
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
                  onChange={(event) => setForm({ ...form, type: event.target.value as NotificationType })}
                >
                  {NOTIFICATION_TYPES.map((type) => (
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
                <input
                  type="checkbox"
                  checked={form.sendEmail}
                  onChange={(event) => setForm({ ...form, sendEmail: event.target.checked })}
                />
                {t.sendEmail}
              </label>
            )}
            {!editing && form.sendEmail && <p className="admin-muted">{t.sendEmailHint}</p>}
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                {texts.cancel}
              </Button>
              <Button type="submit" disabled={!canSave} pending={create.isPending || update.isPending}>
                {editing ? t.update : t.create}
              </Button>
            </DialogFooter>
          </form>
        </Dialog>
        <ConfirmDelete
          item={deleting}
          title={t.confirmTitle}
          describe={(notice) => t.confirmText(notice.title)}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      </section>
    </TooltipProvider>
  );
}
