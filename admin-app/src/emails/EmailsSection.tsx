import { useState } from 'react';
import { Eye, RotateCw } from 'lucide-react';
import { PAYMENT_TITLES, type OutboxMessage, type OutboxStatus, type PaymentNumber } from '@portal/contracts';
import { emailsKey, resendEmail, useEmail, useEmails, usePaymentReminders } from '@portal/api-client/emails';
import { formatDateTime, formatDayNumeric } from '@portal/format';
import { Badge, type BadgeProps } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { TooltipProvider } from '@portal/ui/tooltip';
import { IconButton } from '../common/IconButton';
import { QueryState } from '../common/QueryState';
import { useAdminMutation } from '../common/use-admin-mutation';
import { texts } from '../texts';

const t = texts.emails;
const STATE_BADGE: Record<OutboxStatus, BadgeProps['variant']> = { pending: 'warning', sent: 'success', failed: 'danger' };

/** 'Correos': every message the portal sent or will send, its state, and a way to send it again. */
export default function EmailsSection() {
  const { data, isLoading, error } = useEmails();
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const resend = useAdminMutation(resendEmail, {
    success: t.resent,
    failure: t.resendFailed,
    refresh: [emailsKey],
    onSuccess: () => setOpen(null),
  });

  return (
    <TooltipProvider>
      <section className="admin-section">
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
                <Table stack>
                  <TableHead>
                    <TableRow>
                      <TableHeader>{t.columns.to}</TableHeader>
                      <TableHeader>{t.columns.subject}</TableHeader>
                      <TableHeader>{t.columns.state}</TableHeader>
                      <TableHeader>{t.columns.date}</TableHeader>
                      <TableHeader>
                        <span className="ui-visually-hidden">{texts.actions}</span>
                      </TableHeader>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data?.messages.map((message) => (
                      <TableRow key={message.id}>
                        <TableCell data-label={t.columns.to}>
                          <span className="admin-break">{message.recipient}</span>
                        </TableCell>
                        <TableCell data-label={t.columns.subject}>
                          <div>
                            <div className="admin-strong">{message.subject}</div>
                            <div className="admin-muted">{t.kinds[message.kind] ?? message.kind}</div>
                          </div>
                        </TableCell>
                        <TableCell data-label={t.columns.state}>
                          <div>
                            <Badge variant={STATE_BADGE[message.status]}>{t.states[message.status]}</Badge>
                            {message.attempts > 0 && message.status !== 'sent' && (
                              <div className="admin-muted">
                                {t.attempts(message.attempts)}
                                {message.lastError ? `: ${message.lastError}` : ''}
                              </div>
                            )}
                          </div>
                        </TableCell>
                        <TableCell data-label={t.columns.date}>{formatDateTime(message.sentAt ?? message.createdAt)}</TableCell>
                        <TableCell className="admin-actions">
                          <IconButton icon={Eye} label={t.open(message.subject, message.recipient)} onClick={() => setOpen(message)} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
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
      </section>
    </TooltipProvider>
  );
}

/** What the daily payment reminders sent or left out ('Recordatorios de pago'). */
function PaymentReminders() {
  const { data, isLoading, error } = usePaymentReminders();
  const r = t.reminders;
  return (
    <Card>
      <h2 className="admin-strong">{r.title}</h2>
      <p className="admin-muted">{r.description}</p>
      <QueryState isLoading={isLoading} error={error}>
        {data && data.length === 0 ? (
          <p className="ui-empty">{r.empty}</p>
        ) : (
          <Table stack>
            <TableHead>
              <TableRow>
                <TableHeader>{r.columns.family}</TableHeader>
                <TableHeader>{r.columns.payment}</TableHeader>
                <TableHeader>{r.columns.day}</TableHeader>
                <TableHeader>{r.columns.state}</TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.map((reminder) => (
                <TableRow key={reminder.id}>
                  <TableCell data-label={r.columns.family}>
                    <div>
                      <div className="admin-strong">{reminder.graduateName}</div>
                      <div className="admin-muted admin-break">{reminder.recipient}</div>
                    </div>
                  </TableCell>
                  <TableCell data-label={r.columns.payment}>
                    {r.payment(PAYMENT_TITLES[reminder.paymentNumber as PaymentNumber], formatDayNumeric(reminder.dueDate))}
                  </TableCell>
                  <TableCell data-label={r.columns.day}>{formatDayNumeric(reminder.day)}</TableCell>
                  <TableCell data-label={r.columns.state}>
                    <div>
                      <Badge variant={reminder.status === 'enviado' ? 'success' : 'danger'}>{r.states[reminder.status]}</Badge>
                      {reminder.reason && <div className="admin-muted">{reminder.reason}</div>}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
    </Card>
  );
}

function MessageDialog({
  message,
  onClose,
  onResend,
  resending,
}: {
  message: OutboxMessage;
  onClose: () => void;
  onResend: () => void;
  resending: boolean;
}) {
  const { data, error } = useEmail(message.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={message.subject} description={message.recipient}>
      <div className="admin-form">
        <p className="admin-strong">{t.text}</p>
        {error ? <p role="alert">{t.loadFailed}</p> : <pre className="admin-email-text">{data?.text ?? texts.loading}</pre>}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t.close}
        </Button>
        <Button onClick={onResend} pending={resending}>
          <RotateCw size={18} aria-hidden="true" />
          {t.resend}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
