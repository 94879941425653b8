import type { EventInput } from '@portal/contracts';
import { Omittable } from '../../common/validators';
import { EventRules } from './event.rules';

/** PUT /api/events/:id: any subset of the fields; what is left out stays as it was. */
export class UpdateEventDto implements Partial<EventInput> {
  @Omittable()
  @EventRules.fecha()
  fecha?: string;

  @Omittable()
  @EventRules.titulo()
  titulo?: string;

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
