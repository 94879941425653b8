import { CalendarClock, Camera, Shirt } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { GUESTS_PER_TABLE, type Family, type KeyEventSettings, type Settings } from '@portal/contracts';
import { myFamilyKey, saveFamilyRsvp } from '@portal/api-client/my-family';
import { useSettings } from '@portal/api-client/settings';
import { deadlineText, formatClock, formatClockRange, formatDay, todayInGuatemala } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Skeleton } from '@portal/ui/skeleton';
import { AnswerButtons } from '../common/AnswerButtons';
import { useParentMutation } from '../common/use-parent-mutation';
import { useFamily } from '../family/family-context';
import { texts } from '../texts';

const t = texts.portal;

export const guestsFor = (tables: number) => tables * GUESTS_PER_TABLE;

function Reminder({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="parent-reminder">
      <span className="parent-reminder__icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <h3 className="parent-card-title">{title}</h3>
        {children}
      </div>
    </Card>
  );
}

function Summary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="parent-summary">
      <h3 className="parent-card-title">{title}</h3>
      {children}
    </Card>
  );
}

function KeyEventSummary({ title, answered, event }: { title: string; answered: boolean; event: KeyEventSettings }) {
  return (
    <Summary title={title}>
      <Badge variant={answered ? 'success' : 'warning'}>
        {t.rsvp}: {answered ? texts.confirmed : texts.pending}
      </Badge>
      <p>{formatDay(event.date)}</p>
      <p className="parent-muted">{formatClock(event.startTime)}</p>
    </Summary>
  );
}

/** The final payment deadline with 'Vence en N días', 'Vence hoy' or 'Plazo vencido'. */
export function DeadlineReminder({ deadline, today }: { deadline: string; today: string }) {
  const status = deadlineText(deadline, today);
  return (
    <Reminder icon={<CalendarClock size={22} />} title={t.deadlineTitle}>
      <p>{formatDay(deadline)}</p>
      <Badge variant={status === 'Plazo vencido' ? 'danger' : 'warning'}>{status}</Badge>
    </Reminder>
  );
}

/** Tables, their payment status and the guests they seat. */
export function TablesSummary({ family }: { family: Family }) {
  return (
    <Summary title={t.tablesTitle}>
      <Badge variant={family.hasPaid ? 'success' : 'warning'}>{family.hasPaid ? t.paid : texts.pending}</Badge>
      <p>{t.tables(family.tablesBooked)}</p>
      <p className="parent-muted">{t.guests(guestsFor(family.tablesBooked))}</p>
    </Summary>
  );
}

type RsvpField = 'awardsRsvp' | 'brunchRsvp';

function Attendance({ family, settings }: { family: Family; settings: Settings }) {
  const { mutate } = useSWRConfig();
  const save = useParentMutation(saveFamilyRsvp, {
    success: texts.toasts.familyRsvp,
    failure: texts.toasts.rsvpFailed,
    onSuccess: (updated) => mutate(myFamilyKey, updated, { revalidate: false }),
  });
  const rows: Array<{ field: RsvpField; title: string; event: KeyEventSettings }> = [
    { field: 'awardsRsvp', title: t.awardsEvent, event: settings.awards },
    { field: 'brunchRsvp', title: t.brunchEvent, event: settings.brunch },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.attendanceTitle}</CardTitle>
        <CardDescription>{t.attendanceText}</CardDescription>
      </CardHeader>
      <CardContent className="parent-attendance">
        {rows.map(({ field, title, event }) => (
          <div key={field} className="parent-attendance__row">
            <div className="parent-attendance__info">
              <div className="parent-attendance__title">
                <h4>{title}</h4>
                <Badge variant={family[field] ? 'success' : 'outline'}>{family[field] ? texts.confirmed : texts.notConfirmed}</Badge>
              </div>
              <p>{formatDay(event.date)}</p>
              <p className="parent-muted">
                {formatClockRange(event.startTime, event.endTime)} · {event.place}
              </p>
            </div>
            <AnswerButtons
              label={title}
              answer={family[field]}
              pending={save.isPending}
              onAnswer={(attending) => void save.run({ [field]: attending })}
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

export default function PortalSection() {
  const family = useFamily();
  const { data: settings } = useSettings();
  if (!settings) {
    return (
      <section className="parent-section" aria-busy="true">
        <Skeleton height="6rem" />
        <Skeleton height="6rem" />
        <Skeleton height="10rem" />
      </section>
    );
  }
  return (
    <section className="parent-section">
      <h2 className="ui-visually-hidden">{t.reminders}</h2>
      <div className="parent-grid">
        <DeadlineReminder deadline={settings.finalPaymentDeadline} today={todayInGuatemala()} />
        <Reminder icon={<Shirt size={22} />} title={t.dressTitle}>
          <p>{t.dressText}</p>
        </Reminder>
        <Reminder icon={<Camera size={22} />} title={t.photosTitle}>
          <p>{t.photosText}</p>
        </Reminder>
      </div>
      <h2 className="ui-visually-hidden">{t.summary}</h2>
      <div className="parent-grid">
        <TablesSummary family={family} />
        <KeyEventSummary title={t.awardsTitle} answered={family.awardsRsvp} event={settings.awards} />
        <KeyEventSummary title={t.brunchTitle} answered={family.brunchRsvp} event={settings.brunch} />
      </div>
      <Attendance family={family} settings={settings} />
    </section>
  );
}
