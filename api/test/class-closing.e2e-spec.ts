// Closing the class (decisions item 24, docs/classes.md): the checklist blocks it item by item
// until done or waived with a reason; one admin proposes, a second approves; the balance becomes
// an entry of the books; the report is frozen with its hash; the class is read-only; its families
// read it until the day set, then are refused.
import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Books, ClassView, Expense, MyClass, ParentBooks } from '@portal/contracts';
import { ClassEntity } from '../src/classes/class.entity';
import { ClosingChecklist } from '../src/class-cycle/closing-checklist';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { RemindersService } from '../src/reminders/reminders.service';
import { createUser, expectSpanishError, seedTwoFamilies, sessionAgent, snapshotTables, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { sendForm } from './receipts-fixtures';

describe.each(DATABASES)('closing the class (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let parentA: Agent;
  let parentB: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurer = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id);
    parentA = await sessionAgent(api, fx.a.parent.id);
    parentB = await sessionAgent(api, fx.b.parent.id);
    // Family A pays Q3,000.50 and family B Q1,000 (cash, recorded by the committee).
    expect((await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 3000.5 })).status).toBe(201);
    expect((await treasurer.post(`/api/families/${fx.b.family.id}/payments/1/cash`, { amountReceived: 1000 })).status).toBe(201);
  });
  afterAll(() => api.close());

  const view = async () => (await president.get<ClassView>('/api/class')).body;
  const open = async () => (await view()).checklist.filter((check) => !check.done).map((check) => check.item);
  const propose = (agent: Agent, body: Record<string, unknown>) =>
    agent.post<ClassView>('/api/class/closing', { destination: 'familias', acta: 'Acta 12-2026, asamblea del 20 de noviembre', ...body });

  /** A refusal: its status, a Spanish message matching `text`, and no table changed. */
  async function refused(
    send: () => Promise<{ status: number; text: string; headers: Record<string, unknown> }>,
    status: number,
    text: RegExp,
  ) {
    const before = await snapshotTables(api);
    const response = await send();
    expect(response.status).toBe(status);
    expect(expectSpanishError({ statusCode: response.status, headers: response.headers, body: response.text }).message).toMatch(text);
    expect(await snapshotTables(api)).toEqual(before);
  }

  it('is the Class of 2026, active, after the migration', async () => {
    expect((await view()).schoolClass).toMatchObject({ year: 2026, name: 'Promoción 2026', state: 'activa', closedAt: null });
    expect((await parentA.get<MyClass>('/api/my-class')).body).toEqual({
      schoolClass: expect.objectContaining({ name: 'Promoción 2026', state: 'activa' }),
      report: null,
    });
  });

  it('blocks the closing by each open item until it is done or waived with a reason, then one admin proposes and another approves', async () => {
    // Payment 6's day, while the class is active: the families that owe it are reminded.
    expect((await api.app.get(RemindersService).run(new Date('2026-03-10T15:00:00Z'))).queued).toBeGreaterThan(0);
    await api.dataSource.query('DELETE FROM payment_reminders');
    // A receipt under review (the fixtures'), an expense waiting for a second admin, a family's
    // question and no bank balance recorded: four items open.
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const large = await sendForm(
      api,
      treasurer,
      '/api/books/expenses',
      {
        kind: 'gasto',
        date: '2026-11-10',
        category: 'Salón',
        supplier: 'Hotel',
        concept: 'Salón',
        amount: '1500',
        method: 'transferencia',
      },
      { data: photo },
    );
    expect(large.json<Expense>().state).toBe('pendiente');
    const small = await sendForm(
      api,
      treasurer,
      '/api/books/expenses',
      {
        kind: 'gasto',
        date: '2026-11-11',
        category: 'Flores',
        supplier: 'Floristería',
        concept: 'Centros de mesa',
        amount: '500.25',
        method: 'efectivo',
      },
      { data: photo },
    );
    const asked = await parentA.post<{ id: number }>('/api/my-books/questions', {
      expenseId: small.json<Expense>().id,
      question: '¿Cuántos centros?',
    });
    expect(asked.status).toBe(201);
    expect(await open()).toEqual(['eventos', 'comprobantes', 'gastos', 'preguntas', 'saldos', 'correos']);
    // The e-mails of the class still waiting (the families' money e-mails, here unsent): sent by the
    // class or withheld by its closing, never moved into the next class.
    const mails = (await view()).checklist.find((check) => check.item === 'correos')!;
    expect(mails).toMatchObject({ done: false, section: 'correos' });
    expect(mails.detail).toMatch(/^\d+ correos? por enviar: salen en minutos; si lo omites, no se envían$/);
    const mailsWaiver = { item: 'correos', reason: 'Los avisos de pago ya los dio el comité en la asamblea.' };
    // The fixtures' events are ahead: each named with its day, the closing waits for them or says why not.
    const events = (await view()).checklist.find((check) => check.item === 'eventos')!;
    expect(events).toMatchObject({ done: false, section: 'eventos' });
    expect(events.detail).toMatch(/^3 eventos aún por realizarse: .+ \(\d{2}\/\d{2}\/\d{4}\)/);
    await refused(() => propose(treasurer, {}), 409, /^Antes de cerrar falta: 3 eventos aún por realizarse/);
    // Once the last event has started, the item is done by itself.
    const later = await api.app.get(ClosingChecklist).read(api.dataSource.manager, new Date('2100-01-01T00:00:00Z'));
    expect(later.checklist.find((check) => check.item === 'eventos')).toMatchObject({ done: true, detail: 'Todos los eventos ya pasaron' });
    const eventsWaiver = { item: 'eventos', reason: 'La fiesta es después del cierre de cuentas: lo aprobó la asamblea.' };

    await refused(
      () => propose(treasurer, {}),
      409,
      /2 comprobantes sin decidir.*segunda aprobación.*pregunta de familias.*saldo del banco/,
    );
    const waiver = {
      item: 'comprobantes',
      reason: 'Las familias mandaron fotos borrosas; sus depósitos ya están verificados en el banco.',
    };
    await refused(() => propose(treasurer, { waivers: [eventsWaiver, waiver] }), 409, /^Antes de cerrar falta: 1 gasto/);
    await refused(() => propose(treasurer, { waivers: [{ item: 'gastos', reason: '' }] }), 400, /por qué se omite/);

    expect((await president.post(`/api/books/expenses/${large.json<Expense>().id}/approve`)).status).toBe(200);
    await refused(() => propose(treasurer, { waivers: [eventsWaiver, waiver] }), 409, /^Antes de cerrar falta: 1 pregunta/);
    expect((await treasurer.post(`/api/books/questions/${asked.body.id}/answer`, { answer: 'Veinte centros.' })).status).toBe(200);
    await refused(
      () => propose(treasurer, { waivers: [eventsWaiver, waiver] }),
      409,
      /^Antes de cerrar falta: registra el saldo del banco/,
    );
    const balance = (await treasurer.get<Books>('/api/books')).body.totals.balance;
    expect(balance).toBe(2000.25);
    await treasurer.post('/api/books/holdings', { kind: 'banco', asOf: '2026-11-25', amount: balance - 1 });
    await refused(() => propose(treasurer, { waivers: [eventsWaiver, waiver] }), 409, /difiere de las cuentas: faltan Q1;/);
    await treasurer.post('/api/books/holdings', { kind: 'banco', asOf: '2026-11-26', amount: balance });
    expect(await open()).toEqual(['eventos', 'comprobantes', 'correos']);

    const proposed = await propose(treasurer, {
      waivers: [eventsWaiver, waiver, mailsWaiver, { item: 'banco', reason: 'No hay líneas: se omite por si acaso.' }],
    });
    expect(proposed.status).toBe(201);
    expect(proposed.body.schoolClass.state).toBe('en cierre');
    // A waiver of an item already done is not kept.
    expect(proposed.body.closings[0]).toMatchObject({
      state: 'pendiente',
      waivers: [eventsWaiver, waiver, mailsWaiver],
      familiesReadUntil: '2027-03-31',
      balance,
      proposedBy: 'Tesorera',
    });
    const id = proposed.body.closings[0]!.id;
    await refused(() => propose(president, { waivers: [eventsWaiver, waiver] }), 409, /en cierre/);
    await refused(() => treasurer.post(`/api/class/closing/${id}/approve`), 403, /Otro miembro del comité/);

    const spentBefore = (await treasurer.get<Books>('/api/books')).body.totals.spent;
    const closed = await president.post<ClassView>(`/api/class/closing/${id}/approve`);
    expect(closed.status).toBe(200);
    expect(closed.body.schoolClass).toMatchObject({ state: 'cerrada', familiesReadUntil: '2027-03-31' });
    // The e-mails skipped with a reason were withheld by the closing: none waits for the next class.
    const outbox = await api.dataSource.getRepository(OutboxMessageEntity).find();
    expect(outbox.filter((mail) => mail.status === 'pending')).toEqual([]);
    const withheld = outbox.filter((mail) => mail.status === 'withheld');
    expect(withheld.length).toBeGreaterThan(0);
    // 'Correos' says why: the class closed, not a payment reversed.
    expect(new Set(withheld.map((mail) => mail.lastError))).toEqual(new Set(['La promoción se cerró antes del envío.']));
    const books = (await president.get<Books>('/api/books')).body;
    // The balance passed on left the class without being spent: the bank still held it, so the
    // books and the bank agree (a difference of Q0, not the whole balance).
    expect(books.totals).toMatchObject({ balance: 0, passedOn: balance, spent: spentBefore });
    expect(books.held).toMatchObject({ total: balance, difference: 0 });
    expect(books.expenses[0]).toMatchObject({
      kind: 'cierre',
      category: 'Cierre de la promoción',
      supplier: 'Familias de la promoción',
      amount: balance,
      createdBy: 'Tesorera',
      approvedBy: 'Presidente',
    });

    // The report is frozen: its workbook's bytes are the hash shown; every centavo goes back in proportion.
    const report = closed.body.report!;
    expect(report).toMatchObject({ className: 'Promoción 2026', proposedBy: 'Tesorera', approvedBy: 'Presidente', balanceGiven: balance });
    const workbook = await president.get('/api/class/report/workbook');
    expect(workbook.status).toBe(200);
    expect(createHash('sha256').update(workbook.rawBody).digest('hex')).toBe(report.sha256);
    // Its summary reads the balance at the closing, what the bank holds and no difference.
    const sheets = new ExcelJS.Workbook();
    await sheets.xlsx.load(workbook.rawBody as unknown as ExcelJS.Buffer);
    const summary = new Map<string, unknown>();
    sheets.getWorksheet('Resumen')!.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(summary.get('Saldo al cierre (entregado al cerrar la promoción)')).toBe(balance);
    expect(summary.get('Saldo después del cierre')).toBe(0);
    expect(summary.get('Diferencia (banco y caja - saldo)')).toBe(0);
    expect(summary.get('Gastado (aprobado)')).toBe(spentBefore);
    expect(report.totals).toMatchObject({ passedOn: balance, balance: 0 });
    expect(report.held.difference).toBe(0);
    // A family downloads the families' version (family-reads.e2e-spec.ts), not the committee's file.
    const families = await parentB.get('/api/class/report/workbook');
    expect(families.status).toBe(200);
    expect(createHash('sha256').update(families.rawBody).digest('hex')).not.toBe(report.sha256);
    const theirs = new ExcelJS.Workbook();
    await theirs.xlsx.load(families.rawBody as unknown as ExcelJS.Buffer);
    const labels: string[] = [];
    theirs.getWorksheet('Resumen')!.eachRow((row) => labels.push(String(row.getCell(1).value)));
    // The balance at the closing is said once.
    expect(labels.filter((label) => label.startsWith('Saldo al cierre'))).toEqual(['Saldo al cierre (entregado al cerrar la promoción)']);
    const shares = report.shares.map((share) => [share.graduateName, share.paid, share.share]);
    // 2,000.25 x 3,000.50 / 4,000.50 = 1,500.2499…; 2,000.25 x 1,000 / 4,000.50 = 500 exactly: the centavo left goes to A.
    expect(shares).toEqual([
      [fx.a.family.graduateName, 3000.5, 1500.25],
      [fx.b.family.graduateName, 1000, 500],
    ]);
    expect(report.shares.reduce((sum, share) => sum + Math.round(share.share * 100), 0)).toBe(Math.round(balance * 100));
  });

  it('is read-only once closed, and each family reads its report with its own share only', async () => {
    // Family B still owes payment 6: on its day a closed class reminds nobody.
    const reminders = await api.app.get(RemindersService).run(new Date('2026-03-10T15:00:00Z'));
    expect(reminders).toMatchObject({ enabled: false, queued: 0 });
    await refused(() => president.put('/api/books/settings', { approvalThreshold: 500 }), 409, /Promoción 2026 está cerrada/);
    await refused(() => president.post('/api/notifications', { title: 'Aviso', message: 'Hola', kind: 'general' }), 409, /está cerrada/);
    await refused(() => parentA.put('/api/my-payment-confirmations/3', { status: 'ya_pague' }), 409, /está cerrada/);
    const mine = (await parentB.get<MyClass>('/api/my-class')).body;
    expect(mine.schoolClass.state).toBe('cerrada');
    expect(mine.report!.shares).toEqual([{ familyId: fx.b.family.id, paid: 1000, share: 500 }]);
    expect(JSON.stringify(mine)).not.toContain(fx.a.family.graduateName);
    expect((await parentA.get<ParentBooks>('/api/my-books')).status).toBe(200);
    expect((await parentA.put('/api/my-books/seen')).status).toBe(200);
  });

  it("ends the families' access after the day set: their requests and sign-in are refused, the committee still reads", async () => {
    await api.dataSource.getRepository(ClassEntity).update({ state: 'cerrada' }, { familiesReadUntil: '2026-01-31' });
    await api.restart();
    parentA = await sessionAgent(api, fx.a.parent.id);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente 2')).id);
    const refusal = await parentA.get('/api/my-books');
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatchObject({
      message: 'El acceso de las familias a la Promoción 2026 terminó el 31/01/2026. Si necesitas algo, comunícate con el comité.',
    });
    const login = await api.agent().post('/api/login', { username: fx.b.parent.username, password: 'contraseña-de-prueba' });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ message: expect.stringContaining('terminó el 31/01/2026') });
    expect((await president.get<ClassView>('/api/class')).body.report!.balanceGiven).toBeGreaterThan(0);
  });
});
