import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A counter of failed sign-ins or registrations, shared by every API instance (rate-limits/rate-limits.ts). */
@Entity('rate_limits')
export class RateLimitEntity {
  /** What is counted: `ip:203.0.113.7`, `user:42`, `user:42|ip:203.0.113.7`, `register:all`, ... */
  @PrimaryColumn({ type: 'varchar', length: 191 })
  id!: string;

  @Column({ type: 'int' })
  count!: number;

  /** Milliseconds since the epoch. */
  @Column({ type: 'bigint' })
  firstAt!: string;

  @Column({ type: 'bigint' })
  lastAt!: string;
}
