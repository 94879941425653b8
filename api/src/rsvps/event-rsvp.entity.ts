import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { EventEntity } from '../events/event.entity';
import { FamilyEntity } from '../families/family.entity';

/** One family's answer for one event: the unique index makes a second row impossible. */
@Entity('event_rsvps')
@Index(['eventId', 'familyId'], { unique: true })
export class EventRsvpEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  eventId!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'eventId' })
  event!: EventEntity;

  @Index()
  @Column({ type: 'int' })
  familyId!: number;

  @ManyToOne(() => FamilyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'familyId' })
  family!: FamilyEntity;

  @Column({ type: 'boolean' })
  attending!: boolean;

  /** People attending with this answer; null when not attending. */
  @Column({ type: 'int', nullable: true })
  guests!: number | null;
}
