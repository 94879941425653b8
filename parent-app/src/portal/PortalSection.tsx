import { CalendarClock, Camera, Shirt } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  GUESTS_PER_TABLE,
  maxGuests,
  type Family,
  type GraduationEvent,
  type KeyEventSettings,
  type RsvpAnswer,
  type Settings,
} from '@portal/contracts';
import { useEvents } from '@portal/api-client/events';
import { useSaveFamilyRsvp } from '@portal/api-client/rsvps';
import { useSettings } from '@portal/api-client/settings';
import { deadlineText, formatClock, formatClockRange, formatDay, todayInGuatemala } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Skeleton } from '@portal/ui/skeleton';
import { AnswerButtons } from '../common/AnswerButtons';
import { useClosedClassNote } from '../common/closed-class';
import { closedNote } from '../common/rsvp-window';
import { parentToasts } from '../common/parent-toasts';
import { useFamily } from '../family/family-context';
import { MoneyCard } from './MoneyCard';
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

/** The answer as a badge: 'Confirmado', 'No Asistiré' or, while unanswered, 'Pendiente'. */
export function answerBadge(answer: RsvpAnswer | null): { variant: 'success' | 'outline' | 'warning'; text: string } {
  if (answer === 'attending') return { variant: 'success', text: texts.confirmed };
  if (answer === 'not_attending') return { variant: 'outline', text: texts.events.notAttending };
  return { variant: 'warning', text: texts.pending };
}

export function KeyEventSummary({ title, answer, event }: { title: string; answer: RsvpAnswer | null; event: KeyEventSettings }) {
  const badge = answerBadge(answer);
  return (
    <Summary title={title}>
      <Badge variant={badge.variant}>
        {t.rsvp}: {badge.text}
      </Badge>
      <p>{formatDay(event.date)}</p>
      <p className="parent-muted">{formatClock(event.startTime)}</p>
    </Summary>
  );
}

/**
 * The final payment deadline with 'Vence en N días', 'Vence hoy' or 'Plazo vencido'; the last only
 * to a family that owes money today (a family up to date has nothing overdue).
 */
export function DeadlineReminder({ deadline, today, owes }: { deadline: string; today: string; owes: boolean }) {
  const status = deadlineText(deadline, today);
  const overdue = status === 'Plazo vencido';
  return (
    <Reminder icon={<CalendarClock size={22} />} title={t.deadlineTitle}>
      <p>{formatDay(deadline)}</p>
      {(!overdue || owes) && <Badge variant={overdue ? 'danger' : 'warning'}>{status}</Badge>}
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

type KeyEvent = 'awards' | 'brunch';

export function Attendance({ family, settings, events }: { family: Family; settings: Settings; events: readonly GraduationEvent[] }) {
  const readOnlyNote = useClosedClassNote();
  const save = useSaveFamilyRsvp(parentToasts({ success: texts.toasts.familyRsvp, failure: texts.toasts.rsvpFailed, reason: true }));
  const rows: Array<{ key: KeyEvent; title: string; event: KeyEventSettings; eventId: number | null }> = [
    { key: 'awards', title: t.awardsEvent, event: settings.awards, eventId: family.awardsEventId },
    { key: 'brunch', title: t.brunchEvent, event: settings.brunch, eventId: family.brunchEventId },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.attendanceTitle}</CardTitle>
        <CardDescription>{t.attendanceText}</CardDescription>
      </CardHeader>
      <CardContent className="parent-attendance">
        {rows.map(({ key, title, event, eventId }) => {
          const answer = family[`${key}Answer`];
          const guests = family[`${key}Guests`];
          const badge = answerBadge(answer);
          const graduationEvent = events.find((candidate) => candidate.id === eventId);
          return (
            <div key={key} className="parent-attendance__row">
              <div className="parent-attendance__info">
                <div className="parent-attendance__title">
                  <h4>{title}</h4>
                  <Badge variant={badge.variant}>{badge.text}</Badge>
                  {guests !== null && <span className="parent-muted">{texts.peopleCount(guests)}</span>}
                </div>
                <p>{formatDay(event.date)}</p>
                <p className="parent-muted">
                  {formatClockRange(event.startTime, event.endTime)} · {event.place}
                </p>
              </div>
              <AnswerButtons
                label={title}
                answer={answer === null ? null : answer === 'attending'}
                guests={guests}
                maxGuests={maxGuests(family.tablesBooked)}
                closedNote={readOnlyNote ?? (graduationEvent ? closedNote(graduationEvent) : null)}
                pending={save.isPending}
                onAnswer={(attending, people) =>
                  void save.run(attending ? { [`${key}Rsvp`]: true, [`${key}Guests`]: people } : { [`${key}Rsvp`]: false })
                }
              />
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}

export default function PortalSection() {
  const family = useFamily();
  const { data: settings } = useSettings();
  const { data: events } = useEvents();
  if (!settings || !events) {
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
      {family.money && <MoneyCard money={family.money} />}
      <h2 className="ui-visually-hidden">{t.reminders}</h2>
      <div className="parent-grid">
        <DeadlineReminder
          deadline={settings.finalPaymentDeadline}
          today={todayInGuatemala()}
          owes={family.money ? family.money.owedNow > 0 : !family.hasPaid}
        />
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
        <KeyEventSummary title={t.awardsTitle} answer={family.awardsAnswer} event={settings.awards} />
        <KeyEventSummary title={t.brunchTitle} answer={family.brunchAnswer} event={settings.brunch} />
      </div>
      <Attendance family={family} settings={settings} events={events} />
    </section>
  );
}
