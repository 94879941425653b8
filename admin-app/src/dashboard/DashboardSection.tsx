import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CalendarCheck, Settings2, Table2, Users, Wallet, type LucideIcon } from 'lucide-react';
import { PAYMENT_TITLES, TOTAL_TABLES, type Stats } from '@portal/contracts';
import { formatQuetzales } from '@portal/format';
import { useBackupStatus } from '@portal/api-client/backup-status';
import { useStats } from '@portal/api-client/stats';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Skeleton } from '@portal/ui/skeleton';
import { QueryState } from '../common/QueryState';
import { UnpricedWarning } from '../common/UnpricedWarning';
import { percent } from '../common/numbers';
import { texts } from '../texts';
import { OpenQuestions } from './OpenQuestions';
import { BackupStatusCard } from './BackupStatusCard';
import PaymentsChart from './PaymentsChart';

const SettingsEditor = lazy(() => import('../settings/SettingsDialog'));

const t = texts.dashboard;

function StatCard({ icon: Icon, label, value, hint }: { icon: LucideIcon; label: string; value: number; hint: string }) {
  return (
    <Card className="admin-stat">
      <div className="admin-stat__top">
        <span className="admin-stat__label">{label}</span>
        <Icon size={20} aria-hidden="true" />
      </div>
      <p className="admin-stat__value">{value}</p>
      <p className="admin-stat__hint">{hint}</p>
    </Card>
  );
}

function Progress({
  label,
  count,
  total,
  people,
  detail,
}: {
  label: string;
  count: number;
  total: number;
  people?: number;
  detail?: string;
}) {
  const value = percent(count, total);
  return (
    <div className="admin-progress">
      <div className="admin-progress__text">
        <span>{label}</span>
        <span>
          {count}/{total} ({value}%){people !== undefined && ` · ${t.people(people)}`}
          {detail && ` · ${detail}`}
        </span>
      </div>
      <div
        className="admin-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="admin-progress__bar" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The four stat cards with the spec's formulas. */
export function statCards(stats: Stats) {
  return [
    { icon: Users, label: t.totalFamilies, value: stats.totalFamilies, hint: t.totalFamiliesHint },
    {
      icon: Wallet,
      label: t.paymentsReceived,
      value: stats.paymentsReceived,
      hint: t.paymentsHint(percent(stats.paymentsReceived, stats.totalFamilies)),
    },
    { icon: Table2, label: t.tablesBooked, value: stats.tablesBooked, hint: t.tablesHint(TOTAL_TABLES - stats.tablesBooked) },
    { icon: CalendarCheck, label: t.rsvps, value: stats.awardsRsvpCount + stats.brunchRsvpCount, hint: t.rsvpsHint },
  ];
}

function Panel({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        {/* Right under the page's h1: the outline skips no level. */}
        <CardTitle level={2}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export default function DashboardSection() {
  const { data: stats, isLoading, error } = useStats();
  const { data: backupStatus } = useBackupStatus();
  const [editingSettings, setEditingSettings] = useState(false);
  const chartSkeleton = <Skeleton height="220px" />;
  return (
    <section className="admin-section" aria-busy={isLoading}>
      <div className="admin-toolbar">
        <span />
        <Button variant="outline" onClick={() => setEditingSettings(true)}>
          <Settings2 size={18} aria-hidden="true" />
          {texts.settings.open}
        </Button>
      </div>
      {editingSettings && (
        <Suspense fallback={null}>
          <SettingsEditor onClose={() => setEditingSettings(false)} />
        </Suspense>
      )}
      <BackupStatusCard status={backupStatus} />
      {stats && <UnpricedWarning titles={stats.unpricedPayments.map((paymentNumber) => PAYMENT_TITLES[paymentNumber])} link />}
      <div className="admin-stats">
        {stats
          ? statCards(stats).map((card) => <StatCard key={card.label} {...card} />)
          : Array.from({ length: 4 }, (_, index) => (
              <Card key={index} className="admin-stat">
                <Skeleton width="60%" />
                <Skeleton height="2.25rem" width="40%" />
                <Skeleton width="70%" />
              </Card>
            ))}
        <OpenQuestions />
      </div>
      <QueryState isLoading={false} error={error}>
        <div className="admin-dashboard-panels">
          <Panel title={t.chartTitle} description={t.chartDescription}>
            {stats ? <PaymentsChart paid={stats.paymentsReceived} pending={stats.totalFamilies - stats.paymentsReceived} /> : chartSkeleton}
          </Panel>
          <Panel title={t.progressTitle} description={t.progressDescription}>
            {stats && !isLoading ? (
              <div className="admin-progress-list">
                <Progress label={t.awards} count={stats.awardsRsvpCount} total={stats.totalFamilies} people={stats.awardsGuestsCount} />
                <Progress label={t.brunch} count={stats.brunchRsvpCount} total={stats.totalFamilies} people={stats.brunchGuestsCount} />
              </div>
            ) : (
              <div className="admin-progress-list">
                <Skeleton height="2.5rem" />
                <Skeleton height="2.5rem" />
              </div>
            )}
          </Panel>
          <Panel
            title={t.moneyTitle}
            description={
              stats ? t.moneyDescription(formatQuetzales(stats.moneyReceived), formatQuetzales(stats.moneyExpected)) : t.moneyLoading
            }
          >
            {stats ? (
              <div className="admin-progress-list">
                {stats.paymentProgress.map((payment) => (
                  <Progress
                    key={payment.paymentNumber}
                    label={PAYMENT_TITLES[payment.paymentNumber]}
                    count={payment.verifiedFamilies}
                    total={stats.totalFamilies}
                    detail={
                      payment.expected > 0
                        ? t.moneyOf(formatQuetzales(payment.received), formatQuetzales(payment.expected))
                        : t.moneyReceived(formatQuetzales(payment.received))
                    }
                  />
                ))}
                {stats.moneyCredit > 0 && <p className="admin-muted">{t.moneyCredit(formatQuetzales(stats.moneyCredit))}</p>}
              </div>
            ) : (
              <Skeleton height="10rem" />
            )}
          </Panel>
        </div>
      </QueryState>
    </section>
  );
}
