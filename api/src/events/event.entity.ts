import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A graduation event. Column names are the contract's Spanish field names. */
@Entity('events')
export class EventEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'datetime', precision: 3 })
  fecha!: Date;

  @Column({ type: 'varchar', length: 200 })
  titulo!: string;

  @Column({ type: 'text', nullable: true })
  descripcion!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  horario!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  lugar!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  vestimenta!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  imagen!: string | null;

  /** After this instant parents can no longer answer; null for no deadline. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  rsvpDeadline!: Date | null;

  /** Goes up by one with every change: subscribed calendars replace their copy (iCalendar SEQUENCE). */
  @Column({ type: 'int', default: 0 })
  sequence!: number;

  /** The last change (iCalendar LAST-MODIFIED); null for events last changed before it was kept. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  updatedAt!: Date | null;
}
