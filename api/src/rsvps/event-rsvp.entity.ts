import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One family's answer for one event: the unique index makes a second row impossible. */
@Entity('event_rsvps')
@Index(['eventId', 'familyId'], { unique: true })
export class EventRsvpEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The event's id (events/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @Column({ type: 'int' })
  eventId!: number;

  /** The family's id (families/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @Index()
  @Column({ type: 'int' })
  familyId!: number;

  @Column({ type: 'boolean' })
  attending!: boolean;

  /** People attending with this answer; null when not attending. */
  @Column({ type: 'int', nullable: true })
  guests!: number | null;
}
