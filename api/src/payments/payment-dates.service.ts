import { Injectable, NotFoundException } from '@nestjs/common';
import { PAYMENT_NUMBERS, PAYMENT_TITLES, type PaymentDate, type PaymentNumber, type User } from '@portal/contracts';
import { toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import type { UpdatePaymentDateDto } from './dto/update-payment-date.dto';
import { PaymentDateEntity } from './payment-date.entity';
import { recordChange } from '../history/record';

export const PAYMENT_DATE_TEXTS = { notFound: 'No encontramos ese pago.' } as const;

export function toPaymentDate(row: PaymentDateEntity): PaymentDate {
  return {
    id: row.id,
    title: PAYMENT_TITLES[row.id],
    description: row.description,
    date: row.date,
    amount: row.amount,
    amountQuetzales: row.amountCentavos === null ? null : toQuetzales(row.amountCentavos),
    twinsAmountQuetzales: row.twinsAmountCentavos === null ? null : toQuetzales(row.twinsAmountCentavos),
  };
}

const isPaymentNumber = (id: number): id is PaymentNumber => (PAYMENT_NUMBERS as readonly number[]).includes(id);

@Injectable()
export class PaymentDatesService {
  constructor(private readonly db: Database) {}

  async list(): Promise<PaymentDate[]> {
    const rows = await this.db.manager.find(PaymentDateEntity, { order: { id: 'ASC' } });
    return rows.map(toPaymentDate);
  }

  update(user: User, id: number, input: UpdatePaymentDateDto): Promise<PaymentDate> {
    if (!isPaymentNumber(id)) throw new NotFoundException(PAYMENT_DATE_TEXTS.notFound);
    const columns: Partial<PaymentDateEntity> = { description: input.description.trim(), date: input.date, amount: input.amount.trim() };
    // Left out, the numbers stay as they were: the spec's body (three texts) changes only the texts.
    if (input.amountQuetzales !== undefined)
      columns.amountCentavos = input.amountQuetzales === null ? null : toCentavos(input.amountQuetzales);
    if (input.twinsAmountQuetzales !== undefined)
      columns.twinsAmountCentavos = input.twinsAmountQuetzales === null ? null : toCentavos(input.twinsAmountQuetzales);
    return this.db.write(async (manager) => {
      const current = await manager.findOneBy(PaymentDateEntity, { id });
      if (!current) throw new NotFoundException(PAYMENT_DATE_TEXTS.notFound);
      await manager.update(PaymentDateEntity, { id }, columns);
      const updated = toPaymentDate(await manager.findOneByOrFail(PaymentDateEntity, { id }));
      const change = {
        entity: 'payment-date' as const,
        entityId: id,
        label: updated.title,
        before: toPaymentDate(current),
        after: updated,
      };
      await recordChange(manager, user, { action: 'payment-date.update', ...change });
      return updated;
    });
  }
}
