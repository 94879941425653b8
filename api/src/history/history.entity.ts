import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { HistoryEntity as HistoryEntityName, Role } from '@portal/contracts';

/** One change made through the API, written in the transaction that made it (history/record.ts). */
@Entity('history')
@Index('IDX_history_family', ['familyId', 'id'])
@Index('IDX_history_entity', ['entity', 'id'])
export class HistoryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('IDX_history_at')
  @Column({ type: 'datetime', precision: 3 })
  at!: Date;

  /** No foreign key: the row outlives the account. */
  @Column({ type: 'int', nullable: true })
  actorUserId!: number | null;

  @Column({ type: 'varchar', length: 120 })
  actorName!: string;

  @Column({ type: 'varchar', length: 10 })
  actorRole!: Role | 'system';

  @Column({ type: 'varchar', length: 40 })
  action!: string;

  @Column({ type: 'varchar', length: 24 })
  entity!: HistoryEntityName;

  @Column({ type: 'int', nullable: true })
  entityId!: number | null;

  /** No foreign key: a deleted family keeps its history. */
  @Column({ type: 'int', nullable: true })
  familyId!: number | null;

  /** The family's graduate when the change was made: the row names its family even after a deletion. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  familyName!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  label!: string | null;

  /** JSON of the changed fields before the change. */
  @Column({ type: 'text', nullable: true })
  before!: string | null;

  @Column({ type: 'text', nullable: true })
  after!: string | null;
}
