import { MessageCircle } from 'lucide-react';
import { maxGuests, type GraduationEvent } from '@portal/contracts';
import { eventShareText, formatDate, formatSchedule, formatTime, isEventOver, mapsUrl, whatsAppShareUrl } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card } from '@portal/ui/card';
import { AnswerButtons } from '../common/AnswerButtons';
import { closedNote } from '../common/rsvp-window';
import { AddToCalendarLink } from './CalendarLinks';
import { texts } from '../texts';
import { eventTexts } from './event-texts';

const t = eventTexts;

export function EventCard({
  event,
  answer,
  guests = null,
  tablesBooked = 0,
  pending,
  onAnswer,
  readOnlyNote = null,
}: {
  event: GraduationEvent;
  answer: boolean | null;
  guests?: number | null;
  tablesBooked?: number;
  pending: boolean;
  onAnswer: (attending: boolean, guests?: number) => void;
  /** The class is closed: the answer is shown, not asked (useClosedClassNote). */
  readOnlyNote?: string | null;
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
          closedNote={readOnlyNote ?? closedNote(event)}
          pending={pending}
          onAnswer={onAnswer}
        />
      </div>
    </Card>
  );
}
