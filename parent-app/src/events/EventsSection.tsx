import type { GraduationEvent } from '@portal/contracts';
import { useEvents } from '@portal/api-client/events';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { useMyEventRsvps, useSaveEventRsvp } from '@portal/api-client/rsvps';
import { isEventOver } from '@portal/format';
import { Card } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { parentToasts } from '../common/parent-toasts';
import { PhoneCalendarCard } from './CalendarLinks';
import { EventCard } from './EventCard';
import { useClosedClassNote } from '../common/closed-class';
import { useFamily } from '../family/family-context';
import { texts } from '../texts';
import { eventTexts } from './event-texts';

const t = eventTexts;

/** Upcoming events soonest first; those that are over, the latest first (events come sorted by date). */
export function byTime(events: GraduationEvent[], now: Date = new Date()): { upcoming: GraduationEvent[]; past: GraduationEvent[] } {
  return {
    upcoming: events.filter((event) => !isEventOver(event, now)),
    past: events.filter((event) => isEventOver(event, now)).reverse(),
  };
}

export default function EventsSection() {
  const { data: events, error: eventsError } = useEvents();
  const { data: rsvps, error: rsvpsError } = useMyEventRsvps();
  const family = useFamily();
  const retryFailed = useRetryFailed();
  const readOnlyNote = useClosedClassNote();
  const save = useSaveEventRsvp(parentToasts({ success: eventTexts.saved, failure: texts.toasts.rsvpFailed, reason: true }));
  if ((!events || !rsvps) && (eventsError || rsvpsError)) {
    return (
      <section className="parent-section">
        <LoadFailed onRetry={retryFailed}>
          {texts.loadFailed} {errorMessage(eventsError ?? rsvpsError)}
        </LoadFailed>
      </section>
    );
  }
  if (!events || !rsvps) {
    return (
      <section className="parent-section" aria-busy="true">
        <Skeleton height="10rem" />
        <Skeleton height="10rem" />
      </section>
    );
  }
  const answers = new Map(rsvps.map((rsvp) => [rsvp.eventId, rsvp]));
  const card = (event: GraduationEvent) => (
    <EventCard
      key={event.id}
      event={event}
      answer={answers.get(event.id)?.attending ?? null}
      guests={answers.get(event.id)?.guests ?? null}
      tablesBooked={family.tablesBooked}
      pending={save.isPending}
      readOnlyNote={readOnlyNote}
      onAnswer={(attending, guests) =>
        void save.run(attending ? { eventId: event.id, attending, guests } : { eventId: event.id, attending })
      }
    />
  );
  if (events.length === 0) {
    return (
      <section className="parent-section">
        <Card>
          <p className="ui-empty">{t.empty}</p>
        </Card>
      </section>
    );
  }
  const { upcoming, past } = byTime(events);
  return (
    <div className="parent-section">
      <section className="parent-section" aria-labelledby="parent-events-upcoming">
        <h2 id="parent-events-upcoming" className="parent-section__title">
          {t.upcoming}
        </h2>
        {upcoming.length === 0 ? (
          <Card>
            <p className="ui-empty">{t.noneUpcoming}</p>
          </Card>
        ) : (
          upcoming.map(card)
        )}
      </section>
      {/* A closed class's calendar is over: no subscription to offer. */}
      {!readOnlyNote && <PhoneCalendarCard />}
      {past.length > 0 && (
        <section className="parent-section" aria-labelledby="parent-events-past">
          <h2 id="parent-events-past" className="parent-section__title">
            {t.past}
          </h2>
          {past.map(card)}
        </section>
      )}
    </div>
  );
}
