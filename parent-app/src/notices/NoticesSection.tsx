import { useEffect, useRef, useState } from 'react';
import { CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { NoticeType } from '@portal/contracts';
import { useNoticesSeen } from '@portal/api-client/menu-counts';
import { useMarkNoticesSeen, useNotices } from '@portal/api-client/notices';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { formatDateTime } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { texts } from '../texts';
import { noticeTexts } from './notice-texts';

const ICONS: Record<NoticeType, LucideIcon> = { info: Info, warning: TriangleAlert, success: CircleCheck };

/**
 * The notices new since the last visit, kept for this visit while the visit itself is recorded
 * on the server (the count on 'Avisos' goes, on every phone of the account).
 */
function useNewNotices(): Set<number> {
  const { data: seen } = useNoticesSeen();
  // A failure only leaves the count for next time.
  const { run: markSeen } = useMarkNoticesSeen({ onError: () => undefined });
  const [newIds, setNewIds] = useState<Set<number>>(new Set());
  const recorded = useRef(false);
  useEffect(() => {
    if (!seen || recorded.current) return;
    recorded.current = true;
    setNewIds(new Set(seen.unseen));
    void markSeen(undefined);
  }, [seen, markSeen]);
  return newIds;
}

export default function NoticesSection() {
  const { data: notices, error } = useNotices();
  const newIds = useNewNotices();
  const retryFailed = useRetryFailed();
  if (!notices && error) {
    return (
      <section className="parent-section">
        <LoadFailed onRetry={retryFailed}>
          {texts.loadFailed} {errorMessage(error)}
        </LoadFailed>
      </section>
    );
  }
  if (!notices) {
    return (
      <section className="parent-section" aria-busy="true">
        <Skeleton height="5rem" />
        <Skeleton height="5rem" />
      </section>
    );
  }
  return (
    <section className="parent-section">
      {notices.length === 0 ? (
        <Card>
          <p className="ui-empty">{noticeTexts.empty}</p>
        </Card>
      ) : (
        <ul className="parent-notices">
          {notices.map((notice) => {
            const Icon = ICONS[notice.type] ?? Info;
            return (
              <li key={notice.id}>
                <Card className={`parent-notice parent-notice--${notice.type}`}>
                  <Icon size={22} className="parent-notice__icon" aria-label={noticeTexts.types[notice.type]} />
                  <div>
                    <h3 className="parent-card-title">
                      {notice.title}
                      {newIds.has(notice.id) && (
                        <>
                          {' '}
                          <Badge variant="info" className="parent-notice__new">
                            {noticeTexts.new}
                          </Badge>
                        </>
                      )}
                    </h3>
                    <p className="ui-multiline">{notice.message}</p>
                    {notice.date && <p className="parent-muted">{formatDateTime(notice.date)}</p>}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
