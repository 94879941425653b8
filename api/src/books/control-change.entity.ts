import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ControlChangeState, ControlKind } from '@portal/contracts';
import { RecordedRow } from '../database/recorded-row';

/**
 * A change to one of the books' controls (docs/books.md): who proposed it (the RecordedRow columns),
 * the value in force then and the one proposed (JSON), and who decided it. Only its decision is
 * ever written after the insert, once, by a conditional update.
 */
@Entity('control_changes')
@Index('IDX_control_changes_state', ['state', 'id'])
export class ControlChangeEntity extends RecordedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 12 })
  kind!: ControlKind;

  /** JSON: a number (threshold), a boolean (approval) or the bank account's three fields. */
  @Column({ type: 'varchar', length: 1000 })
  before!: string;

  @Column({ type: 'varchar', length: 1000 })
  after!: string;

  @Column({ type: 'varchar', length: 10 })
  state!: ControlChangeState;

  @Column({ type: 'int', nullable: true })
  decidedById!: number | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  decidedByName!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  decidedAt!: Date | null;
}
