import { PAYMENT_TITLES, type PaymentNumber, type PaymentReminder } from '@portal/contracts';
import { usePaymentReminders } from '@portal/api-client/emails';
import { formatDayNumeric } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card } from '@portal/ui/card';
import { DataTable, type Column } from '../common/DataTable';
import { QueryState } from '../common/QueryState';
import { texts } from '../texts';

const r = texts.emails.reminders;

const COLUMNS: Array<Column<PaymentReminder>> = [
  {
    header: r.columns.family,
    cell: (reminder) => (
      <div>
        <div className="admin-strong">{reminder.graduateName}</div>
        <div className="admin-muted admin-break">{reminder.recipient}</div>
      </div>
    ),
  },
  {
    header: r.columns.payment,
    cell: (reminder) => r.payment(PAYMENT_TITLES[reminder.paymentNumber as PaymentNumber], formatDayNumeric(reminder.dueDate)),
  },
  { header: r.columns.day, cell: (reminder) => formatDayNumeric(reminder.day) },
  {
    header: r.columns.state,
    cell: (reminder) => (
      <div>
        <Badge variant={reminder.status === 'enviado' ? 'success' : 'danger'}>{r.states[reminder.status]}</Badge>
        {reminder.reason && <div className="admin-muted">{reminder.reason}</div>}
      </div>
    ),
  },
];

/** What the daily payment reminders sent or left out ('Recordatorios de pago'). */
export function PaymentReminders() {
  const { data, isLoading, error } = usePaymentReminders();
  return (
    <Card>
      <h2 className="admin-strong">{r.title}</h2>
      <p className="admin-muted">{r.description}</p>
      <QueryState isLoading={isLoading} error={error}>
        {data && data.length === 0 ? (
          <p className="ui-empty">{r.empty}</p>
        ) : (
          <DataTable rows={data ?? []} columns={COLUMNS} rowKey={(reminder) => reminder.id} />
        )}
      </QueryState>
    </Card>
  );
}
