import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { EventInput, GraduationEvent } from '@portal/contracts';
import { useCreateEvent, useDeleteEvent, useEvents, useUpdateEvent } from '@portal/api-client/events';
import { eventShareText, formatDateTime, formatSchedule } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { SectionFrame } from '../common/SectionFrame';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { DataTable, type Column } from '../common/DataTable';
import { IconButton } from '../common/IconButton';
import { ShareLink } from '../common/ShareLink';
import { QueryState } from '../common/QueryState';
import { adminToasts } from '../common/admin-toasts';
import { useCrudSection } from '../common/use-crud-section';
import { texts } from '../texts';
import { EventDialog } from './EventDialog';
import { truncate } from './truncate';

const t = texts.events;

const COLUMNS: Array<Column<GraduationEvent>> = [
  { header: t.columns.date, cell: (event) => formatDateTime(event.fecha), className: 'admin-nowrap' },
  { header: t.columns.title, cell: (event) => event.titulo, className: 'admin-strong' },
  { header: t.columns.description, cell: (event) => truncate(event.descripcion), title: (event) => event.descripcion ?? undefined },
  { header: t.columns.schedule, cell: (event) => event.horario && formatSchedule(event.horario) },
  { header: t.columns.place, cell: (event) => event.lugar },
  { header: t.columns.dress, cell: (event) => event.vestimenta },
];

export default function EventsSection() {
  const { data: events, isLoading, error } = useEvents();
  const crud = useCrudSection<GraduationEvent>();
  const create = useCreateEvent(adminToasts({ success: t.created, failure: t.createFailed, onSuccess: crud.closeDialog }));
  const update = useUpdateEvent(adminToasts({ success: t.updated, failure: t.updateFailed, onSuccess: crud.closeDialog }));
  const remove = useDeleteEvent(adminToasts({ success: t.deleted, failure: t.deleteFailed, onSuccess: crud.closeDelete }));
  const editing = crud.editing;
  const save = (input: EventInput) => (editing?.item ? update.run({ ...input, id: editing.item.id }) : create.run(input));

  return (
    <SectionFrame
      toolbar={
        <>
          <span />
          <Button onClick={crud.add}>
            <Plus size={18} aria-hidden="true" />
            {t.add}
          </Button>
        </>
      }
    >
      <Card>
        <QueryState isLoading={isLoading} error={error}>
          {events && events.length === 0 ? (
            <p className="ui-empty">{t.empty}</p>
          ) : (
            <DataTable
              rows={events ?? []}
              columns={COLUMNS}
              rowKey={(event) => event.id}
              actions={(event) => (
                <>
                  <ShareLink text={eventShareText(event, `${window.location.origin}/parent/eventos`)} label={t.shareLabel(event.titulo)} />
                  <IconButton icon={Pencil} label={t.editLabel(event.titulo)} onClick={() => crud.edit(event)} />
                  <IconButton icon={Trash2} label={t.deleteLabel(event.titulo)} onClick={() => crud.askDelete(event)} danger />
                </>
              )}
            />
          )}
        </QueryState>
      </Card>
      {editing && (
        <EventDialog
          key={editing.item?.id ?? 'new'}
          event={editing.item}
          open
          onOpenChange={(open) => !open && crud.closeDialog()}
          onSave={save}
          saving={create.isPending || update.isPending}
        />
      )}
      <ConfirmDelete
        item={crud.deleting}
        title={t.confirmTitle}
        describe={(event) => t.confirmText(event.titulo)}
        remove={remove}
        onClose={crud.closeDelete}
      />
    </SectionFrame>
  );
}
