import { IsNumber, IsString, Matches, Max, Min } from 'class-validator';
import { FAMILY_MESSAGE_MAX, type RejectReceiptInput } from '@portal/contracts';
import { HasCentavos, IsCalendarDay, IsFilled, MaxChars, Omittable, OmittableOrNull } from '../../common/validators';

/**
 * POST /api/payment-proofs/{id}/verify: what actually arrived in the account, and the document
 * number and deposit day read on the slip when the family typed them otherwise (left out or null:
 * the family's stand).
 */
export class VerifyReceiptDto {
  @Max(1_000_000, { message: 'El monto recibido no puede ser mayor que Q1,000,000.' })
  @Min(0.01, { message: 'El monto recibido debe ser de al menos Q0.01.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto recibido es requerido, en quetzales.' })
  amountReceived!: number;

  @Matches(/^[\p{L}\p{N} -]{1,40}$/u, { message: 'El número de documento admite hasta 40 letras, números, espacios o guiones.' })
  @IsString({ message: 'El número de documento admite hasta 40 letras, números, espacios o guiones.' })
  @OmittableOrNull()
  documentNumber?: string | null;

  @IsCalendarDay({ message: 'La fecha del depósito debe tener el formato AAAA-MM-DD.' })
  @OmittableOrNull()
  depositDate?: string | null;
}

/** POST /api/payment-proofs/{id}/reject: the reason (the committee's) and what the family reads. */
export class RejectReceiptDto implements RejectReceiptInput {
  @MaxChars(500, { message: 'El motivo no puede tener más de 500 caracteres.' })
  @IsFilled({ message: 'El motivo del rechazo es requerido (queda en el Historial del comité).' })
  @IsString({ message: 'El motivo del rechazo es requerido (queda en el Historial del comité).' })
  reason!: string;

  @Omittable()
  @MaxChars(FAMILY_MESSAGE_MAX, { message: `El mensaje para la familia no puede tener más de ${FAMILY_MESSAGE_MAX} caracteres.` })
  @IsString({ message: 'El mensaje para la familia debe ser texto.' })
  messageToFamily?: string;
}
