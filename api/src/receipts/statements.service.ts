import { Injectable, NotFoundException } from '@nestjs/common';
import {
  PAYMENT_NUMBERS,
  PAYMENT_TITLES,
  type PaymentNumber,
  type PaymentProof,
  type PaymentState,
  type Statement,
  type StatementLine,
  type User,
} from '@portal/contracts';
import { In, type EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { lockFamily } from '../families/family-lock';
import { FamilyEntity } from '../families/family.entity';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { PaymentOverrideEntity } from '../payments/payment-override.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { guatemalaToday } from './paid-rule';
import type { CashPaymentDto, PaymentOverrideDto } from './dto/statement.dto';
import { paymentReference } from '../bank/reference';
import { recordChange } from '../history/record';
import { SettingsEntity } from '../settings/settings.entity';
import { proofChange, toPaymentProof } from './receipts.service';

export const STATEMENT_TEXTS = {
  familyNotFound: 'No encontramos esa familia.',
  paymentNotFound: 'El número de pago debe ser del 1 al 6.',
  overrideNotFound: 'Esta familia no tiene un monto propio para ese pago.',
} as const;

const isPaymentNumber = (value: number): value is PaymentNumber => (PAYMENT_NUMBERS as readonly number[]).includes(value);

type Amounts = Pick<PaymentDateEntity, 'id' | 'date' | 'amountQuetzales' | 'twinsAmountQuetzales'>;

/**
 * What a family owes for a payment: its own amount when the committee set one, the twins' amount
 * for a family with two graduates when the payment has one, else the payment's amount.
 */
export function expectedAmount(
  payment: Amounts,
  family: Pick<FamilyEntity, 'graduates'>,
  override: Pick<PaymentOverrideEntity, 'amountQuetzales'> | undefined,
): { expected: number | null; from: StatementLine['expectedFrom'] } {
  if (override) return { expected: override.amountQuetzales, from: 'ajuste' };
  if (family.graduates === 2 && payment.twinsAmountQuetzales !== null) return { expected: payment.twinsAmountQuetzales, from: 'gemelos' };
  if (payment.amountQuetzales !== null) return { expected: payment.amountQuetzales, from: 'pago' };
  return { expected: null, from: null };
}

/** Where a payment stands, from its receipts (newest last) and what is owed. */
export function paymentState(receipts: PaymentProof[], expected: number | null, received: number): PaymentState {
  if (receipts.some((proof) => proof.state === 'verificado')) {
    return expected !== null && received < expected ? 'parcial' : 'verificado';
  }
  if (receipts.some((proof) => proof.state === 'en_revision')) return 'en_revision';
  if (receipts.length > 0) return 'rechazado';
  return 'pendiente';
}

/** The history row of a family's own amount for a payment (its amount and reason, before and after). */
function overrideChange(
  action: 'set' | 'delete',
  familyId: number,
  paymentNumber: PaymentNumber,
  before: Pick<PaymentOverrideEntity, 'amountQuetzales' | 'reason'> | null,
  after: Pick<PaymentOverrideEntity, 'amountQuetzales' | 'reason'> | null,
) {
  const shown = (row: typeof before) => (row ? { amountQuetzales: row.amountQuetzales, reason: row.reason } : null);
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

/** Account statements (estado de cuenta), a family's own amounts, and payments received in cash. */
@Injectable()
export class StatementsService {
  constructor(private readonly db: Database) {}

  async forFamily(familyId: number, manager: EntityManager = this.db.manager): Promise<Statement> {
    const family = await manager.findOneBy(FamilyEntity, { id: familyId });
    if (!family) throw new NotFoundException(STATEMENT_TEXTS.familyNotFound);
    const [statement] = await this.build(manager, [family]);
    return statement!;
  }

  /** Statements of the given families with five queries, whatever their number (the workbook's sheet). */
  async build(manager: EntityManager, families: FamilyEntity[]): Promise<Statement[]> {
    const ids = families.map((family) => family.id);
    const [settings, payments, overrides, proofs] = await Promise.all([
      manager.findOneOrFail(SettingsEntity, { select: { classYear: true }, where: { id: 1 } }),
      manager.find(PaymentDateEntity, { order: { id: 'ASC' } }),
      ids.length === 0 ? [] : manager.find(PaymentOverrideEntity, { where: { familyId: In(ids) } }),
      ids.length === 0 ? [] : manager.find(PaymentProofEntity, { where: { familyId: In(ids) }, order: { uploadedAt: 'ASC', id: 'ASC' } }),
    ]);
    const overrideOf = new Map(overrides.map((row) => [`${row.familyId}:${row.paymentNumber}`, row]));
    const proofsOf = new Map<string, PaymentProof[]>();
    for (const row of proofs) {
      const key = `${row.familyId}:${row.paymentNumber}`;
      proofsOf.set(key, [...(proofsOf.get(key) ?? []), toPaymentProof(row)]);
    }
    return families.map((family) => {
      const lines = payments.map((payment): StatementLine => {
        const key = `${family.id}:${payment.id}`;
        const override = overrideOf.get(key);
        const { expected, from } = expectedAmount(payment, family, override);
        const receipts = proofsOf.get(key) ?? [];
        const received = receipts.reduce((sum, proof) => sum + (proof.state === 'verificado' ? (proof.review?.amountReceived ?? 0) : 0), 0);
        return {
          paymentNumber: payment.id,
          title: PAYMENT_TITLES[payment.id],
          dueDate: payment.date,
          expected,
          expectedFrom: from,
          overrideReason: override?.reason ?? null,
          received,
          balance: expected === null ? null : expected - received,
          state: paymentState(receipts, expected, received),
          receipts,
        };
      });
      const expected = lines.reduce((sum, line) => sum + (line.expected ?? 0), 0);
      const received = lines.reduce((sum, line) => sum + line.received, 0);
      return {
        familyId: family.id,
        graduateName: family.graduateName,
        contactName: family.contactName,
        graduates: family.graduates,
        paymentReference: paymentReference(settings.classYear, family.id),
        lines,
        totals: { expected, received, balance: expected - received },
      };
    });
  }

  setOverride(user: User, familyId: number, paymentNumber: number, input: PaymentOverrideDto): Promise<Statement> {
    const payment = this.paymentNumber(paymentNumber);
    return this.db.write(async (manager) => {
      if (!(await lockFamily(this.db, manager, familyId))) throw new NotFoundException(STATEMENT_TEXTS.familyNotFound);
      const row = { familyId, paymentNumber: payment, amountQuetzales: input.amountQuetzales, reason: input.reason.trim() };
      const before = await manager.findOneBy(PaymentOverrideEntity, { familyId, paymentNumber: payment });
      await manager.upsert(PaymentOverrideEntity, { ...row, setByName: user.name, setAt: new Date() }, ['familyId', 'paymentNumber']);
      await recordChange(manager, overrideChange('set', familyId, payment, before, row));
      return this.forFamily(familyId, manager);
    });
  }

  removeOverride(familyId: number, paymentNumber: number): Promise<Statement> {
    const payment = this.paymentNumber(paymentNumber);
    return this.db.write(async (manager) => {
      if (!(await lockFamily(this.db, manager, familyId))) throw new NotFoundException(STATEMENT_TEXTS.familyNotFound);
      const before = await manager.findOneBy(PaymentOverrideEntity, { familyId, paymentNumber: payment });
      if (!before) throw new NotFoundException(STATEMENT_TEXTS.overrideNotFound);
      await manager.delete(PaymentOverrideEntity, { familyId, paymentNumber: payment });
      await recordChange(manager, overrideChange('delete', familyId, payment, before, null));
      return this.forFamily(familyId, manager);
    });
  }

  /** Money received without a receipt (cash at a meeting): a verified row with no file, by this admin. */
  recordCash(user: User, familyId: number, paymentNumber: number, input: CashPaymentDto): Promise<Statement> {
    const payment = this.paymentNumber(paymentNumber);
    return this.db.write(async (manager) => {
      if (!(await lockFamily(this.db, manager, familyId))) throw new NotFoundException(STATEMENT_TEXTS.familyNotFound);
      const now = new Date();
      const { identifiers } = await manager.insert(PaymentProofEntity, {
        familyId,
        paymentNumber: payment,
        kind: 'efectivo',
        fileName: 'efectivo',
        uploadedAt: now,
        state: 'verificado',
        contentType: 'text/plain',
        hasThumbnail: false,
        amountDeclared: input.amountReceived,
        depositDate: input.depositDate ?? guatemalaToday(now),
        documentNumber: input.note?.trim() || null,
        reviewedById: user.id,
        reviewedByName: user.name,
        reviewedAt: now,
        amountReceived: input.amountReceived,
        rejectionReason: null,
      });
      const cash = toPaymentProof(await manager.findOneByOrFail(PaymentProofEntity, { id: Number(identifiers[0]!.id) }));
      // What the committee typed (a cash row's file fields are placeholders).
      const typed = { depositDate: cash.depositDate, documentNumber: cash.documentNumber, review: cash.review };
      await recordChange(manager, { ...proofChange('cash', cash, familyId, null, null), after: typed });
      return this.forFamily(familyId, manager);
    });
  }

  private paymentNumber(value: number): PaymentNumber {
    if (!isPaymentNumber(value)) throw new NotFoundException(STATEMENT_TEXTS.paymentNotFound);
    return value;
  }
}
