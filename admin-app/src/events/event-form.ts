import type { EventInput, GraduationEvent } from '@portal/contracts';
import { fromDateTimeLocal, toDateTimeLocal } from '@portal/format';

/** What the dialog edits: every field as the text of its input. */
export interface EventForm {
  fecha: string;
  titulo: string;
  descripcion: string;
  horario: string;
  lugar: string;
  vestimenta: string;
  imagen: string;
  /** Guatemala time, like fecha; empty for no deadline. */
  rsvpDeadline: string;
}

export const EMPTY_EVENT_FORM: EventForm = {
  fecha: '',
  titulo: '',
  descripcion: '',
  horario: '',
  lugar: '',
  vestimenta: '',
  imagen: '',
  rsvpDeadline: '',
};

export function eventToForm(event: GraduationEvent): EventForm {
  return {
    fecha: toDateTimeLocal(event.fecha),
    titulo: event.titulo,
    descripcion: event.descripcion ?? '',
    horario: event.horario ?? '',
    lugar: event.lugar ?? '',
    vestimenta: event.vestimenta ?? '',
    imagen: event.imagen ?? '',
    rsvpDeadline: event.rsvpDeadline ? toDateTimeLocal(event.rsvpDeadline) : '',
  };
}

/** Save needs a date and a title. */
export const canSaveEvent = (form: EventForm) => form.fecha.trim() !== '' && form.titulo.trim() !== '';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request body: the date typed in Guatemala time sent as UTC, empty optionals as null. */
export function formToEventInput(form: EventForm): EventInput {
  return {
    fecha: fromDateTimeLocal(form.fecha),
    titulo: form.titulo.trim(),
    descripcion: orNull(form.descripcion),
    horario: orNull(form.horario),
    lugar: orNull(form.lugar),
    vestimenta: orNull(form.vestimenta),
    imagen: orNull(form.imagen),
    rsvpDeadline: form.rsvpDeadline.trim() === '' ? null : fromDateTimeLocal(form.rsvpDeadline),
  };
}
