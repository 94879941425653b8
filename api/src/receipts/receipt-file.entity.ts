import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The bytes of a receipt and of its thumbnail, one row per receipt, apart from the metadata so
 * that lists never read them. `blob` here; the migration makes it LONGBLOB on MySQL/MariaDB (a
 * MySQL BLOB holds only 64 KB).
 */
@Entity('payment_proof_files')
export class ReceiptFileEntity {
  @PrimaryColumn({ type: 'int' })
  proofId!: number;

  @Column({ type: 'blob' })
  data!: Buffer;

  @Column({ type: 'blob', nullable: true })
  thumbnail!: Buffer | null;
}
