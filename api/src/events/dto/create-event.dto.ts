import type { EventInput } from '@portal/contracts';
import { EventRules } from './event.rules';

/** POST /api/events: fecha and titulo are required; the other texts may be left out or null. */
export class CreateEventDto implements Partial<EventInput> {
  @EventRules.fecha()
  fecha!: string;

  @EventRules.titulo()
  titulo!: string;

  @EventRules.descripcion()
  descripcion?: string | null;

  @EventRules.horario()
  horario?: string | null;

  @EventRules.lugar()
  lugar?: string | null;

  @EventRules.vestimenta()
  vestimenta?: string | null;

  @EventRules.imagen()
  imagen?: string | null;

  @EventRules.rsvpDeadline()
  rsvpDeadline?: string | null;
}
