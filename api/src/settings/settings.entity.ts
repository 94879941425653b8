import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The committee's settings: a single row (id 1) so every screen reads one source. */
@Entity('settings')
export class SettingsEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'int' })
  classYear!: number;

  @Column({ type: 'varchar', length: 10 })
  finalPaymentDeadline!: string;

  @Column({ type: 'varchar', length: 10 })
  awardsDate!: string;

  @Column({ type: 'varchar', length: 5 })
  awardsStartTime!: string;

  @Column({ type: 'varchar', length: 5 })
  awardsEndTime!: string;

  @Column({ type: 'varchar', length: 200 })
  awardsPlace!: string;

  @Column({ type: 'varchar', length: 10 })
  brunchDate!: string;

  @Column({ type: 'varchar', length: 5 })
  brunchStartTime!: string;

  @Column({ type: 'varchar', length: 5 })
  brunchEndTime!: string;

  @Column({ type: 'varchar', length: 200 })
  brunchPlace!: string;

  /**
   * The events that are the awards ceremony and the brunch: their date, start time and place are
   * those events' (the columns above are only written alongside, for the end time and a rollback).
   */
  @Column({ type: 'int', nullable: true })
  awardsEventId!: number | null;

  @Column({ type: 'int', nullable: true })
  brunchEventId!: number | null;

  @Column({ type: 'varchar', length: 120 })
  bankName!: string;

  @Column({ type: 'varchar', length: 60 })
  bankAccountNumber!: string;

  @Column({ type: 'varchar', length: 120 })
  bankAccountHolder!: string;

  @Column({ type: 'varchar', length: 40 })
  bankReceiptsPhone!: string;

  // Defaults (on, 3 days) are the migration's: a default here would make the first migration's
  // insert read these columns back before they exist.
  @Column({ type: 'boolean' })
  remindersEnabled!: boolean;

  @Column({ type: 'int' })
  reminderDaysBefore!: number;

  /** Signs the unsubscribe links of e-mailed notices (made by the migration; never shown). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  mailSecret!: string | null;

  /** The event 'Fiesta de Graduación': the one source of the gala's date, time and place. */
  @Column({ type: 'int', nullable: true })
  galaEventId!: number | null;

  /** Signs the gala's entry passes (made by the migration; never shown). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  galaSecret!: string | null;
}

/** The gala's columns: written by the gala's own endpoints (gala/), not by PUT /settings. */
export type GalaSettingsColumn = 'galaEventId' | 'galaSecret';
