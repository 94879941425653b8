import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { PAYMENT_TITLES, type Receipt, type User } from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import { recordChange } from '../history/record';
import { readPaysFor } from '../payments/allocation';
import { ReceiptEntity } from './receipt.entity';
import { ReceiptFileEntity } from './receipt-file.entity';
import { deleteAll } from '../database/delete-all';

/**
 * A receipt as the store hands it out: what `toReceipt` shows of it, and its family's id. To read;
 * only receipts/ writes the table.
 */
export type ReceiptRecord = Pick<
  ReceiptEntity,
  | 'id'
  | 'familyId'
  | 'paymentNumber'
  | 'paysFor'
  | 'fileName'
  | 'uploadedAt'
  | 'state'
  | 'contentType'
  | 'hasThumbnail'
  | 'amountDeclared'
  | 'depositDate'
  | 'documentNumber'
  | 'duplicateOfId'
  | 'reviewedByName'
  | 'reviewedAt'
  | 'amountReceived'
  | 'rejectionReason'
  | 'familyMessage'
  | 'reviewedDocumentNumber'
  | 'reviewedDepositDate'
>;

/** What the committee's review writes on a receipt (receipt-review/). */
export type ReceiptDecision = Pick<
  ReceiptEntity,
  | 'state'
  | 'amountReceived'
  | 'rejectionReason'
  | 'familyMessage'
  | 'reviewedDocumentNumber'
  | 'reviewedDepositDate'
  | 'reviewedById'
  | 'reviewedByName'
  | 'reviewedAt'
>;

/** A receipt as the API shows it (its file never: only what the lists show). */
export function toReceipt(row: ReceiptRecord, creditId: number | null = null): Receipt {
  return {
    id: row.id,
    paymentNumber: row.paymentNumber,
    paysFor: readPaysFor(row.paysFor, row.paymentNumber),
    fileName: row.fileName,
    uploadedAt: row.uploadedAt.toISOString(),
    state: row.state,
    contentType: row.contentType,
    hasThumbnail: Boolean(row.hasThumbnail),
    amountDeclared: row.amountDeclared === null ? null : toQuetzales(row.amountDeclared),
    depositDate: row.depositDate,
    documentNumber: row.documentNumber,
    kind: 'comprobante',
    duplicateOf: row.duplicateOfId ?? null,
    creditId,
    review:
      row.state === 'en_revision' || !row.reviewedAt
        ? null
        : {
            reviewedBy: row.reviewedByName ?? '',
            reviewedAt: row.reviewedAt.toISOString(),
            amountReceived: row.amountReceived === null ? null : toQuetzales(row.amountReceived),
            reason: row.rejectionReason,
            familyMessage: row.familyMessage ?? null,
            documentNumber: row.reviewedDocumentNumber ?? null,
            depositDate: row.reviewedDepositDate ?? null,
          },
  };
}

/**
 * The receipts (`payment_proofs`, and their bytes in `payment_proof_files`) for every other
 * module: the ledger's statements and reversals, the bank's matching, a family's deletion. Reads
 * through the injected repository, or the caller's transaction when it passes its manager; writes
 * in the caller's transaction, with their history row, after the caller locked the family (step 2
 * of database/lock-order.ts).
 */
@Injectable()
export class ReceiptStore {
  constructor(@InjectRepository(ReceiptEntity) private readonly receipts: Repository<ReceiptEntity>) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, ReceiptFileEntity, ReceiptEntity);
  }

  private repo(manager?: EntityManager): Repository<ReceiptEntity> {
    return manager ? manager.withRepository(this.receipts) : this.receipts;
  }

  /**
   * The committee's queue ('Comprobantes'): receipts only (cash the committee recorded itself has
   * nothing to review), oldest first; of one state, and listed under a payment or naming it among
   * others ('5,6': one digit each), when given.
   */
  reviewQueue(filter: { state?: string; payment?: number }): Promise<ReceiptRecord[]> {
    const query = this.receipts
      .createQueryBuilder('receipt')
      .where("receipt.kind = 'comprobante'")
      .orderBy('receipt.uploadedAt', 'ASC')
      .addOrderBy('receipt.id', 'ASC');
    if (filter.state) query.andWhere('receipt.state = :state', { state: filter.state });
    if (filter.payment)
      query.andWhere('(receipt.paymentNumber = :payment OR receipt.paysFor LIKE :named)', {
        payment: filter.payment,
        named: `%${filter.payment}%`,
      });
    return query.getMany();
  }

  /** One receipt, or null; in the caller's transaction when it passes its manager. */
  byId(id: number, manager?: EntityManager): Promise<ReceiptRecord | null> {
    return this.repo(manager).findOneBy({ id });
  }

  /**
   * The committee's decision, written in the caller's transaction while the receipt is still under
   * review: false when another admin decided first (then nothing changed).
   */
  async decide(manager: EntityManager, id: number, decision: ReceiptDecision): Promise<boolean> {
    const result = await manager.update(ReceiptEntity, { id, state: 'en_revision' }, decision);
    return Boolean(result.affected);
  }

  /** The receipts of these families, oldest first. */
  ofFamilies(familyIds: number[], manager?: EntityManager): Promise<ReceiptRecord[]> {
    if (familyIds.length === 0) return Promise.resolve([]);
    return this.repo(manager).find({
      where: { familyId: In(familyIds), kind: 'comprobante' },
      order: { uploadedAt: 'ASC', id: 'ASC' },
    });
  }

  /** What families declared on the receipts the committee has not decided on: their day and amount. */
  declaredPending(manager?: EntityManager): Promise<Array<Pick<ReceiptRecord, 'familyId' | 'depositDate' | 'amountDeclared'>>> {
    return this.repo(manager).find({
      select: { familyId: true, depositDate: true, amountDeclared: true },
      where: { state: 'en_revision', kind: 'comprobante' },
    });
  }

  /** How many receipts of any family wait for the committee's decision (the class's closing checklist). */
  countUnderReview(manager?: EntityManager): Promise<number> {
    return this.repo(manager).count({ where: { state: 'en_revision', kind: 'comprobante' } });
  }

  /** The family's receipts still under review, oldest first. */
  pendingOf(manager: EntityManager, familyId: number): Promise<ReceiptRecord[]> {
    return manager.find(ReceiptEntity, { where: { familyId, state: 'en_revision' }, order: { id: 'ASC' } });
  }

  /**
   * A receipt still under review verified with the bank line of its deposit (`amount` in centavos);
   * false when it was decided meanwhile.
   */
  async verifyByBank(
    manager: EntityManager,
    user: User,
    receipt: Pick<ReceiptRecord, 'id' | 'familyId'>,
    amount: number,
  ): Promise<boolean> {
    const { affected } = await manager.update(
      ReceiptEntity,
      { id: receipt.id, state: 'en_revision' },
      { state: 'verificado', amountReceived: amount, reviewedById: user.id, reviewedByName: user.name, reviewedAt: new Date() },
    );
    if (!affected) return false;
    await recordChange(manager, user, {
      action: 'payment-proof.verify',
      entity: 'payment-proof',
      entityId: receipt.id,
      familyId: receipt.familyId,
      before: { state: 'en_revision' },
      after: { state: 'verificado', amountReceived: toQuetzales(amount), by: 'banco' },
    });
    return true;
  }

  /**
   * The receipt of a credit just reversed goes back to review, or is rejected with the reason
   * (`then`). A receipt the family has since deleted is left alone.
   */
  async reopen(
    manager: EntityManager,
    user: User,
    receiptId: number,
    creditId: number,
    then: 'en_revision' | 'rechazado',
    reason: string,
    familyMessage: string | null,
    now: Date,
  ): Promise<void> {
    const receipt = await manager.findOneBy(ReceiptEntity, { id: receiptId });
    if (!receipt) return;
    const before = toReceipt(receipt, creditId);
    const change =
      then === 'rechazado'
        ? {
            state: 'rechazado' as const,
            amountReceived: null,
            reviewedDocumentNumber: null,
            reviewedDepositDate: null,
            rejectionReason: reason,
            familyMessage,
            reviewedById: user.id,
            reviewedByName: user.name,
            reviewedAt: now,
          }
        : {
            state: 'en_revision' as const,
            amountReceived: null,
            reviewedDocumentNumber: null,
            reviewedDepositDate: null,
            rejectionReason: null,
            familyMessage: null,
            reviewedById: null,
            reviewedByName: null,
            reviewedAt: null,
          };
    await manager.update(ReceiptEntity, { id: receipt.id }, change);
    const after = toReceipt(await manager.findOneByOrFail(ReceiptEntity, { id: receipt.id }));
    await recordChange(manager, user, {
      action: `payment-proof.${then === 'rechazado' ? 'reject' : 'reopen'}`,
      entity: 'payment-proof',
      entityId: receipt.id,
      familyId: receipt.familyId,
      label: PAYMENT_TITLES[receipt.paymentNumber],
      before,
      after,
    });
  }

  /** A deleted family's receipts (their files go with them: ON DELETE CASCADE), in the transaction that deletes it. */
  async removeForFamily(manager: EntityManager, familyId: number): Promise<void> {
    await manager.delete(ReceiptEntity, { familyId });
  }
}

/** The receipts' tables' owner for every other module: import this, call ReceiptStore. */
@Module({
  imports: [TypeOrmModule.forFeature([ReceiptEntity, ReceiptFileEntity])],
  providers: [ReceiptStore],
  exports: [ReceiptStore],
})
export class ReceiptStoreModule {}
