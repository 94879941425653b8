import { IsIn } from 'class-validator';
import { PAYMENT_STATUSES, type PaymentStatus } from '@portal/contracts';

export class UpdatePaymentAnswerDto {
  @IsIn(PAYMENT_STATUSES, { message: "El estado de pago debe ser 'ya_pague' o 'no_asistire'." })
  status!: PaymentStatus;
}
