// Same deposit, typed differently (docs/payments.md, 'A deposit is one credit'): the parent's typed
// day and number do not decide alone. The committee corrects them when verifying (the parent's
// values kept beside), and a bank line of the same family and amount within 3 days of a verified
// receipt without its line is asked about in 'Banco' and, unless it is another deposit, linked.
import type { BankConfirmResult, BankPreview, HistoryPage, Receipt, ReviewQueueItem, Statement } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createFamily, createUser, sessionAgent, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';

describe.each(DATABASES)('same deposit, typed differently (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let run = 0;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera Ana')).id);
  });
  afterAll(() => api.close());

  async function familyWithParent(name: string) {
    run += 1;
    const email = `mismo${run}.${kind}@example.com`;
    const family = await createFamily(api, { graduateName: `${name} ${run}`, contactName: `Contacto de ${name}`, email });
    const parent = await sessionAgent(api, (await createUser(api, 'parent', email)).id);
    return { family, parent, reference: paymentReference(2026, family.id) };
  }
  /** The slip the parent typed with another day (21/11) and number ("1"). */
  const sendSlip = async (parent: Agent, depositDate = '2026-11-21', documentNumber = '1', amount = '777') => {
    const response = await upload(
      api,
      parent,
      { paymentNumber: '1', amountDeclared: amount, depositDate, documentNumber },
      { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
    );
    expect(response.statusCode).toBe(201);
    return response.json<Receipt>();
  };
  const preview = async (day: string, document: string, description: string, amount: number) => {
    const [year, month, date] = day.split('-');
    const csv = `Fecha;No. Documento;Descripción;Crédito\n${date}/${month}/${year};${document};${description};Q ${amount}.00\n`;
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/bank-statements/preview',
      payload: multipart({}, { data: Buffer.from(csv, 'utf8'), name: 'noviembre.csv', type: 'text/csv' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<BankPreview>();
  };
  const confirm = (statement: BankPreview, familyId: number, extra: object = {}) =>
    admin.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: statement.lines.map((line) => ({
        date: line.date,
        description: line.description,
        document: line.document,
        amountCentavos: line.amountCentavos,
        familyId,
        ...extra,
      })),
    });
  const statementOf = async (familyId: number) => (await admin.get<Statement>(`/api/families/${familyId}/statement`)).body;
  const mailsTo = (recipient: string) => api.dataSource.getRepository(OutboxMessageEntity).count({ where: { recipient, kind: 'pago' } });

  it('a slip typed 21/11 "1" and the bank line of the same Q777 deposit (20/11, 88812345, the reference) are one credit, both sides linked', async () => {
    const { family, parent, reference } = await familyWithParent('Ana Hernández');
    const slip = await sendSlip(parent);
    expect((await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 777 })).status).toBe(200);
    const credit = (await statementOf(family.id)).entries[0]!;
    expect(await mailsTo(family.email!)).toBe(1);

    const statement = await preview('2026-11-20', '88812345', `DEPOSITO ${reference}`, 777);
    expect(statement.lines[0]!.covered).toBeNull();
    expect(statement.lines[0]!.sameDeposit).toMatchObject({ receiptId: slip.id, entryId: credit.id, familyId: family.id });
    expect(statement.lines[0]!.sameDeposit!.reason).toBe(
      `El comprobante #${slip.id} de la familia, del mismo monto (Q777), está verificado sin línea del banco; ` +
        'difieren la fecha (21/11/2026 en el comprobante, 20/11/2026 en el banco) y el documento (1 en el comprobante, 88812345 en el banco).',
    );

    expect((await confirm(statement, family.id)).body).toEqual({ applied: 1, discarded: 0, linked: 1, income: 0 });
    const after = await statementOf(family.id);
    expect(after.totals.received).toBe(777);
    expect(after.entries).toHaveLength(1);
    expect(after.entries[0]).toMatchObject({ id: credit.id, receiptId: slip.id, amount: 777 });
    expect(after.entries[0]!.bankLineId).not.toBeNull();
    // No second e-mail: the family was told of this money when its receipt was verified.
    expect(await mailsTo(family.email!)).toBe(1);
    // Imported again: applied, nothing to ask.
    const again = await preview('2026-11-20', '88812345', `DEPOSITO ${reference}`, 777);
    expect(again.lines[0]).toMatchObject({ status: 'aplicada', sameDeposit: null });
  });

  it('the same line said to be another deposit (differentDeposit) is a second credit, as before', async () => {
    const { family, parent, reference } = await familyWithParent('José García');
    const slip = await sendSlip(parent, '2026-10-21');
    await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 777 });
    const statement = await preview('2026-10-20', '88812346', `DEPOSITO ${reference}`, 777);
    expect(statement.lines[0]!.sameDeposit).toMatchObject({ receiptId: slip.id });

    expect((await confirm(statement, family.id, { differentDeposit: true })).body).toEqual({
      applied: 1,
      discarded: 0,
      linked: 0,
      income: 0,
    });
    const after = await statementOf(family.id);
    expect(after.totals.received).toBe(1554);
    expect(after.entries.map((entry) => [entry.source, entry.receiptId === slip.id, entry.bankLineId !== null])).toEqual([
      ['comprobante', true, false],
      ['banco', false, true],
    ]);
    expect(await mailsTo(family.email!)).toBe(2);
  });

  it('the committee corrects the typed number and day when verifying: the parent’s kept and both shown, the credit on the corrected ones, in Historial', async () => {
    const { family, parent, reference } = await familyWithParent('Lucía Pérez');
    const slip = await sendSlip(parent, '2026-09-21');

    // Bad corrections: a Spanish 400 and nothing changes.
    const before = await snapshotTables(api);
    for (const body of [
      { amountReceived: 777, depositDate: '21/09/2026' },
      { amountReceived: 777, documentNumber: '<b>888</b>' },
      { amountReceived: 777, documentNumber: 'x'.repeat(41) },
    ]) {
      const refused = await admin.post(`/api/payment-proofs/${slip.id}/verify`, body);
      expect(refused.status).toBe(400);
      expect(refused.text).toMatch(/fecha del depósito|número de documento/);
    }
    expect(await snapshotTables(api)).toEqual(before);

    const verified = await admin.post<ReviewQueueItem>(`/api/payment-proofs/${slip.id}/verify`, {
      amountReceived: 777,
      documentNumber: '88812347',
      depositDate: '2026-09-20',
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      documentNumber: '1',
      depositDate: '2026-09-21',
      review: { amountReceived: 777, documentNumber: '88812347', depositDate: '2026-09-20' },
    });
    // The parent reads what it typed and what the committee read.
    const mine = (await parent.get<Receipt[]>('/api/my-family/payment-proofs')).body.find((proof) => proof.id === slip.id)!;
    expect(mine).toMatchObject({
      documentNumber: '1',
      depositDate: '2026-09-21',
      review: { documentNumber: '88812347', depositDate: '2026-09-20' },
    });
    // The credit is the corrected deposit.
    const credit = (await statementOf(family.id)).entries[0]!;
    expect(credit).toMatchObject({ documentNumber: '88812347', depositDate: '2026-09-20', amount: 777 });
    const history = (await admin.get<HistoryPage>(`/api/families/${family.id}/history`)).body.items;
    const row = history.find((item) => item.action === 'payment-proof.verify')!;
    // The change as 'campo: antes → después': what the committee read, the family's untouched.
    expect(row.after).toMatchObject({
      'review.documentNumber': '88812347',
      'review.depositDate': '2026-09-20',
      'review.amountReceived': 777,
    });
    expect(row.after).not.toHaveProperty('documentNumber');

    // Its bank line is now the same deposit by the exact key: linked, nothing asked.
    const statement = await preview('2026-09-20', '88812347', `DEPOSITO ${reference}`, 777);
    expect(statement.lines[0]).toMatchObject({ covered: { receiptId: slip.id }, sameDeposit: null });
    expect((await confirm(statement, family.id)).body).toEqual({ applied: 1, discarded: 0, linked: 1, income: 0 });
    expect((await statementOf(family.id)).totals.received).toBe(777);
  });

  it('does not ask about a line of another family, more than 3 days away, or of another amount', async () => {
    const { parent, reference: own } = await familyWithParent('Mario Ruiz');
    const slip = await sendSlip(parent, '2026-08-21');
    await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 777 });
    const stranger = await familyWithParent('Eva Castillo');

    expect((await preview('2026-08-20', '70000001', `DEPOSITO ${stranger.reference}`, 777)).lines[0]!.sameDeposit).toBeNull();
    expect((await preview('2026-08-25', '70000002', `DEPOSITO ${own}`, 777)).lines[0]!.sameDeposit).toBeNull();
    expect((await preview('2026-08-17', '70000003', `DEPOSITO ${own}`, 777)).lines[0]!.sameDeposit).toBeNull();
    expect((await preview('2026-08-20', '70000004', `DEPOSITO ${own}`, 778)).lines[0]!.sameDeposit).toBeNull();
    // Three days away is still asked.
    expect((await preview('2026-08-24', '70000005', `DEPOSITO ${own}`, 777)).lines[0]!.sameDeposit).toMatchObject({ receiptId: slip.id });
  });
});
