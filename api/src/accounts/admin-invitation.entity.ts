import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AdminInvitationState } from '@portal/contracts';
import { emailColumn } from '../common/identity';
import { RecordedRow } from '../database/recorded-row';

/**
 * 'Invitar administrador' (docs/security.md): who proposed it (the RecordedRow columns), who
 * decided it, and the one-time link its e-mail carries, by its SHA-256 only (never the token).
 * Each step after the insert is a conditional update on `state`: of two decisions at once, one applies.
 */
@Entity('admin_invitations')
@Index('IDX_admin_invitations_state', ['state', 'id'])
export class AdminInvitationEntity extends RecordedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** Normalised (common/identity.ts); compared letter for letter in code, never by collation. */
  @Column({ type: 'varchar', length: 254, transformer: emailColumn })
  email!: string;

  @Column({ type: 'varchar', length: 10 })
  state!: AdminInvitationState;

  @Column({ type: 'int', nullable: true })
  decidedById!: number | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  decidedByName!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  decidedAt!: Date | null;

  /** Sent without a second admin: the deployment had one enabled admin. */
  @Column({ type: 'boolean', default: false })
  sentAlone!: boolean;

  /** The SHA-256 of the link's token, once sent; null before. */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  tokenHash!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  expiresAt!: Date | null;

  /** The admin account the invitation became. */
  @Column({ type: 'int', nullable: true })
  userId!: number | null;
}
