// Open books reach people (docs/books.md 'Answers, alerts and commitments'): the family that asked
// hears of the answer (an e-mail, a count on 'Cuentas'), the committee sees what is unanswered (a
// count, a daily digest), commitments count apart from money out until paid, and families see the
// class's collected, expected and up-to-date figures: the ledger's, never a family's name.
import sharp from 'sharp';
import type { Books, ParentBooks, Stats } from '@portal/contracts';
import { QuestionsDigest } from '../src/books/questions-digest';
import { FamilyEntity } from '../src/families/family.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createUser, privateTexts, seedTwoFamilies, sessionAgent, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, startSecondApi, type Agent, type TestApi } from './harness';
import { sendForm } from './receipts-fixtures';

const BASE = {
  kind: 'gasto',
  date: '2026-10-05',
  category: 'Salón',
  supplier: 'Salones El Prado',
  concept: 'Anticipo del salón',
  amount: '500',
  method: 'transferencia',
};

describe.each(DATABASES)('open books reach people (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let parentA: Agent;
  let parentB: Agent;
  let invoice: Buffer;
  let expenseId: number;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurer = await sessionAgent(api, fx.admin.id);
    president = await sessionAgent(api, (await createUser(api, 'admin', `presidenta.${kind}@example.com`, 'Presidenta del comité')).id);
    parentA = await sessionAgent(api, fx.a.parent.id);
    parentB = await sessionAgent(api, fx.b.parent.id);
    invoice = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 240, g: 240, b: 230 } } })
      .jpeg()
      .toBuffer();
    const recorded = await sendForm(api, treasurer, '/api/books/expenses', BASE, { data: invoice });
    expect(recorded.statusCode).toBe(201);
    expenseId = (JSON.parse(recorded.body) as { id: number }).id;
  });
  afterAll(() => api.close());

  const record = (agent: Agent, fields: Record<string, string>, file: boolean) =>
    sendForm(api, agent, '/api/books/expenses', { ...BASE, ...fields }, file ? { data: invoice } : undefined);
  const mailsTo = (to: string) =>
    api.dataSource.getRepository(OutboxMessageEntity).find({ where: { recipient: to }, order: { id: 'ASC' } });
  const ask = async (agent: Agent, question: string) => {
    const response = await agent.post<{ id: number }>('/api/my-books/questions', { expenseId, question });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const answer = async (id: number, text: string) =>
    expect((await president.post<Books>(`/api/books/questions/${id}/answer`, { answer: text })).status).toBe(200);
  const unseen = async (agent: Agent) => (await agent.get<{ unseenAnswers: number }>('/api/my-books/answers')).body.unseenAnswers;
  const openCount = async () => (await treasurer.get<{ count: number }>('/api/books/questions/open')).body.count;
  const digest = () => api.app.get(QuestionsDigest);
  const at = (day: string) => new Date(`${day}T15:00:00Z`);

  it('e-mails the family that asked when the committee answers, not a family whose notice e-mails are off', async () => {
    await api.dataSource.getRepository(FamilyEntity).update({ id: fx.b.family.id }, { noticeEmailsOff: true });
    const mine = await ask(parentA, '¿El anticipo incluye la decoración?');
    const theirs = await ask(parentB, '¿Hay factura del anticipo?');
    await answer(mine, 'No, la decoración se contrata aparte.');
    await answer(theirs, 'Sí, está adjunta.');
    const toA = await mailsTo(fx.a.family.email);
    expect(toA.map((mail) => mail.kind)).toEqual(['cuentas']);
    expect(toA[0]!.subject).toMatch(/^El comité respondió tu pregunta/);
    expect(toA[0]!.text).toContain('¿El anticipo incluye la decoración?');
    expect(toA[0]!.text).toContain('No, la decoración se contrata aparte.');
    expect(toA[0]!.text).toContain('/parent/cuentas');
    expect(await mailsTo(fx.b.family.email)).toEqual([]);
    await api.dataSource.getRepository(FamilyEntity).update({ id: fx.b.family.id }, { noticeEmailsOff: false });
  });

  it('counts the answers a parent has not seen until the parent opens Cuentas', async () => {
    expect(await unseen(parentA)).toBe(1);
    expect(await unseen(parentB)).toBe(1);
    expect((await parentA.put('/api/my-books/seen')).status).toBe(200);
    expect(await unseen(parentA)).toBe(0);
    // Another family's answer is not this family's news; an unanswered question of its own neither.
    const open = await ask(parentA, '¿Cuándo se paga el resto?');
    expect(await unseen(parentA)).toBe(0);
    await answer(open, 'En noviembre.');
    expect(await unseen(parentA)).toBe(1);
    expect(await unseen(parentB)).toBe(1);
    expect((await parentA.put('/api/my-books/seen')).status).toBe(200);
    expect(await unseen(parentA)).toBe(0);
    expect((await treasurer.get('/api/my-books/answers')).status).toBe(403);
  });

  it('counts the unanswered questions for the committee, and refuses it to parents', async () => {
    expect(await openCount()).toBe(0);
    const first = await ask(parentA, '¿Quién firmó el cheque?');
    await ask(parentB, '¿Por qué por transferencia?');
    expect(await openCount()).toBe(2);
    await answer(first, 'La tesorera.');
    expect(await openCount()).toBe(1);
    expect((await parentA.get('/api/books/questions/open')).status).toBe(403);
  });

  it('sends the admins with an e-mail a digest of the unanswered questions at most once a day', async () => {
    const to = `presidenta.${kind}@example.com`;
    const second = await startSecondApi(api);
    try {
      // Two instances at once on MariaDB; SQLite serves one instance, so there one after the other.
      const runs = [() => digest().run(at('2026-11-02')), () => second.app.get(QuestionsDigest).run(at('2026-11-02'))];
      const done = kind === 'sqlite' ? [await runs[0]!(), await runs[1]!()] : await Promise.all(runs.map((run) => run()));
      expect(done.map((run) => run.queued).sort()).toEqual([0, 1]);
    } finally {
      await second.close();
    }
    expect((await digest().run(at('2026-11-02'))).queued).toBe(0);
    const mails = await mailsTo(to);
    expect(mails.map((mail) => mail.kind)).toEqual(['cuentas-preguntas']);
    expect(mails[0]!.subject).toMatch(/^1 pregunta sin responder/);
    expect(mails[0]!.text).toContain('¿Por qué por transferencia?');
    expect(mails[0]!.text).not.toContain('¿Quién firmó el cheque?');
    expect(mails[0]!.text).not.toContain('¿El anticipo incluye la decoración?');
    // The next day it goes again; with nothing unanswered, nothing goes.
    expect((await digest().run(at('2026-11-03'))).queued).toBe(1);
    const left = (await treasurer.get<Books>('/api/books')).body.questions.filter((question) => question.answer === null);
    for (const question of left) await answer(question.id, 'Respondida.');
    expect((await digest().run(at('2026-11-04'))).queued).toBe(0);
    expect((await mailsTo(to)).length).toBe(2);
  });

  it('keeps a commitment apart from money out until it is paid, and the payment keeps four eyes', async () => {
    const before = (await parentA.get<ParentBooks>('/api/my-books')).body;
    const committed = await record(
      treasurer,
      { kind: 'compromiso', supplier: 'Salones El Prado', concept: 'Saldo del salón', amount: '38500', dueDate: '2026-11-20' },
      false,
    );
    expect(committed.statusCode).toBe(201);
    const commitmentId = (JSON.parse(committed.body) as { id: number }).id;
    const seen = (await parentA.get<ParentBooks>('/api/my-books')).body;
    expect(seen.totals).toEqual({ ...before.totals, committed: 38500 });
    expect(seen.expenses.map((row) => row.id)).not.toContain(commitmentId);
    expect(seen.commitments).toEqual([
      expect.objectContaining({ id: commitmentId, supplier: 'Salones El Prado', amount: 38500, outstanding: 38500, dueDate: '2026-11-20' }),
    ]);
    expect(seen.totals.committed).toBe(38500);
    // A commitment without its due date, or a payment above what is owed, is refused.
    const noDue = await record(treasurer, { kind: 'compromiso', amount: '100' }, false);
    expect(noDue.statusCode).toBe(400);
    expect(noDue.body).toContain('fecha de vencimiento');
    const tooMuch = await record(treasurer, { commitmentId: String(commitmentId), amount: '40000' }, true);
    expect(tooMuch.statusCode).toBe(409);
    // Paid: a gasto linked to it, above the threshold, waits for a second admin like any money out.
    const paid = await record(
      treasurer,
      { commitmentId: String(commitmentId), amount: '38500', concept: 'Pago del saldo del salón' },
      true,
    );
    expect(paid.statusCode).toBe(201);
    const payment = JSON.parse(paid.body) as { id: number; state: string; commitmentId: number };
    expect(payment).toMatchObject({ state: 'pendiente', commitmentId });
    expect((await treasurer.post(`/api/books/expenses/${payment.id}/approve`)).status).toBe(403);
    expect((await parentA.get<ParentBooks>('/api/my-books')).body.commitments).toHaveLength(1);
    expect((await president.post(`/api/books/expenses/${payment.id}/approve`)).status).toBe(200);
    const after = (await parentA.get<ParentBooks>('/api/my-books')).body;
    expect(after.commitments).toEqual([]);
    expect(after.totals.committed).toBe(0);
    expect(after.totals.spent).toBe(before.totals.spent + 38500);
    expect(after.expenses.find((row) => row.id === payment.id)).toMatchObject({ commitmentId, amount: 38500 });
    const admin = (await treasurer.get<Books>('/api/books')).body;
    expect(admin.commitments).toEqual([expect.objectContaining({ id: commitmentId, outstanding: 0, paidBy: [payment.id] })]);
  });

  it('voids a reversed commitment without touching the money, and takes no payment for it', async () => {
    const before = (await treasurer.get<Books>('/api/books')).body;
    const recorded = await record(treasurer, { kind: 'compromiso', supplier: 'Música Viva', amount: '6000', dueDate: '2026-11-21' }, false);
    const id = (JSON.parse(recorded.body) as { id: number }).id;
    expect((await treasurer.get<Books>('/api/books')).body.totals.committed).toBe(6000);
    const workbook = await treasurer.get('/api/books/report');
    expect(workbook.status).toBe(200);
    expect((await president.post(`/api/books/expenses/${id}/reverse`, { reason: 'Se contrató otra banda' })).status).toBe(200);
    const after = (await treasurer.get<Books>('/api/books')).body;
    expect(after.totals).toEqual(before.totals);
    expect(after.commitments.map((row) => row.id)).not.toContain(id);
    expect(after.expenses.map((row) => row.reverses)).not.toContain(id);
    const late = await record(treasurer, { commitmentId: String(id), amount: '100' }, true);
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain('No encontramos ese compromiso');
  });

  it('shows families the class’s collected, expected and up-to-date figures, the ledger’s, without names', async () => {
    const cash = await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 2950 });
    expect(cash.status).toBe(201);
    const stats = (await treasurer.get<Stats>('/api/stats')).body;
    const response = await parentB.get<ParentBooks>('/api/my-books');
    expect(response.body.collection).toEqual({
      collected: stats.moneyReceived,
      expected: stats.moneyExpected,
      familiesUpToDate: stats.paymentsReceived,
      families: stats.totalFamilies,
      // The payments without an amount, as the dashboard counts them.
      unpricedPayments: stats.unpricedPayments.length,
    });
    expect(response.body.collection.collected).toBeGreaterThan(0);
    for (const text of [...privateTexts(fx.a.family), ...privateTexts(fx.b.family)].filter(Boolean))
      expect(response.text).not.toContain(text);
  });
});
