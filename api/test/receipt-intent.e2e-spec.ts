// What a family says a deposit slip pays (decisions items 20 and 25): the upload's `paysFor`, the
// committee's queue showing it, and the verified credit paying those payments first.
import type { LedgerEntry, Receipt, ReviewQueueItem, Statement } from '@portal/contracts';
import { createFamily, createUser, expectSpanishError, sessionAgent, setPaymentAmounts, snapshotTables } from './fixtures';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { DATABASES, type Agent, type TestApi, startApi } from './harness';
import { PDF, upload } from './receipts-fixtures';
import { previewStatement } from './support/bank-statements';

describe.each(DATABASES)('what a family says a slip pays (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id);
    // Q2,950, Q3,400, Q1,500, Q1,500, Q1,000, Q1,000.
    await setPaymentAmounts(api);
  });
  afterAll(() => api.close());

  let email = '';
  let familyId = 0;
  /** A family of its own, with its parent signed in. */
  async function newFamily(): Promise<Agent> {
    const family = await createFamily(api);
    email = family.email;
    familyId = family.id;
    return sessionAgent(api, (await createUser(api, 'parent', family.email)).id);
  }

  /** A bank statement line of one deposit, read and applied to the family. */
  async function applyLine(document: string, amount: string, day: string) {
    const [year, month, date] = day.split('-');
    const csv = `Fecha;No. Documento;Descripción;Crédito\n${date}/${month}/${year};${document};DEPOSITO;Q ${amount}\n`;
    const line = (await previewStatement(api, admin, Buffer.from(csv, 'utf8'))).lines[0]!;
    const response = await admin.post('/api/bank-statements/confirm', {
      lines: [{ date: line.date, description: line.description, document: line.document, amountCentavos: line.amountCentavos, familyId }],
    });
    expect(response.status).toBe(200);
  }
  const subjects = async () =>
    (await api.dataSource.getRepository(OutboxMessageEntity).find({ where: { recipient: email, kind: 'pago' }, order: { id: 'ASC' } })).map(
      (mail) => mail.subject.split(' · ')[0],
    );

  const send = (parent: Agent, fields: Record<string, string>) =>
    upload(api, parent, fields, { data: PDF, name: 'boleta.pdf', type: 'application/pdf' });

  const states = async (parent: Agent) =>
    Object.fromEntries(
      (await parent.get<Statement>('/api/my-family/statement')).body.lines.map((line) => [line.paymentNumber, [line.state, line.received]]),
    );

  async function verify(id: number, amountReceived: number): Promise<ReviewQueueItem> {
    const queued = (await admin.get<ReviewQueueItem[]>('/api/payment-proofs?state=en_revision')).body.find((item) => item.id === id);
    expect(queued).toBeDefined();
    const response = await admin.post<ReviewQueueItem>(`/api/payment-proofs/${id}/verify`, { amountReceived });
    expect(response.status).toBe(200);
    return queued!;
  }

  it('pays the sixth payment with a slip the family sent for it, while the first stays pending', async () => {
    const parent = await newFamily();
    const response = await send(parent, { paymentNumber: '6', paysFor: '6', amountDeclared: '1000' });
    expect(response.statusCode).toBe(201);
    const receipt = response.json<Receipt>();
    expect(receipt).toMatchObject({ paymentNumber: 6, paysFor: [6] });

    // The committee sees the family's choice in its queue before deciding.
    expect(await verify(receipt.id, 1000)).toMatchObject({ paymentNumber: 6, paysFor: [6] });

    expect(await states(parent)).toMatchObject({ 1: ['pendiente', 0], 6: ['pagado', 1000] });
    const statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(statement.entries).toEqual([
      expect.objectContaining<Partial<LedgerEntry>>({ paymentNumber: 6, paysFor: [6], receiptId: receipt.id }),
    ]);
    // The family's own list says what it said the slip pays.
    const mine = (await parent.get<Receipt[]>('/api/my-family/payment-proofs')).body;
    expect(mine).toEqual([expect.objectContaining({ id: receipt.id, paysFor: [6], state: 'verificado' })]);
  });

  it('pays both payments a slip names, in the family\'s order, and marks both "Ya pagué"', async () => {
    const parent = await newFamily();
    const response = await send(parent, { paymentNumber: '5', paysFor: '5,6', amountDeclared: '2000' });
    expect(response.statusCode).toBe(201);
    const receipt = response.json<Receipt>();
    expect(receipt).toMatchObject({ paymentNumber: 5, paysFor: [5, 6] });
    const answers = (await parent.get<Array<{ paymentNumber: number; status: string }>>('/api/my-payment-confirmations')).body;
    expect(answers).toEqual(
      expect.arrayContaining([
        { paymentNumber: 5, status: 'ya_pague' },
        { paymentNumber: 6, status: 'ya_pague' },
      ]),
    );

    // Verified against what the family named: the two payments' Q2,000, and listed under either payment.
    expect(await verify(receipt.id, 2000)).toMatchObject({ paysFor: [5, 6], expected: 2000, stillOwed: 2000 });
    const underSixth = (await admin.get<ReviewQueueItem[]>('/api/payment-proofs?payment=6')).body;
    expect(underSixth.map((item) => item.id)).toContain(receipt.id);
    expect(await subjects()).toEqual(['Comprobante verificado: Quinto Pago y Sexto Pago']);

    expect(await states(parent)).toMatchObject({ 1: ['pendiente', 0], 5: ['pagado', 1000], 6: ['pagado', 1000] });
    const statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(statement.entries).toEqual([expect.objectContaining({ paymentNumber: 5, paysFor: [5, 6] })]);
  });

  it('pays the named payments first, each up to what it owes, and the rest the oldest', async () => {
    const parent = await newFamily();
    // Q2,500 for the sixth then the fifth: Q1,000 each, Q500 to the first payment.
    const receipt = (await send(parent, { paymentNumber: '6', paysFor: '6,5', amountDeclared: '2500' })).json<Receipt>();
    expect(receipt.paysFor).toEqual([6, 5]);
    await verify(receipt.id, 2500);
    expect(await states(parent)).toMatchObject({ 1: ['parcial', 500], 5: ['pagado', 1000], 6: ['pagado', 1000] });
  });

  it("keeps a slip for 'Saldo a favor' for no particular payment: it pays the oldest", async () => {
    const parent = await newFamily();
    const response = await send(parent, { paymentNumber: '3', paysFor: 'saldo_a_favor', amountDeclared: '500' });
    expect(response.statusCode).toBe(201);
    const receipt = response.json<Receipt>();
    expect(receipt.paysFor).toEqual([]);
    // 'Saldo a favor' pays no payment the family named: no 'Ya pagué' is written for it.
    expect((await parent.get<unknown[]>('/api/my-payment-confirmations')).body).toEqual([]);
    expect(await verify(receipt.id, 500)).toMatchObject({ paysFor: [], expected: null, stillOwed: null });
    expect(await subjects()).toEqual(['Comprobante verificado: Saldo a favor']);
    expect(await states(parent)).toMatchObject({ 1: ['parcial', 500], 3: ['pendiente', 0] });
    const statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(statement.entries).toEqual([expect.objectContaining({ paymentNumber: null, paysFor: [] })]);
  });

  it('still takes a slip with paymentNumber alone (older clients): it names that payment', async () => {
    const parent = await newFamily();
    const receipt = (await send(parent, { paymentNumber: '4', amountDeclared: '1500' })).json<Receipt>();
    expect(receipt).toMatchObject({ paymentNumber: 4, paysFor: [4] });
    await verify(receipt.id, 1500);
    expect(await states(parent)).toMatchObject({ 1: ['pendiente', 0], 4: ['pagado', 1500] });
  });

  it('keeps the choice when the bank line of the deposit verifies the slip', async () => {
    const parent = await newFamily();
    const fields = { paymentNumber: '5', paysFor: '5,6', amountDeclared: '2000', documentNumber: '7731', depositDate: '2026-09-21' };
    const receipt = (await send(parent, fields)).json<Receipt>();
    await applyLine('7731', '2,000.00', '2026-09-21');
    const statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(statement.entries).toEqual([
      expect.objectContaining({ source: 'banco', receiptId: receipt.id, paymentNumber: 5, paysFor: [5, 6] }),
    ]);
    expect(await states(parent)).toMatchObject({ 1: ['pendiente', 0], 5: ['pagado', 1000], 6: ['pagado', 1000] });
  });

  it("gives a bank line's credit the slip's choice when the slip verified later joins it", async () => {
    const parent = await newFamily();
    await applyLine('8842', '1,000.00', '2026-09-22');
    // Money for no payment until the slip says what it pays: the oldest.
    expect(await states(parent)).toMatchObject({ 1: ['parcial', 1000], 6: ['pendiente', 0] });
    const fields = { paymentNumber: '6', paysFor: '6', amountDeclared: '1000', documentNumber: '8842', depositDate: '2026-09-22' };
    const receipt = (await send(parent, fields)).json<Receipt>();
    await verify(receipt.id, 1000);
    const statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(statement.entries).toEqual([
      expect.objectContaining({ source: 'banco', receiptId: receipt.id, paymentNumber: 6, paysFor: [6] }),
    ]);
    expect(await states(parent)).toMatchObject({ 1: ['pendiente', 0], 6: ['pagado', 1000] });
  });

  it.each([
    [{ paymentNumber: '1', paysFor: '7' }, 'paysFor'],
    [{ paymentNumber: '1', paysFor: '1,1' }, 'paysFor'],
    [{ paymentNumber: '1', paysFor: '' }, 'paysFor'],
    [{ paymentNumber: '1', paysFor: '1;2' }, 'paysFor'],
    [{ paymentNumber: '1', paysFor: 'saldo' }, 'paysFor'],
    [{ paymentNumber: '1', paysFor: '1,2,3,4,5,6,1' }, 'paysFor'],
    [{ paymentNumber: '1', paysFor: '0' }, 'paysFor'],
    [{ paymentNumber: '3', paysFor: '5,6' }, 'paymentNumber'],
  ])('refuses %j with a Spanish 400 naming %s, and writes nothing', async (fields, field) => {
    const parent = await newFamily();
    const before = await snapshotTables(api, { except: ['sessions'] });
    const response = await send(parent, fields);
    expect(response.statusCode).toBe(400);
    const body = expectSpanishError(response);
    expect(Object.keys(body.errors ?? {})).toEqual([field]);
    expect(body.message).toBe(
      field === 'paysFor'
        ? 'Indica qué paga el depósito: uno o varios pagos del 1 al 6, sin repetir, separados por comas (por ejemplo 1,2), o saldo_a_favor.'
        : 'El número de pago debe ser uno de los pagos que el depósito paga.',
    );
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  });
});
