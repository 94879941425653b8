import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { BalanceDestination, ClassState, ClosingState } from '@portal/contracts';
import { RecordedRow } from '../database/recorded-row';

/** A class (promoción): its year, name and state; once closed, where its frozen report is (docs/classes.md). */
@Entity('classes')
export class ClassEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  year!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 10 })
  state!: ClassState;

  @Column({ type: 'datetime', precision: 3 })
  openedAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  closedAt!: Date | null;

  /** yyyy-MM-dd: the last day its families can sign in, once closed. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  familiesReadUntil!: string | null;

  /** The frozen report's JSON, a file in FILES_DIR named by its SHA-256. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  reportFile!: string | null;

  /** The frozen workbook, a file in FILES_DIR named by its SHA-256 (the hash families are shown). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  workbookFile!: string | null;

  /** Once the next class opened: its archive, an SQLite file in FILES_DIR named by its SHA-256 (class-cycle/archive-copy.ts). */
  @Column({ type: 'varchar', length: 80, nullable: true })
  archiveFile!: string | null;
}

/** An account that may read an archived class, and its role there (admin of that committee, or a parent of its families). */
@Entity('class_readers')
export class ClassReaderEntity {
  @PrimaryColumn({ type: 'int' })
  classId!: number;

  @PrimaryColumn({ type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 10 })
  role!: 'admin' | 'parent';
}

/**
 * A proposal to close a class (the RecordedRow columns say who proposed it): where the balance goes,
 * the acta, the checklist items waived with their reasons; a second admin approves or rejects it,
 * once, by a conditional update.
 */
@Entity('class_closings')
@Index('IDX_class_closings_class', ['classId', 'state'])
export class ClassClosingEntity extends RecordedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  classId!: number;

  @Column({ type: 'varchar', length: 10 })
  state!: ClosingState;

  @Column({ type: 'varchar', length: 10 })
  destination!: BalanceDestination;

  @Column({ type: 'varchar', length: 2000 })
  acta!: string;

  @Column({ type: 'varchar', length: 10 })
  familiesReadUntil!: string;

  /** JSON: [{ item, reason }]. */
  @Column({ type: 'varchar', length: 4000 })
  waivers!: string;

  /** Centavos: the balance when proposed; when approved, the balance closed. */
  @Column({ type: 'bigint', transformer: { to: (value: number) => value, from: (value: string | number) => Number(value) } })
  balance!: number;

  @Column({ type: 'int', nullable: true })
  decidedById!: number | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  decidedByName!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  decidedAt!: Date | null;
}
