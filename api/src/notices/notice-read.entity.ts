import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A family read a notice: a parent of it opened 'Notificaciones' after it was posted (the first time is kept). */
@Entity('notice_reads')
export class NoticeReadEntity {
  @PrimaryColumn({ type: 'int' })
  noticeId!: number;

  @Index('IDX_notice_reads_family')
  @PrimaryColumn({ type: 'int' })
  familyId!: number;

  @Column({ type: 'datetime', precision: 3 })
  readAt!: Date;
}
