import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('families')
export class FamilyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  graduateName!: string;

  @Column({ type: 'varchar', length: 120 })
  contactName!: string;

  /** Stored in lower case; a parent account with this e-mail sees this family. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @Column({ type: 'varchar', length: 40 })
  phone!: string;

  @Column({ type: 'int', default: 0 })
  tablesBooked!: number;

  @Column({ type: 'boolean', default: false })
  hasPaid!: boolean;

  /** Quetzales, whole numbers. */
  @Column({ type: 'int', default: 0 })
  paymentAmount!: number;

  @Column({ type: 'boolean', default: false })
  awardsRsvp!: boolean;

  @Column({ type: 'boolean', default: false })
  brunchRsvp!: boolean;
}
