import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { PaymentConfirmation, PaymentNumber, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { UpdatePaymentConfirmationDto } from './dto/update-payment-confirmation.dto';
import { MyPaymentConfirmationsService } from './my-payment-confirmations.service';
import { ParsePaymentNumberPipe } from './payment-number.pipe';

@Roles('parent')
@Controller('my-payment-confirmations')
export class MyPaymentConfirmationsController {
  constructor(private readonly confirmations: MyPaymentConfirmationsService) {}

  @Get()
  list(@CurrentUser() user: User): Promise<PaymentConfirmation[]> {
    return this.confirmations.list(user);
  }

  @Put(':paymentNumber')
  set(
    @CurrentUser() user: User,
    @Param('paymentNumber', ParsePaymentNumberPipe) paymentNumber: PaymentNumber,
    @Body() body: UpdatePaymentConfirmationDto,
  ): Promise<PaymentConfirmation> {
    return this.confirmations.set(user, paymentNumber, body.status);
  }
}
