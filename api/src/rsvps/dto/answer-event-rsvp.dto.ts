import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { Omittable } from '../../common/validators';
import { MAX_GUESTS } from '../../families/family.rules';
import type { EventRsvp } from '@portal/contracts';

const GUESTS = 'El número de personas debe ser un número entero mayor que 0.';
const EVENT_ID = 'El evento debe indicarse con un número entero positivo.';

export class AnswerEventRsvpDto implements EventRsvp {
  @Min(1, { message: EVENT_ID })
  @Max(2_147_483_647, { message: EVENT_ID })
  @IsInt({ message: EVENT_ID })
  eventId!: number;

  @IsBoolean({ message: 'La asistencia debe ser verdadero o falso.' })
  attending!: boolean;

  // The family's own limit (its tables x 8) is checked when the answer is written.
  @Omittable()
  @Max(MAX_GUESTS, { message: GUESTS })
  @Min(1, { message: GUESTS })
  @IsInt({ message: GUESTS })
  guests?: number;
}
