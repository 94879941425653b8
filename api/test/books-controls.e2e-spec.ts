// Four eyes on the books' controls (decisions item 23, docs/books.md, security review issue 42):
// loosening the threshold, turning approval off or changing the bank account shown to families waits
// for a second admin; tightening applies at once; parts to one supplier within 30 days count
// together; a reversed expense's invoice is withdrawn from families.
import sharp from 'sharp';
import { FAMILY_MESSAGES, type Books, type ControlChange, type Expense, type ParentBooks, type Settings } from '@portal/contracts';
import { createUser, expectSpanishError, seedTwoFamilies, sessionAgent, snapshotTables, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { sendForm } from './receipts-fixtures';

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 250, g: 250, b: 240 } } })
    .jpeg()
    .toBuffer();

let supplierCount = 0;
/** A 'gasto' to a supplier of its own unless one is named. */
const expense = (fields: Record<string, string> = {}) => ({
  kind: 'gasto',
  date: '2026-10-05',
  category: 'Salón',
  supplier: `Proveedor ${(supplierCount += 1)}`,
  concept: 'Pago',
  amount: '500',
  method: 'transferencia',
  ...fields,
});

describe.each(DATABASES)('four eyes on the books controls (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let parent: Agent;
  let invoice: Buffer;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurer = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id);
    parent = await sessionAgent(api, fx.a.parent.id);
    invoice = await photo();
    await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 20350 });
  });
  afterAll(() => api.close());

  const record = async (agent: Agent, fields: Record<string, string> = {}) => {
    const response = await sendForm(api, agent, '/api/books/expenses', expense(fields), { data: invoice });
    expect(response.statusCode).toBe(201);
    return response.json<Expense>();
  };
  const books = async () => (await president.get<Books>('/api/books')).body;
  const pending = async () => (await books()).controlChanges.filter((change) => change.state === 'pendiente');
  const history = (action: string): Promise<Array<{ actorName: string; after: string }>> =>
    api.dataSource.query('SELECT actorName, after FROM history WHERE action = ? ORDER BY id', [action]);

  it('keeps a threshold raised by one admin pending: a large expense meanwhile waits, until a second admin approves the raise', async () => {
    const before = await books();
    const raised = await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 10_000_000 });
    expect(raised.status).toBe(200);
    expect(raised.body.approvalThreshold).toBe(1000);
    expect(raised.body.controlChanges[0]).toMatchObject({
      kind: 'threshold',
      state: 'pendiente',
      before: 'Q1,000',
      after: 'Q10,000,000',
      proposedBy: 'Tesorera',
    } satisfies Partial<ControlChange>);

    const large = await record(treasurer, { amount: '10000000' });
    expect(large).toMatchObject({ state: 'pendiente', approvedBy: null });
    expect((await books()).totals.balance).toBe(before.totals.balance);
    const family = (await parent.get<ParentBooks>('/api/my-books')).body;
    expect(family).toMatchObject({ approvalThreshold: 1000, approvalRequired: true, totals: before.totals });
    expect(family.expenses.map((row) => row.id)).not.toContain(large.id);
    expect(await history('books.control-propose')).toEqual([expect.objectContaining({ actorName: 'Tesorera' })]);

    const change = (await pending())[0]!;
    const approved = await president.post<Books>(`/api/books/control-changes/${change.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.approvalThreshold).toBe(10_000_000);
    expect(approved.body.controlChanges.find((row) => row.id === change.id)).toMatchObject({ state: 'aprobado', decidedBy: 'Presidente' });
    expect(await history('books.control-approve')).toEqual([expect.objectContaining({ actorName: 'Presidente' })]);
    // Now agreed by two: a large expense counts at once (and the one recorded before still waits).
    expect((await record(treasurer, { amount: '5000' })).state).toBe('aprobado');
    expect((await books()).expenses.find((row) => row.id === large.id)?.state).toBe('pendiente');
    // Lowering it again is tightening: at once, by anyone.
    const lowered = await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 1000 });
    expect(lowered.body.approvalThreshold).toBe(1000);
    expect(lowered.body.controlChanges[0]).toMatchObject({ kind: 'threshold', state: 'aprobado', decidedBy: null, after: 'Q1,000' });
  });

  it('refuses the proposer approving their own change (403), and a decided change (409), changing nothing', async () => {
    const raised = await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 2000 });
    const change = raised.body.controlChanges.find((row) => row.state === 'pendiente')!;
    const before = await snapshotTables(api, { except: ['sessions'] });
    const own = await treasurer.request('POST', `/api/books/control-changes/${change.id}/approve`);
    expect(own.status).toBe(403);
    expect(String((own.body as { message: string }).message)).toMatch(/No puedes aprobar un cambio que tú propusiste/);
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);

    const rejected = await president.post<Books>(`/api/books/control-changes/${change.id}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body.approvalThreshold).toBe(1000);
    expect(rejected.body.controlChanges.find((row) => row.id === change.id)).toMatchObject({ state: 'rechazado', decidedBy: 'Presidente' });
    const again = await president.request('POST', `/api/books/control-changes/${change.id}/approve`);
    expect(again.status).toBe(409);
    expect(expectSpanishError({ statusCode: again.status, headers: again.headers, body: again.text }).message).toMatch(
      /ya no está pendiente: fue rechazado/,
    );
    expect(await history('books.control-reject')).toEqual([expect.objectContaining({ actorName: 'Presidente' })]);

    // The proposer withdraws their own.
    const second = (await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 3000 })).body.controlChanges[0]!;
    const withdrawn = await treasurer.post<Books>(`/api/books/control-changes/${second.id}/reject`);
    expect(withdrawn.body.controlChanges.find((row) => row.id === second.id)).toMatchObject({ state: 'retirado' });
    expect((await president.request('POST', '/api/books/control-changes/999999/approve')).status).toBe(404);
  });

  it('keeps approval turned off by one admin pending: money out above the threshold still waits', async () => {
    const off = await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 1000, approvalRequired: false });
    expect(off.status).toBe(200);
    expect(off.body.approvalRequired).toBe(true);
    expect(off.body.controlChanges[0]).toMatchObject({ kind: 'approval', state: 'pendiente', before: 'Sí', after: 'No' });
    expect((await record(treasurer, { amount: '4000' })).state).toBe('pendiente');

    // Approved by a second admin, it applies; turning it on again is tightening, at once.
    await president.post(`/api/books/control-changes/${off.body.controlChanges[0]!.id}/approve`);
    expect((await books()).approvalRequired).toBe(false);
    expect((await record(treasurer, { amount: '4000' })).state).toBe('aprobado');
    const on = await president.put<Books>('/api/books/settings', { approvalThreshold: 1000, approvalRequired: true });
    expect(on.body).toMatchObject({ approvalRequired: true });
    expect(on.body.controlChanges[0]).toMatchObject({ kind: 'approval', state: 'aprobado', after: 'Sí', proposedBy: 'Presidente' });
    expect(await history('books.control-apply')).toEqual(expect.arrayContaining([expect.objectContaining({ actorName: 'Presidente' })]));
  });

  it('applies tightening at once: a lower threshold makes a smaller expense wait', async () => {
    const lowered = await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 500 });
    expect(lowered.body).toMatchObject({ approvalThreshold: 500 });
    expect(lowered.body.controlChanges[0]).toMatchObject({ kind: 'threshold', state: 'aprobado', before: 'Q1,000', after: 'Q500' });
    expect((await parent.get<ParentBooks>('/api/my-books')).body.approvalThreshold).toBe(500);
    expect((await record(treasurer, { amount: '800' })).state).toBe('pendiente');
    // Raising it back is loosening: it waits for the other admin.
    const raised = await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 1000 });
    expect(raised.body).toMatchObject({ approvalThreshold: 500 });
    await president.post(`/api/books/control-changes/${raised.body.controlChanges[0]!.id}/approve`);
    expect((await books()).approvalThreshold).toBe(1000);
  });

  it('keeps a new bank account pending: families see the old one until a second admin approves', async () => {
    const current = (await parent.get<Settings>('/api/settings')).body;
    const next = {
      ...current,
      classYear: current.classYear,
      bank: { ...current.bank, accountNumber: '999-111111-1', accountHolder: 'Otra persona' },
    };
    const saved = await treasurer.put<Settings>('/api/settings', next);
    expect(saved.status).toBe(200);
    expect(saved.body.bank).toEqual(current.bank);
    expect((await parent.get<Settings>('/api/settings')).body.bank).toEqual(current.bank);
    const change = (await pending()).find((row) => row.kind === 'bank')!;
    expect(change).toMatchObject({ proposedBy: 'Tesorera', after: expect.stringContaining('999-111111-1') });
    expect((await treasurer.request('POST', `/api/books/control-changes/${change.id}/approve`)).status).toBe(403);

    expect((await president.post(`/api/books/control-changes/${change.id}/approve`)).status).toBe(200);
    expect((await parent.get<Settings>('/api/settings')).body.bank).toEqual(next.bank);
    // The receipts phone is not the account: it changes at once.
    const phone = await treasurer.put<Settings>('/api/settings', { ...next, bank: { ...next.bank, receiptsPhone: '+502 5555 0000' } });
    expect(phone.body.bank.receiptsPhone).toBe('+502 5555 0000');
  });

  it('makes the part that takes one supplier past the threshold within 30 days wait for another admin', async () => {
    const first = await record(treasurer, { supplier: 'Flores La Ceiba', nit: '1669394-9', amount: '800', date: '2026-10-01' });
    expect(first.state).toBe('aprobado');
    // Same NIT, the name written otherwise, 20 days later: Q800 + Q700 > Q1,000.
    const second = await record(treasurer, { supplier: 'FLORES LA CEIBA, S.A.', nit: '16693949', amount: '700', date: '2026-10-21' });
    expect(second).toMatchObject({ state: 'pendiente', approvedBy: null });
    // No NIT, the same name (accents and case aside): also the same supplier.
    expect((await record(treasurer, { supplier: 'flores  la ceiba', amount: '100', date: '2026-10-25' })).state).toBe('pendiente');
    expect((await treasurer.request('POST', `/api/books/expenses/${second.id}/approve`)).status).toBe(403);
    const approved = await president.post<Expense>(`/api/books/expenses/${second.id}/approve`);
    expect(approved.body).toMatchObject({ state: 'aprobado', approvedBy: 'Presidente' });
    const shown = (await parent.get<ParentBooks>('/api/my-books')).body.expenses.find((row) => row.id === second.id);
    expect(shown).toMatchObject({ approvedBy: 'Presidente' });
  });

  it("withdraws a reversed expense's invoice and thumbnail from families; the committee still opens them", async () => {
    const row = await record(treasurer, { amount: '600' });
    expect((await parent.get(`/api/books/expenses/${row.id}/invoice`)).status).toBe(200);
    await treasurer.post(`/api/books/expenses/${row.id}/reverse`, { reason: 'Factura equivocada: era el recibo de otra familia' });
    for (const variant of ['invoice', 'thumbnail']) {
      const refused = await parent.get(`/api/books/expenses/${row.id}/${variant}`);
      expect(refused.status).toBe(404);
      expect(String((refused.body as { message: string }).message)).toMatch(/No encontramos/);
      expect((await treasurer.get(`/api/books/expenses/${row.id}/${variant}`)).status).toBe(200);
    }
    const shown = (await parent.get<ParentBooks>('/api/my-books')).body.expenses.find((one) => one.id === row.id);
    expect(shown).toMatchObject({ hasInvoice: false, reversal: { at: expect.any(String), message: FAMILY_MESSAGES.correction } });
  });
});

describe.each(DATABASES)('a deployment with one admin account (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    const fx = await seedTwoFamilies(api);
    admin = await sessionAgent(api, fx.admin.id);
    await admin.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 20350 });
  });
  afterAll(() => api.close());

  it('never counts anything above the threshold: the raise and the expense both wait', async () => {
    const before = (await admin.get<Books>('/api/books')).body;
    expect(before.adminCount).toBe(1);
    const raised = await admin.put<Books>('/api/books/settings', { approvalThreshold: 10_000_000 });
    expect(raised.body).toMatchObject({ approvalThreshold: 1000 });
    const off = await admin.put<Books>('/api/books/settings', { approvalThreshold: 1000, approvalRequired: false });
    expect(off.body).toMatchObject({ approvalRequired: true });
    const response = await sendForm(api, admin, '/api/books/expenses', expense({ amount: '10000000' }), { data: await photo() });
    expect(response.json<Expense>().state).toBe('pendiente');
    const after = (await admin.get<Books>('/api/books')).body;
    expect(after.totals.balance).toBe(before.totals.balance);
    expect(after.totals.balance).toBe(20350);
  });
});
