import { useState } from 'react';
import { Eye } from 'lucide-react';
import type { OutboxMessage, OutboxStatus } from '@portal/contracts';
import { useEmails, useResendEmail } from '@portal/api-client/emails';
import { formatDateTime } from '@portal/format';
import { Badge, type BadgeProps } from '@portal/ui/badge';
import { Card } from '@portal/ui/card';
import { SectionFrame } from '../common/SectionFrame';
import { DataTable, type Column } from '../common/DataTable';
import { IconButton } from '../common/IconButton';
import { QueryState } from '../common/QueryState';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';
import { MessageDialog } from './MessageDialog';
import { PaymentReminders } from './PaymentReminders';

const t = texts.emails;
const STATE_BADGE: Record<OutboxStatus, BadgeProps['variant']> = {
  pending: 'warning',
  sent: 'success',
  failed: 'danger',
  withheld: 'outline',
};

const COLUMNS: Array<Column<OutboxMessage>> = [
  {
    header: t.columns.to,
    cell: (message) => (
      <span className="admin-break">
        {message.recipient}
        {message.cc && <span className="admin-muted"> · {t.copy(message.cc)}</span>}
      </span>
    ),
  },
  {
    header: t.columns.subject,
    cell: (message) => (
      <div>
        <div className="admin-strong">{message.subject}</div>
        <div className="admin-muted">{t.kinds[message.kind] ?? message.kind}</div>
      </div>
    ),
  },
  {
    header: t.columns.state,
    cell: (message) => (
      <div>
        <Badge variant={STATE_BADGE[message.status]}>{t.states[message.status]}</Badge>
        {message.status === 'withheld' && message.lastError && <div className="admin-muted">{message.lastError}</div>}
        {message.attempts > 0 && message.status !== 'sent' && message.status !== 'withheld' && (
          <div className="admin-muted">
            {t.attempts(message.attempts)}
            {message.lastError ? `: ${message.lastError}` : ''}
          </div>
        )}
      </div>
    ),
  },
  { header: t.columns.date, cell: (message) => formatDateTime(message.sentAt ?? message.createdAt) },
];

/** 'Correos': every message the portal sent or will send, its state, and a way to send it again. */
export default function EmailsSection() {
  const { data, isLoading, error } = useEmails();
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const resend = useResendEmail(adminToasts({ success: t.resent, failure: t.resendFailed, onSuccess: () => setOpen(null) }));

  return (
    <SectionFrame>
      {data && !data.smtpConfigured && (
        <p className="admin-note" role="note">
          {t.noSmtp}
        </p>
      )}
      <Card>
        <QueryState isLoading={isLoading} error={error}>
          {data && data.messages.length === 0 ? (
            <p className="ui-empty">{t.empty}</p>
          ) : (
            <>
              <p className="admin-count">{t.count(data?.messages.length ?? 0)}</p>
              <DataTable
                rows={data?.messages ?? []}
                columns={COLUMNS}
                rowKey={(message) => message.id}
                actions={(message) => (
                  <IconButton icon={Eye} label={t.open(message.subject, message.recipient)} onClick={() => setOpen(message)} />
                )}
              />
            </>
          )}
        </QueryState>
      </Card>
      <PaymentReminders />
      {open && (
        <MessageDialog
          message={open}
          onClose={() => setOpen(null)}
          onResend={() => void resend.run(open.id)}
          resending={resend.isPending}
        />
      )}
    </SectionFrame>
  );
}
