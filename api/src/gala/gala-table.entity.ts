import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A table of the salon, where it stands on the floor plan, and the family seated there. */
@Entity('gala_tables')
export class GalaTableEntity {
  @PrimaryColumn({ type: 'int' })
  number!: number;

  @Column({ type: 'int', default: 8 })
  seats!: number;

  @Column({ type: 'varchar', length: 40, nullable: true })
  zone!: string | null;

  @Column({ type: 'int', default: 0 })
  x!: number;

  @Column({ type: 'int', default: 0 })
  y!: number;

  /** One family a table: the column holds it. Set to null when the family is deleted. */
  @Index('IDX_gala_tables_family')
  @Column({ type: 'int', nullable: true })
  familyId!: number | null;
}
