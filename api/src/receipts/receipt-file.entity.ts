import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A receipt's file and thumbnail: their SHA-256, the names of the files in the files folder
 * (FILES_DIR, receipt-storage.ts). `data` and `thumbnail` held the bytes before the folder; the
 * API moves any left there when it starts, leaving `data` empty. `blob` here, LONGBLOB on
 * MySQL/MariaDB (the migrations).
 */
@Entity('payment_proof_files')
export class ReceiptFileEntity {
  /** The column keeps its first name, like the table. */
  @PrimaryColumn({ type: 'int', name: 'proofId' })
  receiptId!: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  dataHash!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  thumbnailHash!: string | null;

  @Column({ type: 'blob', select: false })
  data!: Buffer;

  @Column({ type: 'blob', nullable: true, select: false })
  thumbnail!: Buffer | null;
}
