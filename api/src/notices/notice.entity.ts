import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { NoticeType } from '@portal/contracts';

@Entity('notifications')
export class NoticeEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'varchar', length: 10 })
  type!: NoticeType;

  @Index()
  @Column({ type: 'datetime', precision: 3 })
  date!: Date;

  /** When it was posted (`date` is what the committee typed): decides what is new to a parent. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  createdAt!: Date | null;

  /** Families left out when it was e-mailed because they had turned notice e-mails off; null: not e-mailed. */
  @Column({ type: 'int', nullable: true })
  emailUnsubscribed!: number | null;

  /** Families left out when it was e-mailed for want of a valid address; null: not e-mailed. */
  @Column({ type: 'int', nullable: true })
  emailSkipped!: number | null;
}
