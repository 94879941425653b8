// Bank reconciliation: the committee imports the bank's statement, the portal ties deposits to
// families (by their reference, else proposes by amount and name), nothing is written until the
// committee confirms, and a line is never counted twice.
import { todayInGuatemala } from '@portal/format';
import type { BankConfirmResult, BankLineDecision, BankPreview, BankPreviewLine, Statement } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { lineChecksum } from '../src/bank/line-identity';
import { BankLineEntity, BankStatementReadEntity } from '../src/bank/bank-line.entity';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { HistoryEntity } from '../src/history/history.entity';
import { BankLineFacts1765170000000 } from '../src/database/migrations/1765170000000-bank-line-facts';
import { addReceipt, createFamily, createUser, expectSpanishError, sessionAgent, setPaymentAmounts, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BANK_EXPORTS, INDUSTRIAL_OVERLAP } from './fixtures/bank/make-fixtures';
import {
  decisionFor,
  fixtureFamilies,
  INDUSTRIAL_CSV,
  NOT_STATEMENTS,
  overlappingExports,
  previewStatement,
  sendStatement,
  statementFixture,
  xlsxStatement,
} from './support/bank-statements';
import { linesBeforeFacts, undoMigrationsTo } from './support/before-migrations';

describe.each(DATABASES)('bank reconciliation (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let family: Awaited<ReturnType<typeof fixtureFamilies>>;
  let anaParent: Agent;

  const fixture = (name: string) => statementFixture(name, family);
  const preview = (data: Buffer, fields: Record<string, string> = {}, name = 'estado.csv') =>
    previewStatement(api, admin, data, fields, name);
  const confirm = (lines: BankLineDecision[], extra: object = {}) =>
    admin.post<BankConfirmResult>('/api/bank-statements/confirm', { lines, ...extra });
  const statementOf = async (familyId: number) => (await admin.get<Statement>(`/api/families/${familyId}/statement`)).body;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', 'tesorera@example.com', 'Tesorera')).id);
    await setPaymentAmounts(api);
    family = await fixtureFamilies(api);
    anaParent = await sessionAgent(api, (await createUser(api, 'parent', 'ana@example.com')).id);
  });
  afterAll(() => api.close());

  it('reads a statement with account rows above the table, a BOM and two amount columns, and writes nothing but what it read', async () => {
    const before = await snapshotTables(api, { except: ['bank_statement_reads'] });
    const result = await preview(fixture('industrial.csv'));
    expect(result.headerLine).toBe(INDUSTRIAL_CSV.headerLine);
    expect(result.headers).toEqual(INDUSTRIAL_CSV.headers);
    expect(result.errors).toEqual(INDUSTRIAL_CSV.errors);
    // The bank's commission (a debit) and the totals row are not deposits.
    expect(result.lines.map((line) => [line.line, line.date, line.document, line.amountCentavos])).toEqual(INDUSTRIAL_CSV.deposits);
    const [ana, beto, marta, dora] = result.lines;
    expect(ana!.match).toMatchObject({
      familyId: family.ana,
      by: 'referencia',
      exact: true,
      reference: paymentReference(2026, family.ana),
    });
    expect(beto!.match).toMatchObject({ familyId: family.beto, by: 'referencia', exact: false });
    expect(marta!.match).toMatchObject({ familyId: family.marta, by: 'nombre', exact: false });
    expect(marta!.match!.reason).toBe(
      'Sin referencia: la descripción nombra a la familia (marta, gomez); el monto es el de su Primer Pago.',
    );
    expect(dora!.match).toMatchObject({ familyId: family.dora, by: 'referencia', exact: false });
    expect(result.lines.every((line) => line.status === 'nueva')).toBe(true);
    expect(await snapshotTables(api, { except: ['bank_statement_reads'] })).toEqual(before);
    // The checksums of the lines it read, so that only those can be confirmed.
    const read = await api.dataSource.getRepository(BankStatementReadEntity).find();
    expect(read.map((row) => row.checksum).sort()).toEqual([...result.lines, ...result.withdrawals!].map((line) => line.checksum).sort());
  });

  it('applies the confirmed lines: one credit each, paying the oldest payments first, a short one partly paid', async () => {
    const { lines } = await preview(fixture('industrial.csv'));
    const exact = lines.filter((line) => line.match?.exact);
    expect((await confirm(exact.map((line) => decisionFor(line, line.match!.familyId)))).body).toEqual({
      applied: 1,
      discarded: 0,
      linked: 0,
      income: 0,
    });
    // The parent sees the payment paid.
    const mine = await anaParent.get<Statement>('/api/my-family/statement');
    expect(mine.body.lines[0]).toMatchObject({ paymentNumber: 1, state: 'pagado', received: 2950, balance: 0 });

    const rest = lines.filter((line) => !line.match?.exact);
    expect((await confirm(rest.map((line) => decisionFor(line, line.match!.familyId)))).body).toEqual({
      applied: 3,
      discarded: 0,
      linked: 0,
      income: 0,
    });
    const beto = await statementOf(family.beto);
    expect(beto.lines.slice(0, 3).map((line) => [line.state, line.received])).toEqual([
      ['pagado', 2950],
      ['pagado', 3400],
      ['pendiente', 0],
    ]);
    expect((await statementOf(family.marta)).lines[0]).toMatchObject({ state: 'pagado', received: 2950 });
    expect((await statementOf(family.dora)).lines[0]).toMatchObject({ state: 'parcial', received: 1000, balance: 1950 });
    // One deposit, one credit of its whole amount.
    expect(beto.entries.map((entry) => [entry.source, entry.amount, entry.documentNumber, entry.createdBy])).toEqual([
      ['banco', 6350, '100244', 'Tesorera'],
    ]);
    // Who applied what is in the history; the depositor's name and the description are not kept.
    const history = await api.dataSource.getRepository(HistoryEntity).findBy({ action: 'bank-line.apply' });
    expect(history.map((row) => [row.familyId, row.actorName])).toEqual(expect.arrayContaining([[family.beto, 'Tesorera']]));
    expect(JSON.stringify(history)).not.toContain('ROBERTO');
    const stored = await api.dataSource.getRepository(BankLineEntity).find();
    expect(stored).toHaveLength(4);
    expect(JSON.stringify(stored)).not.toMatch(/DEPOSITO|ROBERTO|MARTA/);
  });

  it('never counts a line twice: the same statement shows them applied, and confirming one again is a 409', async () => {
    const again = await preview(fixture('industrial.csv'));
    expect(again.lines.map((line) => [line.status, line.match])).toEqual([
      ['aplicada', null],
      ['aplicada', null],
      ['aplicada', null],
      ['aplicada', null],
    ]);
    const before = await snapshotTables(api);
    const response = await confirm([decisionFor(again.lines[0]!, family.ana)]);
    expect(response.status).toBe(409);
    expect(response.text).toContain(`en estado.csv: aplicada a Sofía López. Para corregirla, revierte su crédito`);
    expect(await snapshotTables(api)).toEqual(before);
  });

  it("reads a signed amount column with ISO dates, and verifies the parent's own receipt for the same deposit", async () => {
    const receipt = await addReceipt(api, family.eva, 1, { documentNumber: '55003', amountDeclared: 150000, depositDate: '2026-11-09' });
    const result = await preview(fixture('banrural.csv'));
    expect(result.lines.map((line) => [line.date, line.amountCentavos, line.document])).toEqual([
      ['2026-11-02', 295000, '55001'],
      ['2026-11-09', 150000, '55003'],
    ]);
    // Ana's second deposit: her reference in lower case, but not the amount of her next payment (Q3,400).
    expect(result.lines[0]!.match).toMatchObject({ familyId: family.ana, by: 'referencia', exact: false });
    // No reference, and Luis Pérez's family owes Q1,500 next; but Eva's receipt declares this day and amount.
    expect(result.lines[1]!.match).toMatchObject({ familyId: family.eva, by: 'comprobante', exact: false });
    expect(result.lines[1]!.match!.reason).toBe(
      'Sin referencia: la familia envió un comprobante de ese día y ese monto; la descripción nombra a la familia (eva, ruiz); el monto no es el de su próximo pago (Q2,950).',
    );
    expect((await confirm([decisionFor(result.lines[1]!, family.eva)])).body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
    const verified = await api.dataSource.getRepository(ReceiptEntity).findOneByOrFail({ id: receipt.id });
    expect([verified.state, verified.amountReceived]).toEqual(['verificado', 150000]);
    // One credit for the deposit, with both sides: the line and the receipt.
    const eva = await statementOf(family.eva);
    expect(eva.entries.map((entry) => [entry.source, entry.amount, entry.receiptId])).toEqual([['banco', 1500, receipt.id]]);
    expect(eva.entries[0]!.bankLineId).not.toBeNull();
  });

  it('reads decimal commas and a deposits/withdrawals pair, and remembers a discarded line', async () => {
    const result = await preview(fixture('bam.csv'));
    expect(result.lines.map((line) => [line.date, line.amountCentavos, line.description])).toEqual([
      ['2026-11-09', 295000, `TRANSF. ${paymentReference(2026, family.ana)} JOSÉ ÑUÑEZ`],
      ['2026-11-11', 99999, 'DEPÓSITO SIN NOMBRE'],
    ]);
    expect((await confirm([decisionFor(result.lines[1]!, null)])).body).toEqual({ applied: 0, discarded: 1, linked: 0, income: 0 });
    expect((await preview(fixture('bam.csv'))).lines.map((line) => line.status)).toEqual(['nueva', 'descartada']);
  });

  it('proposes the family a description names when the amount is not the one it owes next', async () => {
    const named = Buffer.from('Fecha;Descripción;Crédito\n15/11/2026;DEPOSITO DORA CASTILLO;Q 77.00\n16/11/2026;DEPOSITO;Q 77.00\n');
    const result = await preview(named);
    expect(result.lines[0]!.match).toMatchObject({ familyId: family.dora, by: 'nombre' });
    expect(result.lines[0]!.match!.reason).toMatch(
      /^Sin referencia: la descripción nombra a la familia \(dora, castillo\); el monto no es el de su próximo pago \(Q[\d,]+\)\.$/,
    );
    expect(result.lines[1]!.match).toBeNull();
  });

  it('reads an XLSX: the first sheet, dates as dates, a formula as the value the file stored', async () => {
    const data = await xlsxStatement([
      ['Banco de Desarrollo Rural'],
      ['Cuenta', '3-012-34567-8'],
      [],
      ['Fecha', 'Concepto', 'Documento', 'Crédito'],
      [new Date(Date.UTC(2026, 10, 12)), `DEP ${paymentReference(2026, family.dora)}`, '9001', { formula: '1+1', result: 1950 }],
    ]);
    const result = await preview(data);
    expect(result.lines.map((line) => [line.date, line.amountCentavos, line.document])).toEqual([['2026-11-12', 195000, '9001']]);
    // Dora owes Q1,950 more of her first payment: her reference and that amount.
    expect(result.lines[0]!.match).toMatchObject({ familyId: family.dora, exact: true });
  });

  it('reads an overlapping Excel export of the same deposits as the CSV: same day, centavos, document and description', async () => {
    const [csv, xlsx] = [await preview(await BANK_EXPORTS[0]!.bytes()), await preview(await INDUSTRIAL_OVERLAP.bytes())];
    const fields = (line: BankPreviewLine) => [line.date, line.amountCentavos, line.document, line.description];
    expect(xlsx.lines.map(fields)).toEqual(INDUSTRIAL_OVERLAP.deposits.map((deposit) => Object.values(deposit)));
    const shared = csv.lines.filter((line) => xlsx.lines.some((other) => other.document === line.document));
    expect(shared.map(fields)).toEqual(xlsx.lines.slice(0, 2).map(fields));
    expect([csv.account, xlsx.account]).toEqual([INDUSTRIAL_OVERLAP.account, INDUSTRIAL_OVERLAP.account]);
  });

  it("credits once a deposit a CSV and then the bank's overlapping XLSX both hold, and the second preview says where it went", async () => {
    const pineda = (await createFamily(api, { contactName: 'Julia Pineda', graduateName: 'Mateo Pineda' })).id;
    const reference = paymentReference(2026, pineda);
    const { csv, xlsx } = await overlappingExports(reference);
    const first = await preview(csv, {}, 'noviembre.csv');
    expect(first.lines.map((line) => line.status)).toEqual(['nueva', 'nueva', 'nueva']);
    expect((await confirm([decisionFor(first.lines[0]!, pineda), decisionFor(first.lines[1]!, null)])).body).toEqual({
      applied: 1,
      discarded: 1,
      linked: 0,
      income: 0,
    });
    // The bank's own export a week later, which holds those deposits and others like them.
    const second = await preview(xlsx, {}, 'movimientos-25nov-02dic.xlsx');
    const today = todayInGuatemala();
    const on = `${today.slice(8, 10)}/${today.slice(5, 7)}`;
    expect(second.lines.map((line) => [line.status, line.imported?.note ?? null])).toEqual([
      ['aplicada', `Ya importada el ${on} en noviembre.csv: aplicada a Mateo Pineda`],
      ['descartada', `Ya importada el ${on} en noviembre.csv: descartada`],
      ['nueva', `Ya importada el ${on} en noviembre.csv: pendiente`],
      ['nueva', null],
      ['nueva', null],
      ['nueva', null],
    ]);
    // The XLSX names its account, the CSV did not: the line kept from the CSV took the account and
    // its fingerprint with it, and is the same line.
    expect(second.account).toBe('001-234567-8');
    expect(second.lines[0]!.checksum).not.toBe(first.lines[0]!.checksum);
    // 'Aplicar' on the repeated line: refused, naming where it went; nothing changes, no second e-mail.
    const before = await snapshotTables(api);
    const again = await confirm([decisionFor(second.lines[0]!, pineda)]);
    expect(again.status).toBe(409);
    expect(again.text).toContain(`Ya importada el ${on} en noviembre.csv: aplicada a Mateo Pineda`);
    expect(await snapshotTables(api)).toEqual(before);
    expect((await statementOf(pineda)).totals.received).toBe(2950);
    // The line imported but not decided is still applied once, from whichever file.
    expect((await confirm([decisionFor(second.lines[2]!, pineda)])).body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
    expect((await confirm([decisionFor(first.lines[2]!, pineda)])).status).toBe(409);
    expect((await statementOf(pineda)).totals.received).toBe(3950);
  });

  it("carries an applied line's credit in the preview, and once that credit is reversed the line is pending and goes to the right family", async () => {
    const csv = Buffer.from('Fecha;No. Documento;Descripción;Crédito\n20/11/2026;5550101;DEPOSITO AGENCIA CENTRAL;Q 1,234.00\n');
    const first = await preview(csv, {}, 'equivocada.csv');
    expect((await confirm([decisionFor(first.lines[0]!, family.dora)])).body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
    const credit = (await statementOf(family.dora)).entries.find(
      (entry) => entry.source === 'banco' && entry.amount === 1234 && !entry.reversal,
    )!;
    const again = await preview(csv, {}, 'otra.csv');
    expect(again.lines[0]!.imported).toMatchObject({
      state: 'aplicada',
      fileName: 'equivocada.csv',
      familyId: family.dora,
      graduateName: 'Iván Castillo',
      entryId: credit.id,
      receiptId: null,
    });
    expect(new Date(again.lines[0]!.imported!.appliedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const reversed = await admin.post(`/api/ledger-entries/${again.lines[0]!.imported!.entryId}/reverse`, {
      reason: 'Era de otra familia',
    });
    expect(reversed.status).toBe(200);
    const after = await preview(csv, {}, 'otra.csv');
    expect(after.lines[0]!.status).toBe('nueva');
    expect(after.lines[0]!.imported).toMatchObject({ state: 'pendiente', familyId: null, entryId: null, appliedAt: null });
    expect((await confirm([decisionFor(after.lines[0]!, family.eva)])).body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
    const standing = (statement: Statement) =>
      statement.entries.filter((entry) => entry.source === 'banco' && entry.amount === 1234 && !entry.reversal).length;
    expect(standing(await statementOf(family.dora))).toBe(0);
    expect(standing(await statementOf(family.eva))).toBe(1);
    expect((await preview(csv)).lines[0]!.imported).toMatchObject({ state: 'aplicada', familyId: family.eva, graduateName: 'Pablo Ruiz' });
  });

  it('applies a line of a statement that names its account from a decision that does not (the fingerprint without it)', async () => {
    const line = { date: '2026-11-28', description: 'DEPOSITO CUENTA NOMBRADA', document: '777001', amountCentavos: 145000 };
    const checksum = lineChecksum({ ...line, account: '001-234567-8' });
    expect(checksum).not.toBe(lineChecksum(line));
    await api.dataSource.getRepository(BankStatementReadEntity).insert({
      checksum,
      looseChecksum: lineChecksum({ ...line, account: null }),
      readAt: new Date(),
      fileName: 'con-cuenta.xlsx',
      account: '0012345678',
      day: line.date,
      amountCentavos: line.amountCentavos,
    });
    expect((await confirm([{ ...line, familyId: family.eva }])).body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
    expect(await api.dataSource.getRepository(BankStatementReadEntity).findOneByOrFail({ checksum })).toMatchObject({ state: 'aplicada' });
    expect((await confirm([{ ...line, familyId: family.eva }])).text).toContain('en con-cuenta.xlsx: aplicada a Pablo Ruiz');
  });

  it('the migration keeps every line known before: applied stays applied, a line read or reversed is pending, each moved to its fingerprint when seen again', async () => {
    const old = await startApi(kind);
    try {
      await undoMigrationsTo(old, BankLineFacts1765170000000.name);
      const { pineda, applied, read, reversed, statement } = await linesBeforeFacts(old);
      await old.dataSource.runMigrations();

      const facts = await old.dataSource.getRepository(BankStatementReadEntity).find();
      expect(facts.map((fact) => [fact.checksum, fact.state, fact.day, fact.amountCentavos]).sort()).toEqual(
        [
          [applied, 'aplicada', '2026-11-25', 295000],
          [read, 'pendiente', null, null],
          [reversed, 'pendiente', '2026-11-27', 100000],
        ].sort(),
      );
      // The same lines in the bank's statement now: the applied one is known, and moves to its fingerprint.
      const treasurer = await sessionAgent(old, (await createUser(old, 'admin', null, 'Tesorera')).id);
      const response = await sendStatement(old, treasurer, statement, {}, 'diciembre.csv');
      const lines = response.json<BankPreview>().lines;
      expect(lines.map((line) => [line.status, line.imported?.note])).toEqual([
        ['aplicada', 'Ya importada el 30/11 en un archivo anterior: aplicada a Mateo Pineda'],
        ['nueva', 'Ya importada el 30/11 en un archivo anterior: pendiente'],
        ['nueva', 'Ya importada el 30/11 en un archivo anterior: pendiente'],
      ]);
      const kept = await old.dataSource.getRepository(BankStatementReadEntity).find();
      expect(kept.map((fact) => fact.checksum).sort()).toEqual(lines.map((line) => line.checksum).sort());
      expect(await old.dataSource.getRepository(BankLineEntity).findOneBy({ liveChecksum: lines[0]!.checksum })).toMatchObject({
        state: 'aplicada',
        familyId: pineda,
      });
      const again = await treasurer.post('/api/bank-statements/confirm', { lines: [decisionFor(lines[0]!, pineda)] });
      expect(again.status).toBe(409);
      expect(again.text).toContain('aplicada a Mateo Pineda');
    } finally {
      await old.close();
    }
  });

  it('takes the columns the committee chose for an unknown layout, and remembers them', async () => {
    const unknown = Buffer.from('Día,Texto,Entrada\n13/11/2026,ABONO Marta Gómez,Q1500\n');
    const refused = await sendStatement(api, admin, unknown);
    expect(expectSpanishError(refused).message).toBe(
      'No encontramos las columnas de fecha y de monto (crédito o depósito). Indica qué columna es cada una.',
    );
    // What the committee needs to choose the columns: the file's first rows.
    expect(refused.json().details).toEqual({
      needsMapping: true,
      missing: ['date', 'amount'],
      headerLine: 1,
      headers: ['Día', 'Texto', 'Entrada'],
      sample: [['13/11/2026', 'ABONO Marta Gómez', 'Q1500']],
    });
    const mapping = { date: 0, description: 1, document: null, credit: 2, debit: null, amount: null };
    const chosen = await preview(unknown, { mapping: JSON.stringify(mapping), headerLine: '1' });
    expect(chosen.lines.map((line) => line.amountCentavos)).toEqual([150000]);
    expect((await confirm([decisionFor(chosen.lines[0]!, null)], { layout: { headers: chosen.headers, mapping } })).body).toEqual({
      applied: 0,
      discarded: 1,
      linked: 0,
      income: 0,
    });
    const next = Buffer.from('Día,Texto,Entrada\n14/11/2026,ABONO,Q200\n');
    expect((await preview(next)).lines.map((line) => [line.date, line.amountCentavos])).toEqual([['2026-11-14', 20000]]);
  });

  it('refuses what is not a statement, in Spanish, and changes nothing', async () => {
    const before = await snapshotTables(api, { except: ['bank_statement_reads'] });
    for (const [data, status, message] of NOT_STATEMENTS) {
      const response = await sendStatement(api, admin, data);
      expect({ status: response.statusCode, message: expectSpanishError(response).message }).toEqual({
        status,
        message: expect.stringContaining(message),
      });
    }
    const badMapping = await sendStatement(api, admin, fixture('industrial.csv'), { mapping: '{"date":"A"}' });
    expect([badMapping.statusCode, badMapping.json().message]).toEqual([400, 'La asignación de columnas no es válida.']);
    const badLines = await confirm([{ date: '31/11/2026', description: 'x', document: '', amountCentavos: -5, familyId: 0 }]);
    expect(badLines.status).toBe(400);
    expect(JSON.stringify(badLines.body)).toContain('La fecha de la línea debe tener el formato AAAA-MM-DD.');
    const notRead = await confirm([{ date: '2026-11-20', description: 'x', document: '', amountCentavos: 100, familyId: family.ana }]);
    expect([notRead.status, notRead.body]).toEqual([
      409,
      expect.objectContaining({ message: expect.stringContaining('no está en ningún estado de cuenta leído') }),
    ]);
    const read = (await preview(fixture('industrial.csv'))).lines[0]!;
    await api.dataSource.getRepository(BankLineEntity).update({ checksum: read.checksum }, { liveChecksum: null, state: 'revertida' });
    const noFamily = await confirm([{ ...decisionFor(read, null), familyId: 99_999 }]);
    expect([noFamily.status, noFamily.body]).toEqual([404, expect.objectContaining({ message: 'No encontramos esa familia.' })]);
    await api.dataSource
      .getRepository(BankLineEntity)
      .update({ checksum: read.checksum }, { liveChecksum: read.checksum, state: 'aplicada' });
    expect(await snapshotTables(api, { except: ['bank_statement_reads'] })).toEqual(before);
  });

  it('is for the committee only', async () => {
    expect((await sendStatement(api, anaParent, fixture('industrial.csv'))).statusCode).toBe(403);
    expect((await anaParent.post('/api/bank-statements/confirm', { lines: [] })).status).toBe(403);
    expect((await sendStatement(api, api.agent(), fixture('industrial.csv'))).statusCode).toBe(401);
  });
});
