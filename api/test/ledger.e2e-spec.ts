// The families' ledger (decisions item 20, docs/payments.md): a deposit sent as a slip and found
// in the bank statement counts once, money pays the oldest payment first with the rest as credit,
// every mistake is undone by a counter-entry with its reason, and every refusal says what to do.
import ExcelJS from 'exceljs';
import type { BankConfirmResult, BankPreview, Family, HistoryPage, Receipt, Statement, Stats } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { Ledger1764700000000 } from '../src/database/migrations/1764700000000-ledger';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { createFamily, createUser, PAYMENT_AMOUNTS, sessionAgent, setPaymentAmounts, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, upload } from './receipts-fixtures';
import { decisionFor, previewStatement } from './support/bank-statements';
import { moneyBeforeLedger, undoMigrationsTo } from './support/before-migrations';

describe.each(DATABASES)('the ledger (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let run = 0;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera Ana')).id);
    await setPaymentAmounts(api);
  });
  afterAll(() => api.close());

  /** A family with its parent signed in. */
  async function familyWithParent(name: string) {
    run += 1;
    const email = `familia${run}.${kind}@example.com`;
    const family = await createFamily(api, { graduateName: `${name} ${run}`, contactName: `Contacto de ${name}`, email });
    const parent = await sessionAgent(api, (await createUser(api, 'parent', email)).id);
    return { family, parent };
  }
  const sendSlip = async (parent: Agent, fields: Record<string, string>, data = PDF) => {
    const response = await upload(api, parent, fields, { data, name: 'boleta.pdf', type: 'application/pdf' });
    expect(response.statusCode).toBe(201);
    return response.json<Receipt>();
  };
  const preview = (csv: string) => previewStatement(api, admin, Buffer.from(csv, 'utf8'));
  const csvLine = (day: string, document: string, description: string, amount: number) => {
    const [year, month, date] = day.split('-');
    return `Fecha;No. Documento;Descripción;Crédito\n${date}/${month}/${year};${document};${description};Q ${amount.toLocaleString('en-US')}.00\n`;
  };
  const apply = (preview: BankPreview, familyId: number | null) =>
    admin.post<BankConfirmResult>('/api/bank-statements/confirm', { lines: preview.lines.map((line) => decisionFor(line, familyId)) });
  const statementOf = async (familyId: number) => (await admin.get<Statement>(`/api/families/${familyId}/statement`)).body;
  const mailsTo = (recipient: string) =>
    api.dataSource.getRepository(OutboxMessageEntity).find({ where: { recipient, kind: 'pago' }, order: { id: 'ASC' } });

  it('counts once a deposit sent as a slip and found in the bank statement, whichever comes first', async () => {
    const { family, parent } = await familyWithParent('Ana Hernández');
    const slip = await sendSlip(parent, {
      paymentNumber: '1',
      amountDeclared: '2950',
      documentNumber: '48213377',
      depositDate: '2026-09-20',
    });
    expect((await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 2950 })).status).toBe(200);

    const statement = await preview(csvLine('2026-09-20', '48213377', 'DEPÓSITO 48213377', 2950));
    expect(statement.lines[0]!.covered).toMatchObject({ receiptId: slip.id, familyId: family.id });
    expect((await apply(statement, family.id)).body).toEqual({ applied: 1, discarded: 0, linked: 1, income: 0 });

    const mine = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(mine.totals).toMatchObject({ received: 2950, credit: 0 });
    expect(mine.lines.map((line) => line.state)).toEqual(['pagado', 'pendiente', 'pendiente', 'pendiente', 'pendiente', 'pendiente']);
    expect(mine.entries).toHaveLength(1);
    expect(mine.entries[0]).toMatchObject({ source: 'comprobante', receiptId: slip.id, amount: 2950 });
    expect(mine.entries[0]!.bankLineId).not.toBeNull();
    // Imported again: already applied, and confirming it again changes nothing.
    expect((await preview(csvLine('2026-09-20', '48213377', 'DEPÓSITO 48213377', 2950))).lines[0]!.status).toBe('aplicada');

    // The other order: the bank line first, the slip afterwards.
    const other = await familyWithParent('José García');
    const line = await preview(csvLine('2026-09-21', '55500011', `DEPOSITO ${paymentReference(2026, other.family.id)}`, 2950));
    expect((await apply(line, other.family.id)).body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
    const late = await sendSlip(other.parent, {
      paymentNumber: '1',
      amountDeclared: '2950',
      documentNumber: '55500011',
      depositDate: '2026-09-21',
    });
    const queue = (await admin.get<Array<Receipt & { warnings: string[] }>>('/api/payment-proofs?state=en_revision')).body;
    expect(queue.find((item) => item.id === late.id)!.warnings.join(' ')).toContain('acreditados por la línea del banco');
    expect((await admin.post(`/api/payment-proofs/${late.id}/verify`, { amountReceived: 2950 })).status).toBe(200);
    expect((await statementOf(other.family.id)).totals.received).toBe(2950);
  });

  it('refuses a deposit another family already holds, naming it, and changes nothing', async () => {
    const { family, parent } = await familyWithParent('Lucía Pérez');
    const slip = await sendSlip(parent, {
      paymentNumber: '1',
      amountDeclared: '2950',
      documentNumber: '77700001',
      depositDate: '2026-09-22',
    });
    await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 2950 });
    const stranger = await familyWithParent('Mario Ruiz');
    const before = await snapshotTables(api, { except: ['bank_statement_reads'] });
    const refused = await apply(await preview(csvLine('2026-09-22', '77700001', 'DEPOSITO', 2950)), stranger.family.id);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(family.graduateName);
    expect(refused.text).toContain('revierte ese crédito');
    expect(await snapshotTables(api, { except: ['bank_statement_reads'] })).toEqual(before);
  });

  it('pays the oldest payment first and keeps the rest as credit, never as a later payment paid', async () => {
    const { family, parent } = await familyWithParent('Camila Gómez');
    const small = await sendSlip(parent, { paymentNumber: '1', amountDeclared: '450', depositDate: '2026-09-23' });
    // A Q3,400 line does not verify a Q450 receipt: a different deposit.
    await apply(await preview(csvLine('2026-09-24', '90000001', `DEP ${paymentReference(2026, family.id)}`, 3400)), family.id);
    let mine = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(mine.lines.slice(0, 2).map((line) => [line.state, line.received, line.balance])).toEqual([
      ['pagado', 2950, 0],
      ['parcial', 450, 2950],
    ]);
    expect((await parent.get<Receipt[]>('/api/my-family/payment-proofs')).body.find((receipt) => receipt.id === small.id)!.state).toBe(
      'en_revision',
    );
    // More than everything owed: the rest is the family's credit.
    await admin.post(`/api/families/${family.id}/payments/2/cash`, { amountReceived: 9000, method: 'transferencia', note: 'recibo 0012' });
    mine = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(mine.lines.every((line) => line.state === 'pagado')).toBe(true);
    expect(mine.totals).toMatchObject({ received: 12400, expected: 11350, balance: -1050, credit: 1050, dueBalance: 0 });
    expect(mine.paid).toBe(true);
    expect(mine.entries.at(-1)).toMatchObject({ source: 'efectivo', method: 'transferencia' });
    // The committee's note stays with the committee (decisions item 25).
    expect(mine.entries.at(-1)).not.toHaveProperty('note');
    const families = (await admin.get<Family[]>('/api/families')).body;
    expect(families.find((row) => row.id === family.id)!.hasPaid).toBe(true);
  });

  it('pays the payment money was recorded for first, and the oldest with what is left', async () => {
    const { family, parent } = await familyWithParent('Lucía Pineda');
    // Q600 cash "Para el Sexto Pago": Sexto Pago is partly paid, Segundo Pago untouched.
    expect(
      (await admin.post(`/api/families/${family.id}/payments/6/cash`, { amountReceived: 600, note: 'Para el Sexto Pago' })).status,
    ).toBe(201);
    let mine = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(mine.lines.map((line) => [line.paymentNumber, line.state, line.received])).toEqual([
      [1, 'pendiente', 0],
      [2, 'pendiente', 0],
      [3, 'pendiente', 0],
      [4, 'pendiente', 0],
      [5, 'pendiente', 0],
      [6, 'parcial', 600],
    ]);
    // A verified receipt for the Sexto Pago pays the rest of it; the surplus pays the oldest.
    const slip = await sendSlip(parent, { paymentNumber: '6', amountDeclared: '1400', depositDate: '2026-09-23' });
    expect((await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 1400 })).status).toBe(200);
    mine = await statementOf(family.id);
    expect(mine.lines.map((line) => [line.paymentNumber, line.state, line.received])).toEqual([
      [1, 'parcial', 1000],
      [2, 'pendiente', 0],
      [3, 'pendiente', 0],
      [4, 'pendiente', 0],
      [5, 'pendiente', 0],
      [6, 'pagado', 1000],
    ]);
    expect(mine.totals).toMatchObject({ received: 2000, credit: 0 });
  });

  it('undoes a verification by a counter-entry: the receipt back in review or rejected, the family told, the reason in the history', async () => {
    const { family, parent } = await familyWithParent('Sofía López');
    const slip = await sendSlip(parent, {
      paymentNumber: '1',
      amountDeclared: '2950',
      documentNumber: '31000001',
      depositDate: '2026-09-25',
    });
    await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 2950 });
    const verifiedMail = (await mailsTo(family.email)).at(-1)!;
    expect(verifiedMail.subject).toContain('Comprobante verificado: Primer Pago');
    expect(verifiedMail.text).toContain('Q2,950');
    expect(verifiedMail.text).toContain('Saldo pendiente a la fecha: Q8,400.');

    const credit = (await statementOf(family.id)).entries[0]!;
    const missing = await admin.post(`/api/ledger-entries/${credit.id}/reverse`, { reason: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('motivo');
    const reversed = await admin.post<Statement>(`/api/ledger-entries/${credit.id}/reverse`, {
      reason: 'El banco no muestra ese depósito.',
      messageToFamily: 'No encontramos ese depósito en el banco; envíanos otra foto de la boleta.',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.totals.received).toBe(0);
    expect(reversed.body.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['credito', 2950],
      ['reversion', -2950],
    ]);
    expect(reversed.body.entries[0]!.reversal).toMatchObject({ by: 'Tesorera Ana', reason: 'El banco no muestra ese depósito.' });
    expect(reversed.body.lines[0]!.receipts[0]).toMatchObject({ id: slip.id, state: 'en_revision', review: null, creditId: null });
    const reversalMail = (await mailsTo(family.email)).at(-1)!;
    expect(reversalMail.subject).toContain('Corrección en tu cuenta');
    // The family reads the committee's message to it, never the internal reason.
    expect(reversalMail.text).toContain('Mensaje del comité: No encontramos ese depósito en el banco; envíanos otra foto de la boleta.');
    expect(reversalMail.text).not.toContain('El banco no muestra ese depósito.');

    const again = await admin.post(`/api/ledger-entries/${credit.id}/reverse`, { reason: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('ya revirtió este crédito');
    const ofReversal = await admin.post(`/api/ledger-entries/${reversed.body.entries[1]!.id}/reverse`, { reason: 'Deshacer' });
    expect(ofReversal.status).toBe(409);

    // Verified again, then reversed into a rejection with the reason.
    await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 2950 });
    const second = (await statementOf(family.id)).entries.find((entry) => entry.kind === 'credito' && entry.reversal === null)!;
    const rejected = await admin.post<Statement>(`/api/ledger-entries/${second.id}/reverse`, {
      reason: 'La boleta es de otra familia.',
      receipt: 'rechazado',
    });
    expect(rejected.body.lines[0]!.receipts[0]).toMatchObject({ state: 'rechazado', review: { reason: 'La boleta es de otra familia.' } });

    const history = (await admin.get<HistoryPage>(`/api/families/${family.id}/history`)).body.items;
    const reversal = history.find((row) => row.action === 'ledger.reverse')!;
    expect(reversal).toMatchObject({ familyName: family.graduateName, actorName: 'Tesorera Ana' });
    expect(reversal.after).toMatchObject({ reason: 'La boleta es de otra familia.', amount: 2950, source: 'comprobante' });
    expect(history.every((row) => row.familyName === family.graduateName)).toBe(true);

    // The history's workbook names the family, the amount and what happened on every money row.
    const download = await admin.get(`/api/history?format=xlsx&familyId=${family.id}`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="historial-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawBody as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Historial')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Cuándo', 'Quién', 'Acción', 'Familia', 'Qué', 'Monto', 'Cambio']);
    const reversals = rows.filter((row) => row[2] === 'Movimiento revertido');
    expect(reversals).toHaveLength(2);
    expect(reversals[0]!.slice(1, 6)).toEqual([
      'Tesorera Ana',
      'Movimiento revertido',
      family.graduateName,
      `Comprobante #${slip.id} · Q2,950`,
      -2950,
    ]);
    expect(String(reversals[0]![6])).toContain('Motivo: La boleta es de otra familia.');
    expect(
      rows.filter((row) => row[2] === 'Dinero recibido registrado').every((row) => row[3] === family.graduateName && row[5] === 2950),
    ).toBe(true);
    // One row per movement, signed: the column adds up to the family's money (two credits, two reversals).
    const amounts = rows.slice(1).flatMap((row) => (typeof row[5] === 'number' ? [row[5]] : []));
    expect(amounts.sort()).toEqual([-2950, -2950, 2950, 2950]);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe((await statementOf(family.id)).totals.received);
    expect((await admin.get('/api/history?format=pdf')).status).toBe(400);
  });

  it('reverses a bank line applied to the wrong family, and the line is applied again to the right one', async () => {
    const right = await familyWithParent('Pablo Castillo');
    const wrong = await familyWithParent('Iván Castillo');
    const csv = csvLine('2026-09-26', '40000001', 'DEPOSITO CASTILLO', 1500);
    await apply(await preview(csv), wrong.family.id);
    const entry = (await statementOf(wrong.family.id)).entries[0]!;
    expect(entry).toMatchObject({ source: 'banco', amount: 1500 });
    await admin.post(`/api/ledger-entries/${entry.id}/reverse`, { reason: 'Era de la otra familia Castillo.' });
    expect((await statementOf(wrong.family.id)).totals.received).toBe(0);
    const again = await preview(csv);
    expect(again.lines[0]!.status).toBe('nueva');
    expect((await apply(again, right.family.id)).body).toMatchObject({ applied: 1 });
    expect((await statementOf(right.family.id)).totals.received).toBe(1500);
    expect((await preview(csv)).lines[0]!.status).toBe('aplicada');
    // Each family heard of it: the wrong one of the deposit and of its reversal, the right one of the deposit.
    expect((await mailsTo(wrong.family.email)).map((mail) => mail.subject.split(' · ')[0])).toEqual([
      'Depósito recibido',
      'Corrección en tu cuenta',
    ]);
    const found = (await mailsTo(right.family.email)).at(-1)!;
    expect(found.text).toContain('El comité encontró tu depósito del 26/09/2026 en el estado de cuenta del banco: recibimos Q1,500');
    // The history's workbook counts the deposit once per movement: the line's own rows carry no amount.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await admin.get(`/api/history?format=xlsx&familyId=${wrong.family.id}`)).rawBody as unknown as ExcelJS.Buffer,
    );
    const amounts: unknown[] = [];
    workbook.getWorksheet('Historial')!.eachRow((row, number) => number > 1 && amounts.push((row.values as unknown[])[6]));
    expect(amounts.filter((amount) => typeof amount === 'number').sort()).toEqual([-1500, 1500]);
  });

  it('reverses money recorded by hand; refuses a note past the limit instead of cutting it, and lines no statement held', async () => {
    const { family } = await familyWithParent('Marta Díaz');
    const long = 'x'.repeat(201);
    const before = await snapshotTables(api);
    const refused = await admin.post(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 100, note: long });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('200 caracteres');
    const forged = await admin.post('/api/bank-statements/confirm', {
      lines: [{ date: '2026-09-27', description: 'NUNCA LEIDA', document: '', amountCentavos: 100000, familyId: family.id }],
    });
    expect(forged.status).toBe(409);
    expect(forged.text).toContain('vuelve a subir el archivo del banco');
    expect(await snapshotTables(api)).toEqual(before);

    const cash = await admin.post<Statement>(`/api/families/${family.id}/payments/1/cash`, {
      amountReceived: 500,
      note: 'recibo 0012 entregado en la reunión',
    });
    expect(cash.body.entries[0]).toMatchObject({ source: 'efectivo', method: 'efectivo', note: 'recibo 0012 entregado en la reunión' });
    const reversed = await admin.post<Statement>(`/api/ledger-entries/${cash.body.entries[0]!.id}/reverse`, {
      reason: 'Monto mal escrito: eran Q50.',
    });
    expect(reversed.body.totals.received).toBe(0);
    expect((await admin.post(`/api/ledger-entries/999999/reverse`, { reason: 'x' })).status).toBe(404);
  });

  it("the 'Pago recibido' tick is a view of the ledger; a family holding money is not deleted", async () => {
    const { family } = await familyWithParent('Elena Soto');
    const ticked = await admin.put<Family>(`/api/families/${family.id}`, { hasPaid: true });
    expect(ticked.status).toBe(200);
    expect(ticked.body.hasPaid).toBe(false);
    await admin.post(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 11350 });
    expect((await admin.get<Family[]>('/api/families')).body.find((row) => row.id === family.id)!.hasPaid).toBe(true);
    const stats = (await admin.get<Stats>('/api/stats')).body;
    expect(stats.paymentsReceived).toBeGreaterThanOrEqual(1);
    const deleting = await admin.request('DELETE', `/api/families/${family.id}`);
    expect(deleting.status).toBe(409);
    expect(deleting.text).toContain('Revierte sus créditos');
    const removeOwn = await admin.request('DELETE', `/api/families/${family.id}/payments/1/override`, {});
    expect(removeOwn.status).toBe(400);
  });

  it('flags a receipt sent twice, to the parent and in the queue', async () => {
    const { parent } = await familyWithParent('Rosa Méndez');
    const first = await sendSlip(parent, {
      paymentNumber: '2',
      amountDeclared: '3400',
      documentNumber: '12121212',
      depositDate: '2026-10-01',
    });
    const same = await sendSlip(parent, { paymentNumber: '2', amountDeclared: '3400', depositDate: '2026-10-01' });
    const repeat = await sendSlip(
      parent,
      { paymentNumber: '3', amountDeclared: '3400', documentNumber: '012121212' },
      Buffer.from(`${PDF.toString('latin1')}%copia`, 'latin1'),
    );
    const mine = (await parent.get<Receipt[]>('/api/my-family/payment-proofs')).body;
    expect(mine.find((receipt) => receipt.id === same.id)!.duplicateOf).toBe(first.id);
    expect(mine.find((receipt) => receipt.id === repeat.id)!.duplicateOf).toBe(first.id);
    const queue = (await admin.get<Array<Receipt & { warnings: string[] }>>('/api/payment-proofs?state=en_revision')).body;
    expect(queue.find((item) => item.id === same.id)!.warnings[0]).toContain(`Parece repetido: igual al comprobante #${first.id}`);
  });

  it('the migration moves receipts, bank lines, cash and the old tick into the ledger, a deposit counted twice once', async () => {
    const old = await startApi(kind);
    try {
      await undoMigrationsTo(old, Ledger1764700000000.name);
      const { twice, cash, ticked } = await moneyBeforeLedger(old, PAYMENT_AMOUNTS);
      await old.dataSource.runMigrations();

      const entries = await old.dataSource.getRepository(LedgerEntryEntity).find({ order: { id: 'ASC' } });
      const of = (familyId: number) => entries.filter((entry) => entry.familyId === familyId);
      expect(of(twice).map((entry) => [entry.source, entry.amount, entry.receiptId !== null, entry.bankLineId !== null])).toEqual([
        // Centavos, since the 1765200000000 migration that runs after it.
        ['comprobante', 295000, true, true],
      ]);
      expect(of(cash).map((entry) => [entry.source, entry.amount, entry.note])).toEqual([['efectivo', 100000, 'recibo 0012']]);
      // Ticked 'Pago recibido' with nothing verified: its six due payments, as a credit by 'Sistema'.
      expect(of(ticked).map((entry) => [entry.source, entry.amount, entry.createdByName])).toEqual([['efectivo', 1135000, 'Sistema']]);
      expect(Number((await old.dataSource.query("SELECT COUNT(*) AS n FROM payment_proofs WHERE kind <> 'comprobante'"))[0].n)).toBe(0);
      const names = await old.dataSource.getRepository(FamilyEntity).find();
      expect(names.length).toBeGreaterThanOrEqual(3);
    } finally {
      await old.close();
    }
  });
});
