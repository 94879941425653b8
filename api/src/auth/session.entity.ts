import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/** A signed-in browser. The id is the SHA-256 of the cookie's token, never the token itself. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'int' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user!: UserEntity;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  /** Idle expiry, pushed forward (at most once a minute) while the session is used. */
  @Index()
  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;
}
