import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A frozen copy of ledger/allocation.ts's depositKey as it was when this migration shipped: the
 * document number (letters and digits only, upper case, no leading zeros), the amount and the day.
 */
function depositKey(documentNumber: string | null | undefined, amount: number, day: string | null | undefined): string | null {
  const document = (documentNumber ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^0+/, '');
  if (document === '' || !day) return null;
  return `${document.slice(0, 50)}|${amount}|${day}`;
}

/** Today in Guatemala, yyyy-MM-dd (payments are due the day after their date). */
const guatemalaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

interface Proof {
  id: number;
  familyId: number;
  paymentNumber: number;
  kind: string;
  depositDate: string | null;
  documentNumber: string | null;
  amountReceived: number | null;
  reviewedByName: string | null;
  reviewedAt: Date | string | null;
  uploadedAt: Date | string;
}

interface BankLine {
  id: number;
  familyId: number | null;
  day: string;
  decidedAt: Date | string;
}

/** As TypeORM writes a datetime(3) on both databases (UTC). */
const sqlTime = (at: number) => new Date(at).toISOString().replace('T', ' ').replace('Z', '');

const time = (value: Date | string) =>
  new Date(value instanceof Date ? value : `${value.replace(' ', 'T')}${value.endsWith('Z') ? '' : 'Z'}`).getTime();

/**
 * Money is a ledger (decisions item 20, docs/payments.md). Every verified receipt, every bank
 * line applied (its rows of kind 'banco', one credit per line) and every cash row becomes one
 * credit of `ledger_entries`; the 'banco' and 'efectivo' rows of payment_proofs, which were money
 * and not receipts, leave that table. A deposit counted twice (a slip and a bank line with the
 * same document number, amount and day) becomes one credit with both sides linked. A family the
 * committee had ticked 'Pago recibido' whose credits do not cover its due payments gets a credit
 * of the difference, recorded by 'Sistema' with that note, so nobody's state changes unseen.
 * History rows gain the family's name; bank lines can be reversed and applied again.
 */
export class Ledger1764700000000 implements MigrationInterface {
  name = 'Ledger1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'ledger_entries',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'familyId', type: 'int' },
          { name: 'kind', type: 'varchar', length: '10' },
          { name: 'source', type: 'varchar', length: '12' },
          { name: 'method', type: 'varchar', length: '14', isNullable: true },
          { name: 'amount', type: 'int' },
          { name: 'paymentNumber', type: 'int', isNullable: true },
          { name: 'receiptId', type: 'int', isNullable: true },
          { name: 'bankLineId', type: 'int', isNullable: true },
          { name: 'depositDate', type: 'varchar', length: '10', isNullable: true },
          { name: 'documentNumber', type: 'varchar', length: '40', isNullable: true },
          { name: 'note', type: 'varchar', length: '200', isNullable: true },
          { name: 'depositKey', type: 'varchar', length: '80', isNullable: true },
          { name: 'reversesId', type: 'int', isNullable: true },
          { name: 'reversedById', type: 'int', isNullable: true },
          { name: 'reason', type: 'varchar', length: '300', isNullable: true },
          { name: 'createdById', type: 'int', isNullable: true },
          { name: 'createdByName', type: 'varchar', length: '120' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        indices: [
          { name: 'IDX_ledger_family', columnNames: ['familyId', 'id'] },
          { name: 'IDX_ledger_receipt', columnNames: ['receiptId'] },
          { name: 'IDX_ledger_bank_line', columnNames: ['bankLineId'] },
          { name: 'IDX_ledger_deposit', columnNames: ['depositKey'], isUnique: true },
        ],
        foreignKeys: [{ columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );

    // Bank lines: a line stands once (liveChecksum, unique); a reversed one can be applied again.
    await runner.addColumns('bank_lines', [
      new TableColumn({ name: 'entryId', type: 'int', isNullable: true }),
      new TableColumn({ name: 'liveChecksum', type: 'varchar', length: '64', isNullable: true }),
    ]);
    await runner.query('UPDATE bank_lines SET liveChecksum = checksum');
    await runner.dropIndex('bank_lines', 'IDX_bank_lines_checksum');
    await runner.createIndex('bank_lines', new TableIndex({ name: 'IDX_bank_lines_checksum', columnNames: ['checksum'] }));
    await runner.createIndex('bank_lines', new TableIndex({ name: 'IDX_bank_lines_live', columnNames: ['liveChecksum'], isUnique: true }));
    // The lines of the statements the API read: only those can be confirmed.
    await runner.createTable(
      new Table({
        name: 'bank_statement_reads',
        columns: [
          { name: 'checksum', type: 'varchar', length: '64', isPrimary: true },
          { name: 'readAt', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await runner.query('INSERT INTO bank_statement_reads (checksum, readAt) SELECT checksum, decidedAt FROM bank_lines');

    // Receipts sent twice: the same bytes, or the same document number and amount.
    await runner.addColumns('payment_proofs', [
      new TableColumn({ name: 'fileHash', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'duplicateOfId', type: 'int', isNullable: true }),
    ]);

    await runner.addColumn('history', new TableColumn({ name: 'familyName', type: 'varchar', length: '200', isNullable: true }));
    await runner.query(
      'UPDATE history SET familyName = (SELECT graduateName FROM families WHERE families.id = history.familyId) WHERE familyId IS NOT NULL',
    );

    await this.moveMoney(runner);
  }

  private async moveMoney(runner: QueryRunner): Promise<void> {
    const proofs = (await runner.query(
      "SELECT id, familyId, paymentNumber, kind, depositDate, documentNumber, amountReceived, reviewedByName, reviewedAt, uploadedAt FROM payment_proofs WHERE state = 'verificado' ORDER BY id",
    )) as Proof[];
    const lines = (await runner.query(
      "SELECT id, familyId, day, decidedAt FROM bank_lines WHERE state = 'aplicada' ORDER BY id",
    )) as BankLine[];
    const keys = new Map<string, { id: number; receiptId: number | null; bankLineId: number | null }>();
    const insert = async (row: Record<string, unknown>) => {
      const columns = Object.keys(row);
      await runner.query(
        `INSERT INTO ledger_entries (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        Object.values(row),
      );
      const [last] = (await runner.query('SELECT MAX(id) AS id FROM ledger_entries')) as Array<{ id: number }>;
      return Number(last!.id);
    };
    const base = (proof: Proof) => ({
      familyId: proof.familyId,
      kind: 'credito',
      paymentNumber: proof.paymentNumber,
      depositDate: proof.depositDate,
      createdByName: proof.reviewedByName ?? 'Sistema',
      createdAt: sqlTime(time(proof.reviewedAt ?? proof.uploadedAt)),
    });

    // Receipts first: a bank line that held the same deposit is then linked, not counted again.
    for (const proof of proofs.filter((row) => row.kind === 'comprobante')) {
      const amount = Number(proof.amountReceived ?? 0);
      const key = depositKey(proof.documentNumber, amount, proof.depositDate);
      const holder = key ? keys.get(key) : undefined;
      if (holder) {
        await runner.query('UPDATE payment_proofs SET duplicateOfId = ? WHERE id = ?', [holder.receiptId, proof.id]);
        continue;
      }
      const id = await insert({
        ...base(proof),
        source: 'comprobante',
        amount,
        receiptId: proof.id,
        documentNumber: proof.documentNumber,
        depositKey: key,
      });
      if (key) keys.set(key, { id, receiptId: proof.id, bankLineId: null });
    }

    // A bank line's rows (split over payments) are one deposit: one credit.
    const groups = new Map<string, Proof[]>();
    for (const proof of proofs.filter((row) => row.kind === 'banco')) {
      const group = `${proof.familyId}|${proof.depositDate}|${time(proof.uploadedAt)}`;
      groups.set(group, [...(groups.get(group) ?? []), proof]);
    }
    const usedLines = new Set<number>();
    for (const rows of groups.values()) {
      const first = rows[0]!;
      const amount = rows.reduce((sum, row) => sum + Number(row.amountReceived ?? 0), 0);
      const line = lines.find(
        (candidate) =>
          !usedLines.has(candidate.id) &&
          candidate.familyId === first.familyId &&
          candidate.day === first.depositDate &&
          Math.abs(time(candidate.decidedAt) - time(first.uploadedAt)) < 1000,
      );
      if (line) usedLines.add(line.id);
      const key = depositKey(first.documentNumber, amount, first.depositDate);
      const holder = key ? keys.get(key) : undefined;
      if (holder && holder.bankLineId === null) {
        // The same deposit already credited by its slip: counted once, both sides linked.
        await runner.query('UPDATE ledger_entries SET bankLineId = ? WHERE id = ?', [line?.id ?? null, holder.id]);
        if (line) await runner.query('UPDATE bank_lines SET entryId = ? WHERE id = ?', [holder.id, line.id]);
        holder.bankLineId = line?.id ?? null;
        continue;
      }
      const id = await insert({
        ...base(first),
        source: 'banco',
        amount,
        bankLineId: line?.id ?? null,
        documentNumber: first.documentNumber,
        depositKey: holder ? null : key,
      });
      if (key && !holder) keys.set(key, { id, receiptId: null, bankLineId: line?.id ?? null });
      if (line) await runner.query('UPDATE bank_lines SET entryId = ? WHERE id = ?', [id, line.id]);
    }

    // Money recorded by hand: its note was kept where a receipt keeps its document number.
    for (const proof of proofs.filter((row) => row.kind === 'efectivo')) {
      await insert({
        ...base(proof),
        source: 'efectivo',
        method: 'efectivo',
        amount: Number(proof.amountReceived ?? 0),
        note: proof.documentNumber,
      });
    }
    await runner.query("DELETE FROM payment_proofs WHERE kind <> 'comprobante'");

    // The old 'Pago recibido' tick: what it said was paid is a credit now.
    const today = guatemalaToday();
    const payments = (await runner.query('SELECT id, date, amountQuetzales, twinsAmountQuetzales FROM payment_dates')) as Array<{
      id: number;
      date: string;
      amountQuetzales: number | null;
      twinsAmountQuetzales: number | null;
    }>;
    const ticked = (await runner.query('SELECT id, graduates FROM families WHERE hasPaid = 1')) as Array<{ id: number; graduates: number }>;
    for (const family of ticked) {
      const overrides = (await runner.query('SELECT paymentNumber, amountQuetzales FROM payment_overrides WHERE familyId = ?', [
        family.id,
      ])) as Array<{
        paymentNumber: number;
        amountQuetzales: number;
      }>;
      let due = 0;
      for (const payment of payments.filter((row) => row.date < today)) {
        const own = overrides.find((row) => Number(row.paymentNumber) === Number(payment.id));
        const twins = Number(family.graduates) === 2 && payment.twinsAmountQuetzales !== null;
        due += Number(own ? own.amountQuetzales : twins ? payment.twinsAmountQuetzales : (payment.amountQuetzales ?? 0));
      }
      const [sum] = (await runner.query('SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_entries WHERE familyId = ?', [
        family.id,
      ])) as Array<{
        total: number | string;
      }>;
      const missing = due - Number(sum!.total);
      if (missing <= 0) continue;
      await insert({
        familyId: family.id,
        kind: 'credito',
        source: 'efectivo',
        amount: missing,
        note: 'Marcada como «Pago recibido» antes del libro de cuentas.',
        createdByName: 'Sistema',
        createdAt: sqlTime(Date.now()),
      });
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('history', 'familyName');
    await runner.dropColumns('payment_proofs', ['fileHash', 'duplicateOfId']);
    await runner.dropTable('bank_statement_reads');
    await runner.dropIndex('bank_lines', 'IDX_bank_lines_live');
    await runner.dropIndex('bank_lines', 'IDX_bank_lines_checksum');
    await runner.createIndex('bank_lines', new TableIndex({ name: 'IDX_bank_lines_checksum', columnNames: ['checksum'], isUnique: true }));
    await runner.dropColumns('bank_lines', ['entryId', 'liveChecksum']);
    await runner.dropTable('ledger_entries');
  }
}
