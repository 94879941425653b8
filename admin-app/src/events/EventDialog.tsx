import { useState, type FormEvent } from 'react';
import { EVENT_FIELD_LIMITS, type EventInput, type GraduationEvent } from '@portal/contracts';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input, Textarea } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { texts } from '../texts';
import { canSaveEvent, EMPTY_EVENT_FORM, eventToForm, formToEventInput, type EventForm } from './event-form';

const t = texts.events;

interface EventDialogProps {
  /** The event to edit; undefined to create one. */
  event?: GraduationEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (input: EventInput) => Promise<unknown>;
  saving: boolean;
}

export function EventDialog({ event, open, onOpenChange, onSave, saving }: EventDialogProps) {
  const [form, setForm] = useState<EventForm>(event ? eventToForm(event) : EMPTY_EVENT_FORM);
  const set = (field: keyof EventForm) => (change: { target: { value: string } }) => setForm({ ...form, [field]: change.target.value });

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    if (canSaveEvent(form)) void onSave(formToEventInput(form));
  }

  const text = (field: 'titulo' | 'horario' | 'lugar' | 'vestimenta', required = false) => (
    <Field id={`event-${field}`} label={t.fields[field]}>
      <Input
        id={`event-${field}`}
        value={form[field]}
        onChange={set(field)}
        placeholder={t.placeholders[field]}
        required={required}
        maxLength={EVENT_FIELD_LIMITS[field]}
      />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={event ? t.editTitle : t.createTitle}>
      <form className="admin-form" onSubmit={submit}>
        <Field id="event-fecha" label={t.fields.fecha}>
          <Input id="event-fecha" type="datetime-local" value={form.fecha} onChange={set('fecha')} required />
        </Field>
        {text('titulo', true)}
        <Field
          id="event-rsvpDeadline"
          label={t.fields.rsvpDeadline}
          hint={<span id="event-rsvpDeadline-hint">{t.hints.rsvpDeadline}</span>}
        >
          <Input
            id="event-rsvpDeadline"
            type="datetime-local"
            aria-describedby="event-rsvpDeadline-hint"
            value={form.rsvpDeadline}
            onChange={set('rsvpDeadline')}
          />
        </Field>
        <Field id="event-descripcion" label={t.fields.descripcion}>
          <Textarea
            id="event-descripcion"
            value={form.descripcion}
            onChange={set('descripcion')}
            placeholder={t.placeholders.descripcion}
            maxLength={EVENT_FIELD_LIMITS.descripcion}
          />
        </Field>
        {text('horario')}
        {text('lugar')}
        {text('vestimenta')}
        <Field id="event-imagen" label={t.fields.imagen} hint={<span id="event-imagen-hint">{t.hints.imagen}</span>}>
          <Input
            id="event-imagen"
            aria-describedby="event-imagen-hint"
            type="url"
            value={form.imagen}
            onChange={set('imagen')}
            placeholder={t.placeholders.imagen}
            maxLength={EVENT_FIELD_LIMITS.imagen}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={!canSaveEvent(form)} pending={saving}>
            {event ? t.update : t.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
