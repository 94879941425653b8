import { IsIn, IsString } from 'class-validator';
import { REVERSAL_REASON_MAX, type ReverseCreditInput } from '@portal/contracts';
import { IsFilled, MaxChars, Omittable } from '../common/validators';

/** POST /api/ledger-entries/{id}/reverse. */
export class ReverseCreditDto implements ReverseCreditInput {
  @MaxChars(REVERSAL_REASON_MAX, { message: `El motivo no puede tener más de ${REVERSAL_REASON_MAX} caracteres.` })
  @IsFilled({ message: 'Escribe el motivo de la reversión (queda en el Historial del comité).' })
  @IsString({ message: 'Escribe el motivo de la reversión (queda en el Historial del comité).' })
  reason!: string;

  @Omittable()
  @MaxChars(REVERSAL_REASON_MAX, { message: `El mensaje para la familia no puede tener más de ${REVERSAL_REASON_MAX} caracteres.` })
  @IsString({ message: 'El mensaje para la familia debe ser texto.' })
  messageToFamily?: string;

  @Omittable()
  @IsIn(['en_revision', 'rechazado'], { message: 'El comprobante vuelve a «en_revision» o queda «rechazado».' })
  receipt?: 'en_revision' | 'rechazado';
}
