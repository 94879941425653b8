import { IsNumber, IsString, Max, Min } from 'class-validator';
import { HasCentavos, IsFilled, MaxChars } from '../../common/validators';

/** POST /api/payment-proofs/{id}/verify: what actually arrived in the account. */
export class VerifyReceiptDto {
  @Max(1_000_000, { message: 'El monto recibido no puede ser mayor que Q1,000,000.' })
  @Min(0.01, { message: 'El monto recibido debe ser de al menos Q0.01.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto recibido es requerido, en quetzales.' })
  amountReceived!: number;
}

/** POST /api/payment-proofs/{id}/reject: the reason the family will read. */
export class RejectReceiptDto {
  @MaxChars(500, { message: 'El motivo no puede tener más de 500 caracteres.' })
  @IsFilled({ message: 'El motivo del rechazo es requerido.' })
  @IsString({ message: 'El motivo del rechazo es requerido.' })
  reason!: string;
}
