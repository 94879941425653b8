import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { emailColumn } from '../common/identity';

export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'invitation';

/** A one-time link sent by e-mail. The id is the SHA-256 of the link's token, never the token. */
@Entity('account_tokens')
@Index('IDX_account_tokens_userId_purpose', ['userId', 'purpose'])
@Index('IDX_account_tokens_familyId', ['familyId'])
export class AccountTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** The account the link is for; null for an invitation (the account does not exist yet). */
  @Column({ type: 'int', nullable: true })
  userId!: number | null;

  /** The family an invitation is for. */
  @Column({ type: 'int', nullable: true })
  familyId!: number | null;

  @Column({ type: 'varchar', length: 20 })
  purpose!: AccountTokenPurpose;

  /** The address the link was sent to, which following it proves. */
  @Column({ type: 'varchar', length: 254, transformer: emailColumn })
  email!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt!: Date | null;
}
