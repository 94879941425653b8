import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import type { PaymentNumber } from '@portal/contracts';
import { PARENT_MESSAGES } from '../families/parent.messages';

/** A payment number in a path is one digit, 1 to 6; anything else ('0', '7', 'abc', '1.5') is a 400. */
@Injectable()
export class ParsePaymentNumberPipe implements PipeTransform<string, PaymentNumber> {
  transform(value: string): PaymentNumber {
    if (!/^[1-6]$/.test(value)) throw new BadRequestException(PARENT_MESSAGES.paymentNumber);
    return Number(value) as PaymentNumber;
  }
}
