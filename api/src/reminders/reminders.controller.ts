import { Controller, Get } from '@nestjs/common';
import type { PaymentReminder } from '@portal/contracts';
import { Roles } from '../common/auth.decorators';
import { RemindersService } from './reminders.service';

/** What the reminders sent, or left out, newest first ('Correos', 'Recordatorios de pago'). */
@Roles('admin')
@Controller('payment-reminders')
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Get()
  list(): Promise<PaymentReminder[]> {
    return this.reminders.list();
  }
}
