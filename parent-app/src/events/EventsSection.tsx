import { MessageCircle } from 'lucide-react';
import { maxGuests, type GraduationEvent } from '@portal/contracts';
import { useEvents } from '@portal/api-client/events';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { useMyEventRsvps, useSaveEventRsvp } from '@portal/api-client/rsvps';
import { eventShareText, formatDate, formatSchedule, formatTime, isEventOver, mapsUrl, whatsAppShareUrl } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { AnswerButtons } from '../common/AnswerButtons';
import { closedNote } from '../common/rsvp-window';
import { parentToasts } from '../common/parent-toasts';
import { AddToCalendarLink, PhoneCalendarCard } from './CalendarLinks';
import { useFamily } from '../family/family-context';
import { texts } from '../texts';

const t = texts.events;

export function EventCard({
  event,
  answer,
  guests = null,
  tablesBooked = 0,
  pending,
  onAnswer,
}: {
  event: GraduationEvent;
  answer: boolean | null;
  guests?: number | null;
  tablesBooked?: number;
  pending: boolean;
  onAnswer: (attending: boolean, guests?: number) => void;
}) {
  const over = isEventOver(event);
  return (
    <Card className="parent-event">
      {event.imagen && <img className="parent-event__image" src={event.imagen} alt="" loading="lazy" />}
      <div className="parent-event__body">
        <div className="parent-event__head">
          <h3 className="parent-card-title">{event.titulo}</h3>
          {answer !== null && (
            <span className="parent-event__answer">
              <Badge variant={answer ? 'success' : 'outline'}>{answer ? t.attending : t.notAttending}</Badge>
              {answer && guests !== null && <span className="parent-muted">{texts.peopleCount(guests)}</span>}
            </span>
          )}
        </div>
        <p className="parent-event__date">
          {/* With a schedule the time shows there, once, in the same style. */}
          {event.horario ? formatDate(event.fecha) : `${formatDate(event.fecha)} · ${formatTime(event.fecha)}`}
        </p>
        <dl className="parent-event__facts">
          {event.horario && (
            <>
              <dt>{t.schedule}</dt>
              <dd>{formatSchedule(event.horario)}</dd>
            </>
          )}
          {event.lugar && (
            <>
              <dt>{t.place}</dt>
              <dd>
                {event.lugar}{' '}
                <a
                  className="parent-event__map"
                  href={mapsUrl(event.lugar)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t.directionsTo(event.lugar)}
                >
                  {t.directions}
                </a>
              </dd>
            </>
          )}
          {event.vestimenta && (
            <>
              <dt>{t.dress}</dt>
              <dd>{event.vestimenta}</dd>
            </>
          )}
        </dl>
        {event.descripcion && <p className="ui-multiline">{event.descripcion}</p>}
        {!over && (
          <a
            className="parent-event__share"
            href={whatsAppShareUrl(eventShareText(event, `${window.location.origin}/parent/eventos`))}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.shareLabel(event.titulo)}
          >
            <MessageCircle size={16} aria-hidden="true" />
            {t.share}
          </a>
        )}
        {!over && <AddToCalendarLink event={event} />}
        <AnswerButtons
          label={`${t.yourAnswer}: ${event.titulo}`}
          answer={answer}
          guests={guests}
          maxGuests={maxGuests(tablesBooked)}
          closedNote={closedNote(event)}
          pending={pending}
          onAnswer={onAnswer}
        />
      </div>
    </Card>
  );
}

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
  const save = useSaveEventRsvp(parentToasts({ success: texts.toasts.eventRsvp, failure: texts.toasts.rsvpFailed, reason: true }));
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
      <PhoneCalendarCard />
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
