// What a family reads is written for it (decisions item 25): every committee decision a family may
// hear about carries an internal reason planted here; no family route, e-mail or download carries
// it, and the committee's message to the family, when it wrote one, is what the family reads.
import ExcelJS from 'exceljs';
import { FAMILY_MESSAGES, type ClassView, type Expense, type FamilyStatement, type LedgerEntry, type MyClass } from '@portal/contracts';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createUser, saveExpense, seedTwoFamilies, sessionAgent, setPaymentAmounts, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, upload } from './receipts-fixtures';
import { ACCOUNT_ROUTES } from './support/authorization-accounts';
import { BOOKS_ROUTES } from './support/authorization-books';
import { EVENT_ROUTES } from './support/authorization-events';
import { FAMILY_ROUTES } from './support/authorization-families';
import { joinRules } from './support/authorization-rules';

/** The committee's words for itself, in every decision: none may reach a family. */
const INTERNAL = 'NOTA-INTERNA-X7 se aplicó a la familia Pineda por error';
const TO_FAMILY = {
  reversal: 'Registramos dos veces tu depósito; ya quedó una sola vez.',
  rejection: 'La foto no se lee: envía una más clara, por favor.',
  amount: 'Beca del colegio para el segundo pago.',
  expense: 'Se pagó dos veces al salón; el salón devolvió el dinero.',
};

/** Every route a parent may GET without a path parameter, from the authorization matrix's rows. */
const FAMILY_GETS = Object.entries(joinRules(ACCOUNT_ROUTES, EVENT_ROUTES, FAMILY_ROUTES, BOOKS_ROUTES))
  .filter(([route, rule]) => route.startsWith('GET ') && !route.includes(':') && rule.expect[1] === 200)
  .map(([route]) => route.slice(4));

/** Every cell of every sheet, as text. */
async function workbookText(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => {
    cells.push(sheet.name);
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
  });
  return cells.join('\n');
}

describe.each(DATABASES)('what a family reads (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let parent: Agent;
  let familyId: number;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    await setPaymentAmounts(api);
    treasurer = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id);
    parent = await sessionAgent(api, fx.a.parent.id);
    familyId = fx.a.family.id;
  });
  afterAll(() => api.close());

  const statement = async () => (await treasurer.get<{ entries: LedgerEntry[] }>(`/api/families/${familyId}/statement`)).body;
  const lastCredit = async () => (await statement()).entries.filter((entry) => entry.kind === 'credito').at(-1)!;

  /** Every decision kind, each with the internal reason; some with a message to the family. */
  async function decideEverything() {
    // Cash with an internal note, reversed with a message to the family.
    const cash = await treasurer.post(`/api/families/${familyId}/payments/1/cash`, { amountReceived: 500, note: INTERNAL });
    expect(cash.status).toBe(201);
    const withMessage = await treasurer.post(`/api/ledger-entries/${(await lastCredit()).id}/reverse`, {
      reason: INTERNAL,
      messageToFamily: TO_FAMILY.reversal,
    });
    expect(withMessage.status).toBe(200);
    // Cash reversed with the reason alone: the family reads the neutral default.
    expect((await treasurer.post(`/api/families/${familyId}/payments/1/cash`, { amountReceived: 300 })).status).toBe(201);
    expect((await treasurer.post(`/api/ledger-entries/${(await lastCredit()).id}/reverse`, { reason: INTERNAL })).status).toBe(200);

    // The fixtures' receipt rejected with a message; a new one verified, then its credit reversed and the receipt rejected.
    const rejected = await treasurer.post(`/api/payment-proofs/${fx.a.receipt.id}/reject`, {
      reason: INTERNAL,
      messageToFamily: TO_FAMILY.rejection,
    });
    expect(rejected.status).toBe(200);
    const sent = await upload(
      api,
      parent,
      { paymentNumber: '1', amountDeclared: '2950' },
      { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
    );
    expect(sent.statusCode).toBe(201);
    const receiptId = sent.json<{ id: number }>().id;
    expect((await treasurer.post(`/api/payment-proofs/${receiptId}/verify`, { amountReceived: 2950 })).status).toBe(200);
    const reversed = await treasurer.post(`/api/ledger-entries/${(await lastCredit()).id}/reverse`, {
      reason: INTERNAL,
      receipt: 'rechazado',
    });
    expect(reversed.status).toBe(200);

    // The family's own amount for payment 2, with a message; payment 3's with the reason alone.
    const amount = { amountQuetzales: 1700, reason: INTERNAL, messageToFamily: TO_FAMILY.amount };
    expect((await treasurer.put(`/api/families/${familyId}/payments/2/override`, amount)).status).toBe(200);
    expect((await treasurer.put(`/api/families/${familyId}/payments/3/override`, { amountQuetzales: 1000, reason: INTERNAL })).status).toBe(
      200,
    );

    // Money the family really paid, so the books have something to close.
    expect((await treasurer.post(`/api/families/${familyId}/payments/1/cash`, { amountReceived: 2950 })).status).toBe(201);

    // Two approved expenses in the open books, each reversed: one with a message to families.
    const admin = { createdById: fx.admin.id, createdByName: 'Comité', state: 'aprobado' as const, approvedAt: new Date() };
    const hall = await saveExpense(api, { ...admin, amount: 100000 });
    const flowers = await saveExpense(api, { ...admin, supplier: 'Floristería', amount: 20000 });
    const books = await treasurer.post<Expense>(`/api/books/expenses/${hall.id}/reverse`, {
      reason: INTERNAL,
      messageToFamily: TO_FAMILY.expense,
    });
    expect(books.status).toBe(200);
    expect((await treasurer.post(`/api/books/expenses/${flowers.id}/reverse`, { reason: INTERNAL })).status).toBe(200);
  }

  /** Every family route, read: none carries the internal reason. */
  async function readEveryRoute(): Promise<string> {
    const texts: string[] = [];
    for (const url of FAMILY_GETS) {
      const response = await parent.get(url);
      expect({ url, internal: response.text.includes('NOTA-INTERNA') }).toEqual({ url, internal: false });
      texts.push(response.text);
    }
    return texts.join('\n');
  }

  it('carries the committee’s internal reasons to no family route, screen data or e-mail, and its messages to the family', async () => {
    await decideEverything();
    // The committee reads both texts.
    const committee = JSON.stringify(await statement());
    expect(committee).toContain('NOTA-INTERNA');
    expect(committee).toContain(TO_FAMILY.reversal);

    const everything = await readEveryRoute();
    for (const message of Object.values(TO_FAMILY)) expect(everything).toContain(message);
    expect(FAMILY_GETS).toEqual(expect.arrayContaining(['/api/my-family/statement', '/api/my-family/payment-proofs', '/api/my-books']));

    const mine = (await parent.get<FamilyStatement>('/api/my-family/statement')).body;
    const reversals = mine.entries.filter((entry) => entry.kind === 'reversion').map((entry) => entry.message);
    expect(reversals).toEqual([TO_FAMILY.reversal, FAMILY_MESSAGES.correction, FAMILY_MESSAGES.correction]);
    expect(mine.lines.map((line) => line.amountMessage)).toEqual([null, TO_FAMILY.amount, FAMILY_MESSAGES.amount, null, null, null]);
    for (const entry of mine.entries)
      expect(Object.keys(entry).filter((key) => ['reason', 'note', 'familyMessage'].includes(key))).toEqual([]);

    // Every e-mail to the family, sent, waiting or withheld.
    const mails = await api.dataSource.getRepository(OutboxMessageEntity).findBy({ recipient: fx.a.family.email });
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('NOTA-INTERNA');
    expect(mails.map((mail) => mail.text).join('\n')).toContain(TO_FAMILY.rejection);
  });

  it('gives the families a report of the closed class of their own: no internal reason in its page or its workbook', async () => {
    const view = async () => (await president.get<ClassView>('/api/class')).body;
    const balance = (await view()).balance;
    expect((await treasurer.post('/api/books/holdings', { kind: 'banco', asOf: '2026-11-26', amount: balance })).status).toBe(201);
    const waivers = (await view()).checklist.filter((check) => !check.done).map((check) => ({ item: check.item, reason: INTERNAL }));
    const proposed = await treasurer.post<ClassView>('/api/class/closing', { destination: 'siguiente', acta: 'Acta 14-2026', waivers });
    expect(proposed.status).toBe(201);
    const closed = await president.post<ClassView>(`/api/class/closing/${proposed.body.closings[0]!.id}/approve`);
    expect(closed.status).toBe(200);
    // The committee's frozen report keeps its reasons.
    expect(JSON.stringify(closed.body.report)).toContain('NOTA-INTERNA');

    const everything = await readEveryRoute();
    expect(everything).toContain(TO_FAMILY.expense);
    const report = (await parent.get<MyClass>('/api/my-class')).body.report!;
    expect(report.expenses.every((expense) => expense.state === 'aprobado')).toBe(true);
    expect(report.expenses.map((expense) => expense.message ?? expense.reversal?.message)).toEqual(
      expect.arrayContaining([TO_FAMILY.expense, FAMILY_MESSAGES.correction]),
    );

    const download = await parent.get('/api/class/report/workbook');
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('informe-rendicion-de-cuentas-familias-promocion-2026.xlsx');
    const families = await workbookText(download.rawBody);
    expect(families).not.toContain('NOTA-INTERNA');
    expect(families).toContain(TO_FAMILY.expense);
    expect(families).not.toContain('Pendiente de aprobación');
    // The committee's own download is the frozen file, with its reasons.
    expect(await workbookText((await president.get('/api/class/report/workbook')).rawBody)).toContain('NOTA-INTERNA');
  });
});
