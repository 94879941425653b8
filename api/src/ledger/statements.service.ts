import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { PAYMENT_NUMBERS, PAYMENT_TITLES, type PaymentNumber, type Statement, type User } from '@portal/contracts';
import { formatQuetzales, toCentavos, todayInGuatemala, toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { LedgerCredits } from './ledger-credits';
import { LedgerMail } from './ledger-mail';
import { PaymentStore, type PaymentOverride } from '../payments/payment.store';
import type { CashPaymentDto, PaymentOverrideDto, RemoveOverrideDto } from './dto/statement.dto';
import { recordChange } from '../history/record';
import { StatementBuilder } from './statement-builder';

export const STATEMENT_TEXTS = {
  familyNotFound: 'No encontramos esa familia.',
  paymentNotFound: 'El número de pago debe ser del 1 al 6.',
  overrideNotFound: 'Esta familia no tiene un monto propio para ese pago.',
  reasonRequired: 'Escribe el motivo para quitar el monto propio (queda en el Historial).',
} as const;

const isPaymentNumber = (value: number): value is PaymentNumber => (PAYMENT_NUMBERS as readonly number[]).includes(value);

/** The history row of a family's own amount for a payment (its amount and reason, before and after). */
function overrideChange(
  action: 'set' | 'delete',
  familyId: number,
  paymentNumber: PaymentNumber,
  before: Pick<PaymentOverride, 'amountCentavos' | 'reason' | 'familyMessage'> | null,
  after: Pick<PaymentOverride, 'amountCentavos' | 'reason' | 'familyMessage'> | null,
) {
  // The history shows quetzales, as it always has.
  const shown = (row: typeof before) =>
    row ? { amountQuetzales: toQuetzales(row.amountCentavos), reason: row.reason, familyMessage: row.familyMessage } : null;
  return {
    action: `payment-override.${action}`,
    entity: 'payment-override' as const,
    entityId: paymentNumber,
    familyId,
    label: PAYMENT_TITLES[paymentNumber],
    before: shown(before),
    after: shown(after),
  };
}

/** Account statements (estado de cuenta), a family's own amounts, and money received by hand. */
@Injectable()
export class StatementsService {
  constructor(
    private readonly db: Database,
    private readonly builder: StatementBuilder,
    private readonly credits: LedgerCredits,
    private readonly families: FamilyStore,
    private readonly payments: PaymentStore,
    private readonly mail: LedgerMail,
  ) {}

  forFamily(familyId: number, manager: EntityManager = this.db.manager): Promise<Statement> {
    return this.builder.statement(familyId, manager);
  }

  /** Statements of the given families with a handful of queries, whatever their number (the workbook's sheet). */
  build(manager: EntityManager, families: FamilyRecord[]): Promise<Statement[]> {
    return this.builder.statements(manager, families);
  }

  async setOverride(user: User, familyId: number, paymentNumber: number, input: PaymentOverrideDto): Promise<Statement> {
    const payment = this.paymentNumber(paymentNumber);
    const target = await this.families.target(familyId);
    return this.db.write(async (manager) => {
      if (!target || !(await this.families.lock(manager, target))) throw new NotFoundException(STATEMENT_TEXTS.familyNotFound);
      const row = {
        familyId,
        paymentNumber: payment,
        amountCentavos: toCentavos(input.amountQuetzales),
        reason: input.reason.trim(),
        familyMessage: input.messageToFamily?.trim() || null,
      };
      // The amount it replaces stays, crossed out, with the new reason.
      const replaced = `Reemplazado por ${formatQuetzales(input.amountQuetzales)}: ${row.reason}`.slice(0, 300);
      const before = await this.payments.setOverride(manager, user, row, replaced);
      await recordChange(manager, user, overrideChange('set', familyId, payment, before, row));
      return this.forFamily(familyId, manager);
    });
  }

  /** The family owes the payment's amount again; the committee says why (kept in 'Historial'). */
  async removeOverride(user: User, familyId: number, paymentNumber: number, input: RemoveOverrideDto | undefined): Promise<Statement> {
    const payment = this.paymentNumber(paymentNumber);
    const reason = input?.reason?.trim() ?? '';
    if (reason === '')
      throw new BadRequestException({ message: STATEMENT_TEXTS.reasonRequired, errors: { reason: [STATEMENT_TEXTS.reasonRequired] } });
    const target = await this.families.target(familyId);
    return this.db.write(async (manager) => {
      if (!target || !(await this.families.lock(manager, target))) throw new NotFoundException(STATEMENT_TEXTS.familyNotFound);
      const before = await this.payments.removeOverride(manager, user, familyId, payment, reason);
      if (!before) throw new NotFoundException(STATEMENT_TEXTS.overrideNotFound);
      await recordChange(manager, user, {
        ...overrideChange('delete', familyId, payment, before, null),
        after: { reversed: true, reason },
      });
      return this.forFamily(familyId, manager);
    });
  }

  /**
   * Money received without a receipt (cash at a meeting, a transfer checked by hand): a credit by this
   * admin, with its receipt's number, e-mailed to the family.
   */
  async recordCash(user: User, familyId: number, paymentNumber: number, input: CashPaymentDto): Promise<Statement> {
    const payment = this.paymentNumber(paymentNumber);
    const target = await this.families.target(familyId);
    return this.db.write(async (manager) => {
      if (!target || !(await this.families.lock(manager, target))) throw new NotFoundException(STATEMENT_TEXTS.familyNotFound);
      const entry = await this.credits.credit(manager, user, {
        familyId,
        source: 'efectivo',
        method: input.method ?? 'efectivo',
        amount: toCentavos(input.amountReceived),
        paymentNumber: payment,
        depositDate: input.depositDate ?? todayInGuatemala(),
        note: input.note?.trim() || null,
      });
      const statement = await this.forFamily(familyId, manager);
      // The family is told, with its receipt's number, like a verified receipt or a bank deposit.
      await this.mail.recorded(manager, familyId, {
        entryId: entry.id,
        paymentNumber: payment,
        amount: toQuetzales(entry.amount),
        statement,
      });
      return statement;
    });
  }

  private paymentNumber(value: number): PaymentNumber {
    if (!isPaymentNumber(value)) throw new NotFoundException(STATEMENT_TEXTS.paymentNotFound);
    return value;
  }
}
