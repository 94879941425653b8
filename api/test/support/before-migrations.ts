// Databases as a migration found them, for the tests that run it (bank.e2e-spec.ts,
// ledger.e2e-spec.ts): the migrations undone down to it, and the rows the older tables held.
import { createHash } from 'node:crypto';
import type { TestApi } from '../harness';

/** Undoes the migrations from the newest down to the one named, that one included. */
export async function undoMigrationsTo(api: TestApi, name: string): Promise<void> {
  while ((await api.dataSource.query('SELECT name FROM migrations')).some((row: { name: string }) => row.name === name))
    await api.dataSource.undoLastMigration();
}

/**
 * A family row written as the tables of older migrations take it (the entity's newer columns are
 * not there yet): its id.
 */
export async function insertOldFamily(old: TestApi, graduateName: string, email: string, contactName = 'Contacto', hasPaid = false) {
  await old.dataSource.query(
    'INSERT INTO families (graduateName, contactName, email, phone, tablesBooked, hasPaid, paymentAmount, graduates) VALUES (?, ?, ?, ?, 0, ?, 0, 1)',
    [graduateName, contactName, email, '5555', hasPaid ? 1 : 0],
  );
  const [row] = await old.dataSource.query('SELECT id FROM families WHERE email = ?', [email]);
  return Number(row.id);
}

/**
 * Bank lines as the bank-line-facts migration (1765170000000) found them, for Mateo Pineda's
 * family: one applied, one only read and one applied then reversed, each decided or read on 30/11;
 * and the same three lines in the bank's statement now.
 */
export async function linesBeforeFacts(old: TestApi) {
  const pineda = await insertOldFamily(old, 'Mateo Pineda', 'julia.pineda@example.com', 'Julia Pineda');
  // How lines were known until then: day, amount, document and description as written.
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  const oldChecksum = (date: string, document: string, description: string, amountCentavos: number) =>
    createHash('sha256')
      .update([date, amountCentavos, plain(document), plain(description)].join('|'))
      .digest('hex');
  const applied = oldChecksum('2026-11-25', '48213377', 'TRANSF ACH INDUSTRIAL', 295000);
  const read = oldChecksum('2026-11-26', '', 'DEPOSITO EFECTIVO', 45000);
  const reversed = oldChecksum('2026-11-27', '90001', 'DEPOSITO EN CHEQUE', 100000);
  const decided = '2026-11-30 15:00:00.000';
  const decision = (checksum: string, live: string | null, state: string, day: string, amount: number) =>
    old.dataSource.query(
      'INSERT INTO bank_lines (checksum, liveChecksum, state, day, amountCentavos, familyId, decidedByName, decidedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [checksum, live, state, day, amount, pineda, 'Tesorera', decided],
    );
  await decision(applied, applied, 'aplicada', '2026-11-25', 295000);
  await decision(reversed, null, 'revertida', '2026-11-27', 100000);
  for (const checksum of [applied, read, reversed])
    await old.dataSource.query('INSERT INTO bank_statement_reads (checksum, readAt) VALUES (?, ?)', [checksum, decided]);
  const statement = Buffer.from(
    'Fecha;No. Documento;Descripción;Crédito\n25/11/2026;48213377;TRANSF ACH INDUSTRIAL;Q 2,950.00\n' +
      '26/11/2026;;DEPOSITO EFECTIVO;Q 450.00\n27/11/2026;90001;DEPOSITO EN CHEQUE;Q 1,000.00\n',
  );
  return { pineda, applied, read, reversed, statement };
}

/**
 * Money as the ledger migration (1764700000000) found it, with `amounts` as the six payments: a
 * deposit verified as a slip and again as the bank's receipt with its applied line ('Doble'), cash
 * kept as a receipt ('Efectivo'), and a family only ticked 'Pago recibido' ('Marcada').
 */
export async function moneyBeforeLedger(old: TestApi, amounts: number[]) {
  for (const [index, amount] of amounts.entries())
    await old.dataSource.query('UPDATE payment_dates SET amountQuetzales = ? WHERE id = ?', [amount, index + 1]);
  const insertFamily = (name: string, hasPaid: boolean) =>
    insertOldFamily(old, name, `${name.toLowerCase().replace(/\W/g, '')}@example.com`, 'Contacto', hasPaid);
  const twice = await insertFamily('Doble', false);
  const cash = await insertFamily('Efectivo', false);
  const ticked = await insertFamily('Marcada', true);
  const at = '2026-09-20 15:00:00.000';
  const receipt = (familyId: number, kind: string, amount: number, document: string | null, uploadedAt = at) =>
    old.dataSource.query(
      `INSERT INTO payment_proofs (familyId, paymentNumber, fileName, kind, uploadedAt, state, contentType, hasThumbnail, amountDeclared, depositDate, documentNumber, reviewedByName, reviewedAt, amountReceived)
       VALUES (?, 1, 'x', ?, ?, 'verificado', 'application/pdf', 0, ?, '2026-09-20', ?, 'Tesorera', ?, ?)`,
      [familyId, kind, uploadedAt, amount, document, uploadedAt, amount],
    );
  await receipt(twice, 'comprobante', 2950, '48213377');
  await receipt(twice, 'banco', 2950, '48213377', '2026-09-28 10:00:00.000');
  await old.dataSource.query(
    "INSERT INTO bank_lines (checksum, state, day, amountCentavos, familyId, decidedByName, decidedAt) VALUES ('c1', 'aplicada', '2026-09-20', 295000, ?, 'Tesorera', '2026-09-28 10:00:00.000')",
    [twice],
  );
  await receipt(cash, 'efectivo', 1000, 'recibo 0012');
  return { twice, cash, ticked };
}
