import { IsIn, IsNumber, IsString, Max, Min } from 'class-validator';
import {
  CREDIT_METHODS,
  CREDIT_NOTE_MAX,
  FAMILY_MESSAGE_MAX,
  REVERSAL_REASON_MAX,
  type CashPaymentInput,
  type CreditMethod,
  type PaymentOverrideInput,
} from '@portal/contracts';
import { HasCentavos, IsCalendarDay, IsFilled, MaxChars, Omittable } from '../../common/validators';

/** PUT /api/families/{id}/payments/{n}/override: this family's own amount, and why. */
export class PaymentOverrideDto implements PaymentOverrideInput {
  @Max(1_000_000, { message: 'El monto no puede ser mayor que Q1,000,000.' })
  @Min(0, { message: 'El monto no puede ser negativo.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto es requerido, en quetzales.' })
  amountQuetzales!: number;

  @MaxChars(300, { message: 'El motivo no puede tener más de 300 caracteres.' })
  @IsFilled({ message: 'El motivo del ajuste es requerido (una beca, un descuento).' })
  @IsString({ message: 'El motivo del ajuste es requerido (una beca, un descuento).' })
  reason!: string;

  @Omittable()
  @MaxChars(FAMILY_MESSAGE_MAX, { message: `El mensaje para la familia no puede tener más de ${FAMILY_MESSAGE_MAX} caracteres.` })
  @IsString({ message: 'El mensaje para la familia debe ser texto.' })
  messageToFamily?: string;
}

/** POST /api/families/{id}/payments/{n}/cash: money received without a receipt. */
export class CashPaymentDto implements CashPaymentInput {
  @Max(1_000_000, { message: 'El monto recibido no puede ser mayor que Q1,000,000.' })
  @Min(0.01, { message: 'El monto recibido debe ser de al menos Q0.01.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto recibido es requerido, en quetzales.' })
  amountReceived!: number;

  @Omittable()
  @IsCalendarDay({ message: 'La fecha del pago debe tener el formato AAAA-MM-DD.' })
  depositDate?: string;

  @Omittable()
  @IsIn(CREDIT_METHODS, { message: 'La forma de pago debe ser efectivo, transferencia, cheque o depósito.' })
  method?: CreditMethod;

  @Omittable()
  @MaxChars(CREDIT_NOTE_MAX, {
    message: `La nota no puede tener más de ${CREDIT_NOTE_MAX} caracteres: acórtala (nada se corta sin avisar).`,
  })
  @IsString({ message: 'La nota debe ser texto.' })
  note?: string;
}

/** DELETE /api/families/{id}/payments/{n}/override: why the family owes the payment's amount again. */
export class RemoveOverrideDto {
  @MaxChars(REVERSAL_REASON_MAX, { message: `El motivo no puede tener más de ${REVERSAL_REASON_MAX} caracteres.` })
  @IsFilled({ message: 'Escribe el motivo para quitar el monto propio (queda en el Historial).' })
  @IsString({ message: 'Escribe el motivo para quitar el monto propio (queda en el Historial).' })
  reason!: string;
}
