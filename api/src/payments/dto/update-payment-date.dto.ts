import { IsNumber, IsString, Max, Min } from 'class-validator';
import type { PaymentDateInput } from '@portal/contracts';
import { HasCentavos, IsCalendarDay, IsFilled, MaxChars, OmittableOrNull } from '../../common/validators';

/** PUT /api/payment-dates/:id: the whole item; the title comes from the payment number. */
export class UpdatePaymentDateDto implements PaymentDateInput {
  @MaxChars(300, { message: 'La descripción no puede tener más de 300 caracteres.' })
  @IsFilled({ message: 'La descripción es requerida.' })
  @IsString({ message: 'La descripción es requerida.' })
  description!: string;

  @IsCalendarDay({ message: 'La fecha debe ser una fecha válida (aaaa-mm-dd).' })
  date!: string;

  @MaxChars(200, { message: 'El monto no puede tener más de 200 caracteres.' })
  @IsFilled({ message: 'El monto es requerido.' })
  @IsString({ message: 'El monto es requerido.' })
  amount!: string;

  @OmittableOrNull()
  @Max(1_000_000, { message: 'El monto en quetzales debe estar entre 0 y 1,000,000.' })
  @Min(0, { message: 'El monto en quetzales debe estar entre 0 y 1,000,000.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto en quetzales debe ser un número.' })
  amountQuetzales?: number | null;

  @OmittableOrNull()
  @Max(1_000_000, { message: 'El monto para gemelos debe estar entre 0 y 1,000,000.' })
  @Min(0, { message: 'El monto para gemelos debe estar entre 0 y 1,000,000.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto para gemelos debe ser un número.' })
  twinsAmountQuetzales?: number | null;
}
