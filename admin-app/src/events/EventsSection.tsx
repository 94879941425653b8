import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { EventInput, GraduationEvent } from '@portal/contracts';
import { createEvent, deleteEvent, eventsKey, updateEvent, useEvents } from '@portal/api-client/events';
import { eventShareText, formatDateTime, formatSchedule } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { TooltipProvider } from '@portal/ui/tooltip';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { IconButton } from '../common/IconButton';
import { ShareLink } from '../common/ShareLink';
import { QueryState } from '../common/QueryState';
import { useAdminMutation } from '../common/use-admin-mutation';
import { texts } from '../texts';
import { EventDialog } from './EventDialog';
import { truncate } from './truncate';

const t = texts.events;

/** The dialog's row: `{}` to create one, `{ item }` to edit it, null when closed. */
type Editing = { item?: GraduationEvent } | null;

export default function EventsSection() {
  const { data: events, isLoading, error } = useEvents();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<GraduationEvent | null>(null);
  const close = () => setEditing(null);

  const create = useAdminMutation(createEvent, { success: t.created, failure: t.createFailed, refresh: [eventsKey], onSuccess: close });
  const update = useAdminMutation(updateEvent, { success: t.updated, failure: t.updateFailed, refresh: [eventsKey], onSuccess: close });
  const remove = useAdminMutation(deleteEvent, {
    success: t.deleted,
    failure: t.deleteFailed,
    refresh: [eventsKey, '/api/event-rsvps/*'],
    onSuccess: () => setDeleting(null),
  });

  const save = (input: EventInput) => (editing?.item ? update.run({ ...input, id: editing.item.id }) : create.run(input));

  return (
    <TooltipProvider>
      <section className="admin-section">
        <div className="admin-toolbar">
          <span />
          <Button onClick={() => setEditing({})}>
            <Plus size={18} aria-hidden="true" />
            {t.add}
          </Button>
        </div>
        <Card>
          <QueryState isLoading={isLoading} error={error}>
            {events && events.length === 0 ? (
              <p className="ui-empty">{t.empty}</p>
            ) : (
              <Table stack>
                <TableHead>
                  <TableRow>
                    <TableHeader>{t.columns.date}</TableHeader>
                    <TableHeader>{t.columns.title}</TableHeader>
                    <TableHeader>{t.columns.description}</TableHeader>
                    <TableHeader>{t.columns.schedule}</TableHeader>
                    <TableHeader>{t.columns.place}</TableHeader>
                    <TableHeader>{t.columns.dress}</TableHeader>
                    <TableHeader>
                      <span className="ui-visually-hidden">{texts.actions}</span>
                    </TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {events?.map((event) => (
                    <TableRow key={event.id}>
                      <TableCell data-label={t.columns.date} className="admin-nowrap">
                        {formatDateTime(event.fecha)}
                      </TableCell>
                      <TableCell data-label={t.columns.title} className="admin-strong">
                        {event.titulo}
                      </TableCell>
                      <TableCell data-label={t.columns.description} title={event.descripcion ?? undefined}>
                        {truncate(event.descripcion)}
                      </TableCell>
                      <TableCell data-label={t.columns.schedule}>{event.horario && formatSchedule(event.horario)}</TableCell>
                      <TableCell data-label={t.columns.place}>{event.lugar}</TableCell>
                      <TableCell data-label={t.columns.dress}>{event.vestimenta}</TableCell>
                      <TableCell className="admin-actions">
                        <ShareLink
                          text={eventShareText(event, `${window.location.origin}/parent/eventos`)}
                          label={t.shareLabel(event.titulo)}
                        />
                        <IconButton icon={Pencil} label={t.editLabel(event.titulo)} onClick={() => setEditing({ item: event })} />
                        <IconButton icon={Trash2} label={t.deleteLabel(event.titulo)} onClick={() => setDeleting(event)} danger />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </QueryState>
        </Card>
        {editing && (
          <EventDialog
            key={editing.item?.id ?? 'new'}
            event={editing.item}
            open
            onOpenChange={(open) => !open && close()}
            onSave={save}
            saving={create.isPending || update.isPending}
          />
        )}
        <ConfirmDelete
          item={deleting}
          title={t.confirmTitle}
          describe={(event) => t.confirmText(event.titulo)}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      </section>
    </TooltipProvider>
  );
}
