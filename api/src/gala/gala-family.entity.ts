import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A family's side of the gala: its guests, its 'sit near' request, its pass and its arrival. */
@Entity('gala_families')
export class GalaFamilyEntity {
  @PrimaryColumn({ type: 'int' })
  familyId!: number;

  /** JSON array of names. */
  @Column({ type: 'text', nullable: true })
  guests!: string | null;

  @Column({ type: 'int', nullable: true })
  nearFamilyId!: number | null;

  /** Part of the signed pass: a new nonce revokes the passes given before. */
  @Column({ type: 'varchar', length: 32 })
  passNonce!: string;

  @Column({ type: 'int', nullable: true })
  arrivedCount!: number | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  arrivedAt!: Date | null;
}
