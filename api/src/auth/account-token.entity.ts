import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type AccountTokenPurpose = 'verify-email';

/** A one-time link sent by e-mail. The id is the SHA-256 of the link's token, never the token. */
@Entity('account_tokens')
@Index('IDX_account_tokens_userId_purpose', ['userId', 'purpose'])
export class AccountTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 20 })
  purpose!: AccountTokenPurpose;

  /** The address the link was sent to, which following it proves. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt!: Date | null;
}
