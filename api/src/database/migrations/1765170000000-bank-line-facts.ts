import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A bank line is a fact stored once (docs/payments.md): every line a statement brought, from its
 * first import, with the file it came in, when, and its state ('pendiente', 'aplicada',
 * 'descartada') and standing decision. `bank_statement_reads` becomes that table. Its rows keep
 * their old checksums (day, amount, document and description as they were written): the API
 * recognises a line by its new fingerprint or that old checksum, and moves a line to the new one the
 * next time a statement holds it. Lines applied or discarded before keep that state here.
 */
export class BankLineFacts1765170000000 implements MigrationInterface {
  name = 'BankLineFacts1765170000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('bank_statement_reads', [
      new TableColumn({ name: 'fileName', type: 'varchar', length: '255', default: "''" }),
      new TableColumn({ name: 'account', type: 'varchar', length: '40', isNullable: true }),
      new TableColumn({ name: 'looseChecksum', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'day', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'amountCentavos', type: 'int', isNullable: true }),
      new TableColumn({ name: 'state', type: 'varchar', length: '12', default: "'pendiente'" }),
      new TableColumn({ name: 'lineId', type: 'int', isNullable: true }),
    ]);
    // A line decided with no read of it kept (older than the reads): known all the same.
    await runner.query(
      'INSERT INTO bank_statement_reads (checksum, readAt) SELECT checksum, MIN(decidedAt) FROM bank_lines ' +
        'WHERE checksum NOT IN (SELECT checksum FROM bank_statement_reads) GROUP BY checksum',
    );
    const lines: Array<{ id: number; checksum: string; liveChecksum: string | null; state: string; day: string; amountCentavos: number }> =
      await runner.query('SELECT id, checksum, liveChecksum, state, day, amountCentavos FROM bank_lines ORDER BY id');
    for (const line of lines) {
      await runner.query('UPDATE bank_statement_reads SET day = ?, amountCentavos = ? WHERE checksum = ?', [
        line.day,
        line.amountCentavos,
        line.checksum,
      ]);
      // The decision that stands (not reversed) is the line's state.
      if (line.liveChecksum !== null && line.state !== 'revertida') {
        await runner.query('UPDATE bank_statement_reads SET state = ?, lineId = ? WHERE checksum = ?', [
          line.state,
          line.id,
          line.checksum,
        ]);
      }
    }
    await runner.createIndex('bank_statement_reads', new TableIndex({ name: 'IDX_bank_statement_reads_line', columnNames: ['lineId'] }));
    await runner.createIndex(
      'bank_statement_reads',
      new TableIndex({ name: 'IDX_bank_statement_reads_loose', columnNames: ['looseChecksum'] }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('bank_statement_reads', 'IDX_bank_statement_reads_loose');
    await runner.dropIndex('bank_statement_reads', 'IDX_bank_statement_reads_line');
    for (const column of ['lineId', 'state', 'amountCentavos', 'day', 'looseChecksum', 'account', 'fileName'])
      await runner.dropColumn('bank_statement_reads', column);
  }
}
