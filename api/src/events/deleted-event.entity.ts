import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What is left of a deleted event, so subscribed calendars are told it is cancelled (same UID,
 * a higher SEQUENCE). Written in the transaction that deletes the event, kept for
 * DELETED_EVENTS_KEPT_DAYS.
 */
@Entity('deleted_events')
export class DeletedEventEntity {
  /** The deleted event's id. */
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'datetime', precision: 3 })
  fecha!: Date;

  @Column({ type: 'varchar', length: 200 })
  titulo!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  horario!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  lugar!: string | null;

  /** The event's last SEQUENCE plus one. */
  @Column({ type: 'int' })
  sequence!: number;

  @Index()
  @Column({ type: 'datetime', precision: 3 })
  deletedAt!: Date;
}
