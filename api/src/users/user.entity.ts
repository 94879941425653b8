import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@portal/contracts';
import { emailColumn, usernameColumn } from '../common/identity';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** Normalised (common/identity.ts) and compared exactly: `Padre` signs in as `padre`. */
  @Column({ type: 'varchar', length: 60, unique: true, transformer: usernameColumn })
  username!: string;

  /** Normalised (common/identity.ts); links a parent account to the family with the same e-mail, once proven. */
  @Column({ type: 'varchar', length: 254, unique: true, nullable: true, transformer: emailColumn })
  email!: string | null;

  @Column({ type: 'varchar', length: 255, select: false })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 10 })
  role!: Role;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  /** When the account proved it owns `email`; until then it is linked to no family. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  emailVerifiedAt!: Date | null;

  /** Until when its unproven address is kept from other registrations; null: not kept at all. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  emailHeldUntil!: Date | null;

  /** When the account last opened 'Notificaciones': later notices show as new. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  noticesSeenAt!: Date | null;

  /** A door account's end (the end of a Guatemala day, or when revoked); null for every other role. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  accessUntil!: Date | null;

  /** A disabled account cannot sign in and has no session. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  disabledAt!: Date | null;
}
