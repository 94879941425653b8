import { Column } from 'typeorm';

/**
 * The columns of a row that is only ever inserted, never changed (the ledger, the books): who
 * recorded it, by id and by the name they had then (an account may be renamed or removed), and
 * when. The tables are the migrations'; these are their entities' shared part.
 */
export abstract class RecordedRow {
  @Column({ type: 'int', nullable: true })
  createdById!: number | null;

  @Column({ type: 'varchar', length: 120 })
  createdByName!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}

/** A recorded row that is undone by another row naming it, never by changing it (decisions item 20). */
export abstract class ReversibleRow extends RecordedRow {
  /** On a reversal: the row it reverses. */
  @Column({ type: 'int', nullable: true })
  reversesId!: number | null;

  /** On a reversed row: its reversal. */
  @Column({ type: 'int', nullable: true })
  reversedById!: number | null;

  /** On a reversal: why (the committee's and 'Historial''s only). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  reason!: string | null;

  /** On a reversal: what families read of it (decisions item 25); null reads as a neutral default. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  familyMessage!: string | null;
}
