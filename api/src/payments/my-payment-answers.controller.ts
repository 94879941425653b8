import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { PaymentAnswer, PaymentNumber, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { UpdatePaymentAnswerDto } from './dto/update-payment-answer.dto';
import { MyPaymentAnswersService } from './my-payment-answers.service';
import { ParsePaymentNumberPipe } from './payment-number.pipe';

@Roles('parent')
@Controller('my-payment-confirmations')
export class MyPaymentAnswersController {
  constructor(private readonly answers: MyPaymentAnswersService) {}

  @Get()
  list(@CurrentUser() user: User): Promise<PaymentAnswer[]> {
    return this.answers.list(user);
  }

  @Put(':paymentNumber')
  set(
    @CurrentUser() user: User,
    @Param('paymentNumber', ParsePaymentNumberPipe) paymentNumber: PaymentNumber,
    @Body() body: UpdatePaymentAnswerDto,
  ): Promise<PaymentAnswer> {
    return this.answers.set(user, paymentNumber, body.status);
  }
}
