import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { emailColumn } from '../common/identity';

/** The reports' order (graduate name, then id) is an index: see the 1763800000000 migration. */
@Entity('families')
@Index('IDX_families_graduateName_id', ['graduateName', 'id'])
export class FamilyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  graduateName!: string;

  @Column({ type: 'varchar', length: 120 })
  contactName!: string;

  /** Normalised (common/identity.ts); a parent account with this e-mail, once proven, sees this family. */
  @Column({ type: 'varchar', length: 254, unique: true, transformer: emailColumn })
  email!: string;

  /**
   * A second contact (normalised): the family's e-mails go to it in copy. Not a sign-in: only
   * `email` links a parent account to the family.
   */
  @Column({ type: 'varchar', length: 254, nullable: true, transformer: emailColumn })
  secondEmail!: string | null;

  @Column({ type: 'varchar', length: 40 })
  phone!: string;

  @Column({ type: 'int', default: 0 })
  tablesBooked!: number;

  @Column({ type: 'boolean', default: false })
  hasPaid!: boolean;

  /** Quetzales, whole numbers. */
  @Column({ type: 'int', default: 0 })
  paymentAmount!: number;

  /** Graduates in the class: 2 for twins, who owe the payments' twins amounts. */
  @Column({ type: 'int', default: 1 })
  graduates!: number;

  /** The family turned e-mailed notices off (the one-click link in each notice e-mail). */
  @Column({ type: 'boolean', default: false })
  noticeEmailsOff!: boolean;

  // Attendance lives in event_rsvps only (decisions item 16): see the 1764100000000 migration.
}
