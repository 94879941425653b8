import { useMyClass, classWorkbookUrl } from '@portal/api-client/classes';
import { formatDateTime, formatDayNumeric, formatLedgerAmount } from '@portal/format';
import { Card } from '@portal/ui/card';
import { booksTexts as t } from './books-texts';

/**
 * Once the class is closed: its final report as frozen (who closed it, where the balance went, the
 * family's own share when it goes back to families) and the families' workbook of it.
 */
export function FinalReportCard() {
  const { data } = useMyClass();
  const report = data?.report;
  if (!data?.schoolClass || !report) return null;
  const share = report.shares[0];
  return (
    <Card className="books-expense books-final" data-testid="final-report">
      <h2 className="parent-card-title">{t.final.title(report.className)}</h2>
      <p>{t.final.closed(formatDateTime(report.closedAt), report.proposedBy, report.approvedBy)}</p>
      <p>
        <strong>{t.final.destinations[report.destination]}</strong>: {formatLedgerAmount(report.balanceGiven)}
      </p>
      {share && <p data-testid="final-share">{t.final.share(share.share, share.paid)}</p>}
      {data.schoolClass.familiesReadUntil && (
        <p className="parent-muted">{t.final.readUntil(formatDayNumeric(data.schoolClass.familiesReadUntil))}</p>
      )}
      <a className="books-final__download" href={classWorkbookUrl} download>
        {t.final.download}
      </a>
    </Card>
  );
}
