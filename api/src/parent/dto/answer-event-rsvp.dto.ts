import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import type { EventRsvp } from '@portal/contracts';

const EVENT_ID = 'El evento debe indicarse con un número entero positivo.';

export class AnswerEventRsvpDto implements EventRsvp {
  @Min(1, { message: EVENT_ID })
  @Max(2_147_483_647, { message: EVENT_ID })
  @IsInt({ message: EVENT_ID })
  eventId!: number;

  @IsBoolean({ message: 'La asistencia debe ser verdadero o falso.' })
  attending!: boolean;
}
