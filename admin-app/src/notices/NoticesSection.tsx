import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Notice, NoticeInput, NoticeReach } from '@portal/contracts';
import { useCreateNotice, useDeleteNotice, useNoticeReach, useNotices, useUpdateNotice } from '@portal/api-client/notices';
import { formatDateTime, noticeShareText } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { SectionFrame } from '../common/SectionFrame';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { IconButton } from '../common/IconButton';
import { ShareLink } from '../common/ShareLink';
import { QueryState } from '../common/QueryState';
import { adminToasts } from '../common/admin-toasts';
import { useCrudSection } from '../common/use-crud-section';
import { texts } from '../texts';
import { NoticeDialog } from './NoticeDialog';

const t = texts.notices;

/** 'Leído por 34 de 50 familias' and, when it was e-mailed, what became of its e-mails. */
function Reach({ reach }: { reach: NoticeReach | undefined }) {
  if (!reach) return null;
  const { email } = reach;
  const parts = email
    ? [
        t.reach.sent(email.sent),
        email.failed > 0 && t.reach.failed(email.failed),
        email.pending > 0 && t.reach.pending(email.pending),
        email.unsubscribed > 0 && t.reach.unsubscribed(email.unsubscribed),
        email.skipped > 0 && t.reach.skipped(email.skipped),
      ].filter((part): part is string => typeof part === 'string')
    : [];
  return (
    <div className="admin-notice__reach">
      <span>{t.reach.read(reach.read, reach.families)}</span>
      {email && <span>{t.reach.emails(parts.join(' · '))}</span>}
    </div>
  );
}

export default function NoticesSection() {
  const { data: notices, isLoading, error } = useNotices();
  // The counts are extra: without them the notices still show.
  const { data: reach } = useNoticeReach();
  const reachOf = new Map(reach?.map((row) => [row.id, row]));
  const crud = useCrudSection<Notice>();
  const create = useCreateNotice(
    adminToasts({
      success: t.created,
      describe: (created) => (created.email ? t.emailed(created.email) : undefined),
      failure: t.createFailed,
      onSuccess: crud.closeDialog,
    }),
  );
  const update = useUpdateNotice(adminToasts({ success: t.updated, failure: t.updateFailed, onSuccess: crud.closeDialog }));
  const remove = useDeleteNotice(adminToasts({ success: t.deleted, failure: t.deleteFailed, onSuccess: crud.closeDelete }));
  const editing = crud.editing;
  const save = (input: NoticeInput & { sendEmail?: true }) =>
    void (editing?.item ? update.run({ id: editing.item.id, ...input }) : create.run(input));

  return (
    <SectionFrame
      toolbar={
        <>
          <span />
          <Button onClick={crud.add}>
            <Plus size={18} aria-hidden="true" />
            {t.add}
          </Button>
        </>
      }
    >
      <QueryState isLoading={isLoading} error={error}>
        {notices && notices.length === 0 ? (
          <Card>
            <p className="ui-empty">{t.empty}</p>
          </Card>
        ) : (
          <ul className="admin-notices">
            {notices?.map((notice) => (
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
                    <Reach reach={reachOf.get(notice.id)} />
                  </div>
                  <div className="admin-actions">
                    <ShareLink
                      text={noticeShareText(notice, `${window.location.origin}/parent/notificaciones`)}
                      label={t.shareLabel(notice.title)}
                    />
                    <IconButton icon={Pencil} label={t.editLabel(notice.title)} onClick={() => crud.edit(notice)} />
                    <IconButton icon={Trash2} label={t.deleteLabel(notice.title)} onClick={() => crud.askDelete(notice)} danger />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing && (
        <NoticeDialog
          key={editing.item?.id ?? 'new'}
          notice={editing.item}
          onClose={crud.closeDialog}
          onSave={save}
          saving={create.isPending || update.isPending}
        />
      )}
      <ConfirmDelete
        item={crud.deleting}
        title={t.confirmTitle}
        describe={(notice) => t.confirmText(notice.title)}
        remove={remove}
        onClose={crud.closeDelete}
      />
    </SectionFrame>
  );
}
