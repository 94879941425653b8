import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A signed-in browser. The id is the SHA-256 of the cookie's token, never the token itself. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** The account's id (users/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @Column({ type: 'int' })
  userId!: number;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  /** Idle expiry, pushed forward (at most once a minute) while the session is used. */
  @Index()
  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;
}
