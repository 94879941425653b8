import { useState } from 'react';
import { Pencil } from 'lucide-react';
import type { PaymentDate } from '@portal/contracts';
import { usePaymentDates } from '@portal/api-client/payments';
import { paymentAnswersXlsxUrl } from '@portal/api-client/reports';
import { formatDay, formatQuetzales } from '@portal/format';
import { Card } from '@portal/ui/card';
import { SectionFrame } from '../common/SectionFrame';
import { DataTable, type Column } from '../common/DataTable';
import { ExportButton } from '../common/ExportButton';
import { IconButton } from '../common/IconButton';
import { QueryState } from '../common/QueryState';
import { UnpricedWarning } from '../common/UnpricedWarning';
import { texts } from '../texts';
import { PaymentDateDialog } from './PaymentDateDialog';

const t = texts.paymentDates;

const COLUMNS: Array<Column<PaymentDate>> = [
  { header: t.columns.payment, cell: (payment) => payment.title, className: 'admin-strong admin-nowrap' },
  { header: t.columns.description, cell: (payment) => payment.description },
  { header: t.columns.date, cell: (payment) => formatDay(payment.date) },
  {
    header: t.columns.amount,
    // One element: a stacked cell on a phone has one column for the label, one for this.
    cell: (payment) => (
      <div>
        {payment.amount}
        {payment.amountQuetzales !== null && <div className="admin-muted">{t.owed(formatQuetzales(payment.amountQuetzales))}</div>}
      </div>
    ),
  },
];

export default function PaymentDatesSection() {
  const { data: payments, isLoading, error } = usePaymentDates();
  const [editing, setEditing] = useState<PaymentDate | null>(null);
  return (
    <SectionFrame
      toolbar={
        <>
          <span />
          <ExportButton url={paymentAnswersXlsxUrl} fileName="confirmaciones-de-pago.xlsx" label={t.export} />
        </>
      }
    >
      <UnpricedWarning titles={(payments ?? []).filter((payment) => payment.amountQuetzales === null).map((payment) => payment.title)} />
      <Card>
        <QueryState isLoading={isLoading} error={error} rows={6}>
          <DataTable
            rows={payments ?? []}
            columns={COLUMNS}
            rowKey={(payment) => payment.id}
            actions={(payment) => <IconButton icon={Pencil} label={t.editLabel(payment.title)} onClick={() => setEditing(payment)} />}
          />
        </QueryState>
      </Card>
      {editing && <PaymentDateDialog key={editing.id} payment={editing} onClose={() => setEditing(null)} />}
    </SectionFrame>
  );
}
