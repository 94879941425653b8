import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentNumber, ReceiptState } from '@portal/contracts';

/** A deposit receipt a family sent for a payment, and the committee's decision on it. The file's
 * bytes live in `payment_proof_files` (receipts/receipt-storage.ts), so lists never load them. */
@Entity('payment_proofs')
export class ReceiptEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The family's id (families/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @Index()
  @Column({ type: 'int' })
  familyId!: number;

  /** The payment the receipt is listed under: the first it pays, or the one the family sent it from. */
  @Column({ type: 'int' })
  paymentNumber!: PaymentNumber;

  /**
   * What the family says the deposit pays, in its order ('6', '1,2'), or 'saldo_a_favor' for no
   * particular payment (payments/allocation.ts `readPaysFor`); null: `paymentNumber` alone, as sent
   * before the family could choose.
   */
  @Column({ type: 'varchar', length: 20, nullable: true })
  paysFor!: string | null;

  @Column({ type: 'varchar', length: 255 })
  fileName!: string;

  /** Always 'comprobante': money without a receipt is a ledger credit (ledger/). */
  @Column({ type: 'varchar', length: 12, default: 'comprobante' })
  kind!: 'comprobante';

  /** SHA-256 of the bytes the family sent: the same file twice is flagged. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  fileHash!: string | null;

  /** An earlier receipt of the family with the same file, or the same document number and amount. */
  @Column({ type: 'int', nullable: true })
  duplicateOfId!: number | null;

  @Column({ type: 'datetime', precision: 3 })
  uploadedAt!: Date;

  /** 'en_revision' until an admin verifies or rejects it. */
  @Column({ type: 'varchar', length: 12, default: 'en_revision' })
  state!: ReceiptState;

  /** The type sniffed from the bytes: 'image/jpeg' (images are re-encoded) or 'application/pdf'. */
  @Column({ type: 'varchar', length: 40, default: 'application/pdf' })
  contentType!: string;

  @Column({ type: 'boolean', default: false })
  hasThumbnail!: boolean;

  /** Centavos, as the family typed them. */
  @Column({ type: 'int', nullable: true })
  amountDeclared!: number | null;

  /** yyyy-MM-dd, as the family typed it. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  depositDate!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  documentNumber!: string | null;

  @Column({ type: 'int', nullable: true })
  reviewedById!: number | null;

  /** The admin's name when they decided, kept so the answer reads the same if the account goes. */
  @Column({ type: 'varchar', length: 120, nullable: true })
  reviewedByName!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  reviewedAt!: Date | null;

  /** Centavos the committee verified. */
  @Column({ type: 'int', nullable: true })
  amountReceived!: number | null;

  /** Why it was rejected: the committee's only. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  rejectionReason!: string | null;

  /** What the family reads of a rejection (decisions item 25); null reads as a neutral default. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  familyMessage!: string | null;

  /** The document number the committee read on the slip when it differs from `documentNumber`; null when the family's stands. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  reviewedDocumentNumber!: string | null;

  /** The deposit day (yyyy-MM-dd) the committee read when it differs from `depositDate`; null when the family's stands. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  reviewedDepositDate!: string | null;
}
