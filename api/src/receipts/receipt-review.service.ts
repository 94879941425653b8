import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { PAYMENT_PROOF_STATES, type PaymentProofState, type ReviewQueueItem, type User } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { FamilyEntity } from '../families/family.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { recordChange } from '../history/record';
import { proofChange, RECEIPT_MESSAGES, toPaymentProof } from './receipts.service';
import { StatementsService } from './statements.service';

interface Decision {
  state: Exclude<PaymentProofState, 'en_revision'>;
  amountReceived: number | null;
  rejectionReason: string | null;
}

const DECIDED: Record<Decision['state'], string> = { verificado: 'verificó', rechazado: 'rechazó' };

@Injectable()
export class ReceiptReviewService {
  constructor(
    private readonly db: Database,
    private readonly statements: StatementsService,
  ) {}

  async list(state?: string, payment?: string): Promise<ReviewQueueItem[]> {
    const errors: Record<string, string[]> = {};
    if (state !== undefined && state !== '' && !(PAYMENT_PROOF_STATES as readonly string[]).includes(state))
      errors.state = ['El estado debe ser en_revision, verificado o rechazado.'];
    if (payment !== undefined && payment !== '' && !/^[1-6]$/.test(payment)) errors.payment = ['El número de pago debe ser del 1 al 6.'];
    if (Object.keys(errors).length > 0) throw new BadRequestException({ message: Object.values(errors).flat().join(' '), errors });
    const query = this.db.manager
      .createQueryBuilder(PaymentProofEntity, 'proof')
      .innerJoinAndMapOne('proof.family', FamilyEntity, 'family', 'family.id = proof.familyId')
      // Receipts only: cash the committee recorded itself has nothing to review.
      .where("proof.kind = 'comprobante'")
      .orderBy('proof.uploadedAt', 'ASC')
      .addOrderBy('proof.id', 'ASC');
    if (state) query.andWhere('proof.state = :state', { state });
    if (payment) query.andWhere('proof.paymentNumber = :payment', { payment: Number(payment) });
    const rows = await query.getMany();
    const owed = await this.owedFor(rows);
    return rows.map((row) => toQueueItem(row, owed));
  }

  /**
   * One decision per receipt: the update only applies while the receipt is still under review, so
   * when two admins decide at once exactly one row changes, and the other is told who decided.
   */
  async decide(user: User, id: number, decision: Decision): Promise<ReviewQueueItem> {
    const changed = await this.db.write(async (manager) => {
      if (!(await manager.existsBy(PaymentProofEntity, { id }))) throw new NotFoundException(RECEIPT_MESSAGES.notFound);
      const result = await manager.update(
        PaymentProofEntity,
        { id, state: 'en_revision' },
        { ...decision, reviewedById: user.id, reviewedByName: user.name, reviewedAt: new Date() },
      );
      if (result.affected) await this.record(manager, id, decision.state);
      return result.affected ?? 0;
    });
    const row = await this.db.manager
      .createQueryBuilder(PaymentProofEntity, 'proof')
      .innerJoinAndMapOne('proof.family', FamilyEntity, 'family', 'family.id = proof.familyId')
      .where('proof.id = :id', { id })
      .getOne();
    if (!row) throw new NotFoundException(RECEIPT_MESSAGES.notFound);
    if (changed === 0) {
      const verb = DECIDED[row.state as Decision['state']] ?? 'revisó';
      throw new ConflictException(`${row.reviewedByName ?? 'Otra persona del comité'} ya ${verb} este comprobante.`);
    }
    return toQueueItem(row, await this.owedFor([row]));
  }

  /** The decision just written: it was under review until now. */
  private async record(manager: EntityManager, id: number, state: Decision['state']): Promise<void> {
    const row = await manager.findOneByOrFail(PaymentProofEntity, { id });
    const after = toPaymentProof(row);
    const before = { ...after, state: 'en_revision' as const, review: null };
    await recordChange(manager, proofChange(state === 'verificado' ? 'verify' : 'reject', after, row.familyId, before, after));
  }

  /** What each listed family owes per payment and what of it is unverified: their statements, three queries. */
  private async owedFor(rows: PaymentProofEntity[]): Promise<Owed> {
    const families = [...new Map(rows.map((row) => [row.familyId, row.family])).values()];
    const owed: Owed = new Map();
    for (const statement of await this.statements.build(this.db.manager, families)) {
      for (const line of statement.lines) {
        owed.set(`${statement.familyId}:${line.paymentNumber}`, {
          expected: line.expected,
          stillOwed: line.balance === null ? null : Math.max(line.balance, 0),
        });
      }
    }
    return owed;
  }
}

function toQueueItem(row: PaymentProofEntity, owed: Owed): ReviewQueueItem {
  const { expected, stillOwed } = owed.get(`${row.familyId}:${row.paymentNumber}`) ?? { expected: null, stillOwed: null };
  return {
    ...toPaymentProof(row),
    familyId: row.familyId,
    graduateName: row.family.graduateName,
    contactName: row.family.contactName,
    expected,
    stillOwed,
  };
}

/** Owed and still owed, by `familyId:paymentNumber`, from the families' statements. */
type Owed = Map<string, { expected: number | null; stillOwed: number | null }>;
