import type { BackupStatusView } from '@portal/contracts';
import { formatAgo, formatDateTime } from '@portal/format';
import { Card } from '@portal/ui/card';
import { texts } from '../texts';

const t = texts.dashboard.backup;

/** The backup service's last run: shown only where there is one (compose), red when it failed. */
export function BackupStatusCard({ status, now = new Date() }: { status: BackupStatusView | undefined; now?: Date }) {
  if (!status?.configured) return null;
  const { lastGood, failure } = status;
  if (failure) {
    return (
      <Card className="admin-backup admin-backup--failed" role="alert">
        {t.failed(formatDateTime(failure.at), failure.error)} {lastGood ? t.lastGoodWas(formatAgo(lastGood.at, now)) : t.noneGood}
      </Card>
    );
  }
  return (
    <Card className="admin-backup" role="status">
      {lastGood ? t.last(formatAgo(lastGood.at, now)) : t.none}
    </Card>
  );
}
