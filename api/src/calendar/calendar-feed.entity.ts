import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An account's calendar subscription link: one per account. Only the SHA-256 of the link's token
 * is kept; a new link replaces the row, deleting it revokes the link.
 */
@Entity('calendar_feeds')
export class CalendarFeedEntity {
  @PrimaryColumn({ type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  tokenHash!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
