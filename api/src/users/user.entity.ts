import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@portal/contracts';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** Stored in lower case: user names are matched case-insensitively. */
  @Column({ type: 'varchar', length: 60, unique: true })
  username!: string;

  /** Stored in lower case; links a parent account to the family with the same e-mail. */
  @Column({ type: 'varchar', length: 254, unique: true, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 255, select: false })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 10 })
  role!: Role;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
