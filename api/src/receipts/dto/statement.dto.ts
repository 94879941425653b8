import { IsInt, IsString, Max, Min } from 'class-validator';
import type { CashPaymentInput, PaymentOverrideInput } from '@portal/contracts';
import { IsCalendarDay, IsFilled, MaxChars, Omittable } from '../../common/validators';

/** PUT /api/families/{id}/payments/{n}/override: this family's own amount, and why. */
export class PaymentOverrideDto implements PaymentOverrideInput {
  @Max(1_000_000, { message: 'El monto no puede ser mayor que Q1,000,000.' })
  @Min(0, { message: 'El monto no puede ser negativo.' })
  @IsInt({ message: 'El monto es requerido, en quetzales enteros.' })
  amountQuetzales!: number;

  @MaxChars(300, { message: 'El motivo no puede tener más de 300 caracteres.' })
  @IsFilled({ message: 'El motivo del ajuste es requerido (una beca, un descuento).' })
  @IsString({ message: 'El motivo del ajuste es requerido (una beca, un descuento).' })
  reason!: string;
}

/** POST /api/families/{id}/payments/{n}/cash: money received without a receipt. */
export class CashPaymentDto implements CashPaymentInput {
  @Max(1_000_000, { message: 'El monto recibido no puede ser mayor que Q1,000,000.' })
  @Min(1, { message: 'El monto recibido debe ser de al menos Q1.' })
  @IsInt({ message: 'El monto recibido es requerido, en quetzales enteros.' })
  amountReceived!: number;

  @Omittable()
  @IsCalendarDay({ message: 'La fecha del pago debe tener el formato AAAA-MM-DD.' })
  depositDate?: string;

  @Omittable()
  @MaxChars(40, { message: 'La nota no puede tener más de 40 caracteres.' })
  @IsString({ message: 'La nota debe ser texto.' })
  note?: string;
}
