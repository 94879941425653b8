import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { RecordedRow } from '../database/recorded-row';

/** One version of the year's budget (docs/books.md): only inserted, never changed or deleted. */
@Entity('budget_versions')
export class BudgetVersionEntity extends RecordedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  /** yyyy-MM-dd. */
  @Column({ type: 'varchar', length: 10 })
  approvedOn!: string;

  @Column({ type: 'varchar', length: 300 })
  acta!: string;
}

/** A category's amount in one budget version. */
@Entity('budget_lines')
@Index('IDX_budget_lines_version', ['versionId', 'position'])
export class BudgetLineEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  versionId!: number;

  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'varchar', length: 60 })
  category!: string;

  /** Centavos. */
  @Column({ type: 'int' })
  amount!: number;
}
