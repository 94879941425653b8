import type { GraduationEvent } from '@portal/contracts';
import { useEvents } from '@portal/api-client/events';
import { eventRsvpsXlsxUrl } from '@portal/api-client/reports';
import { useEventRsvps } from '@portal/api-client/rsvps';
import { formatDateTime } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { ExportButton } from '../common/ExportButton';
import { QueryState } from '../common/QueryState';
import { texts } from '../texts';

const t = texts.rsvps;

function EventRsvpsCard({ event }: { event: GraduationEvent }) {
  const { data: rsvps, isLoading, error } = useEventRsvps(event.id);
  const attending = rsvps?.filter((rsvp) => rsvp.attending) ?? [];
  const notAttending = (rsvps?.length ?? 0) - attending.length;
  return (
    <Card>
      <CardHeader>
        <div className="admin-rsvp__head">
          <div>
            <CardTitle>{event.titulo}</CardTitle>
            <CardDescription>{formatDateTime(event.fecha)}</CardDescription>
          </div>
          {rsvps && (
            <div className="admin-rsvp__counts">
              <Badge variant="success">
                {t.attending}: {attending.length}
              </Badge>
              <Badge variant="outline">
                {t.notAttending}: {notAttending}
              </Badge>
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <QueryState isLoading={isLoading} error={error} rows={2}>
          {attending.length === 0 ? (
            <p className="admin-muted">{t.empty}</p>
          ) : (
            <ul className="admin-rsvp__list" aria-label={t.attendingFamilies}>
              {attending.map((rsvp) => (
                <li key={rsvp.id}>
                  <span className="admin-strong">{rsvp.family.graduateName}</span>
                  <span className="admin-muted">{rsvp.family.contactName}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

export default function RsvpsSection() {
  const { data: events, isLoading, error } = useEvents();
  return (
    <section className="admin-section">
      <div className="admin-toolbar">
        <span />
        <ExportButton url={eventRsvpsXlsxUrl} fileName="rsvps-eventos.xlsx" label={t.export} />
      </div>
      <QueryState isLoading={isLoading} error={error}>
        {events && events.length === 0 ? (
          <Card>
            <p className="ui-empty">{t.noEvents}</p>
          </Card>
        ) : (
          <div className="admin-rsvp-grid">
            {events?.map((event) => (
              <EventRsvpsCard key={event.id} event={event} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
