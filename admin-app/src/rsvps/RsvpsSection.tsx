import type { GraduationEvent } from '@portal/contracts';
import { useEvents } from '@portal/api-client/events';
import { eventRsvpsXlsxUrl } from '@portal/api-client/reports';
import { useEventRsvps, usePendingFamilies } from '@portal/api-client/rsvps';
import { formatDateTime } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { ExportButton } from '../common/ExportButton';
import { QueryState } from '../common/QueryState';
import { texts } from '../texts';

const t = texts.rsvps;

function FamilyList({
  label,
  families,
}: {
  label: string;
  families: Array<{ key: number; graduateName: string; contactName: string; people?: number | null }>;
}) {
  if (families.length === 0) return null;
  return (
    <div className="admin-rsvp__group">
      <h4 className="admin-rsvp__group-title">
        {label} ({families.length})
      </h4>
      <ul className="admin-rsvp__list" aria-label={label}>
        {families.map((family) => (
          <li key={family.key}>
            <span className="admin-strong">{family.graduateName}</span>
            <span className="admin-muted">{family.contactName}</span>
            {family.people != null && <span className="admin-muted">{t.people(family.people)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who attends (and how many people), who declined and who has not answered (decisions item 17). */
export function EventRsvpsCard({ event }: { event: GraduationEvent }) {
  const { data: rsvps, isLoading, error } = useEventRsvps(event.id);
  const { data: pending } = usePendingFamilies(event.id);
  const attending = rsvps?.filter((rsvp) => rsvp.attending) ?? [];
  const declined = rsvps?.filter((rsvp) => !rsvp.attending) ?? [];
  const notAttending = declined.length;
  const people = attending.reduce((sum, rsvp) => sum + (rsvp.guests ?? 1), 0);
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
              {pending && (
                <Badge variant="warning">
                  {t.unanswered}: {pending.length}
                </Badge>
              )}
              <span className="admin-muted">{t.peopleTotal(people)}</span>
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <QueryState isLoading={isLoading} error={error} rows={2}>
          {rsvps?.length === 0 && <p className="admin-muted">{t.empty}</p>}
          <FamilyList
            label={t.attendingFamilies}
            families={attending.map((rsvp) => ({ key: rsvp.id, ...rsvp.family, people: rsvp.guests ?? 1 }))}
          />
          <FamilyList label={t.declinedFamilies} families={declined.map((rsvp) => ({ key: rsvp.id, ...rsvp.family }))} />
          <FamilyList label={t.pendingFamilies} families={(pending ?? []).map((family) => ({ key: family.id, ...family }))} />
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
