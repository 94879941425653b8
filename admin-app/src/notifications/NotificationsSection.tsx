import { useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { PortalNotification } from '@portal/contracts';
import { createNotification, deleteNotification, notificationsKey, useNotifications } from '@portal/api-client/notifications';
import { formatDateTime, fromDateTimeLocal } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input, Textarea } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { IconButton } from '../common/IconButton';
import { QueryState } from '../common/QueryState';
import { useAdminMutation } from '../common/use-admin-mutation';
import { TooltipProvider } from '@portal/ui/tooltip';
import { texts } from '../texts';

const t = texts.notifications;
const EMPTY = { title: '', message: '', date: '' };

export default function NotificationsSection() {
  const { data: notifications, isLoading, error } = useNotifications();
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [deleting, setDeleting] = useState<PortalNotification | null>(null);
  const close = () => {
    setCreating(false);
    setForm(EMPTY);
  };
  const create = useAdminMutation(createNotification, {
    success: t.created,
    failure: t.createFailed,
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

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSave)
      void create.run({ title: form.title.trim(), message: form.message.trim(), type: 'info', date: fromDateTimeLocal(form.date) });
  }

  return (
    <TooltipProvider>
      <section className="admin-section">
        <div className="admin-toolbar">
          <span />
          <Button onClick={() => setCreating(true)}>
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
                  <Card className="admin-notice">
                    <div className="admin-notice__body">
                      <h3 className="admin-strong">{notice.title}</h3>
                      <p className="admin-muted">{formatDateTime(notice.date)}</p>
                      <p className="ui-multiline">{notice.message}</p>
                    </div>
                    <IconButton icon={Trash2} label={t.deleteLabel(notice.title)} onClick={() => setDeleting(notice)} danger />
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Dialog open={creating} onOpenChange={(open) => (open ? setCreating(true) : close())} title={t.createTitle}>
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
            <Field id="notice-date" label={t.fields.date}>
              <Input
                id="notice-date"
                type="datetime-local"
                value={form.date}
                onChange={(event) => setForm({ ...form, date: event.target.value })}
              />
            </Field>
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                {texts.cancel}
              </Button>
              <Button type="submit" disabled={!canSave} pending={create.isPending}>
                {t.create}
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
