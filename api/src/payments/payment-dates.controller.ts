import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { PaymentDate, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { UpdatePaymentDateDto } from './dto/update-payment-date.dto';
import { PaymentDatesService } from './payment-dates.service';

@Roles('admin')
@Controller('payment-dates')
export class PaymentDatesController {
  constructor(private readonly paymentDates: PaymentDatesService) {}

  /** Parents see the same six due dates in their calendar. */
  @Roles('admin', 'parent')
  @Get()
  list(): Promise<PaymentDate[]> {
    return this.paymentDates.list();
  }

  @Put(':id')
  update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: UpdatePaymentDateDto): Promise<PaymentDate> {
    return this.paymentDates.update(user, id, body);
  }
}
