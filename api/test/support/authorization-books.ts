// The authorization matrix's rows (authorization-rules.ts) for the committee's books and the
// class's closing.
import { ExpenseQuestionEntity, InvoiceFileEntity } from '../../src/books/expense.entity';
import { createUser, saveControlChange, saveExpense } from '../fixtures';
import type { Agent, Response, TestApi } from '../harness';
import { BOUNDARY, multipart, PDF } from '../receipts-fixtures';
import { ADMIN, PARENT, type RouteRule } from './authorization-rules';
import { OPENING_REQUEST } from './class-opening';

/** An expense of the committee's books, recorded by another admin (so anyone may approve it), with its invoice. */
async function expense(api: TestApi, state: 'aprobado' | 'pendiente'): Promise<number> {
  const other = await createUser(api, 'admin', null, 'Tesorera');
  const row = await saveExpense(api, {
    invoiceType: 'application/pdf',
    hasThumbnail: true,
    state,
    approvedAt: state === 'aprobado' ? new Date() : null,
    createdById: other.id,
    createdByName: other.name,
  });
  await api.dataSource.getRepository(InvoiceFileEntity).insert({ expenseId: row.id, data: PDF, thumbnail: PDF });
  return row.id;
}

/** A pending raise of the books' threshold, proposed by another admin (so anyone may approve it). */
async function controlChange(api: TestApi): Promise<number> {
  const other = await createUser(api, 'admin', null, 'Tesorera');
  return (await saveControlChange(api, { createdById: other.id, createdByName: other.name })).id;
}

/** Sends a multipart form as the agent (an upload route), answered as a JSON response. */
async function sendForm(api: TestApi, agent: Agent, url: string, fields: Record<string, string>, data: Buffer): Promise<Response> {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await api.app.inject({
    method: 'POST',
    url,
    payload: multipart(fields, { data }),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
  });
  return {
    status: response.statusCode,
    body: response.json(),
    text: response.body,
    rawBody: response.rawPayload,
    headers: response.headers as Response['headers'],
  };
}

export const BOOKS_ROUTES: Record<string, RouteRule> = {
  'GET /api/books': { expect: ADMIN(200) },
  'GET /api/books/report': { expect: ADMIN(200) },
  'GET /api/class': { expect: ADMIN(200) },
  // The fixtures leave receipts under review: a proposal without waivers is refused, changing nothing.
  'POST /api/class/closing': { expect: ADMIN(409), request: () => ({ body: { destination: 'colegio', acta: 'Acta 9-2026' } }) },
  'POST /api/class/closing/:id/approve': { expect: ADMIN(404), request: () => ({ url: '/api/class/closing/999999/approve' }) },
  'POST /api/class/closing/:id/reject': { expect: ADMIN(404), request: () => ({ url: '/api/class/closing/999999/reject' }) },
  // The class is open: no frozen report yet.
  'GET /api/class/report/workbook': { expect: [401, 404, 404, 404, 403] },
  'GET /api/my-class': { expect: PARENT },
  'GET /api/classes': { expect: ADMIN(200) },
  // The class is open: the next one cannot open yet.
  'POST /api/classes': { expect: ADMIN(409), request: () => ({ body: OPENING_REQUEST }) },
  // The current class is open: its families' day is chosen at its closing.
  'PUT /api/classes/:id/families-read-until': {
    expect: ADMIN(409),
    request: () => ({ url: '/api/classes/1/families-read-until', body: { familiesReadUntil: '2099-06-30' } }),
  },
  'GET /api/my-classes': { expect: [401, 200, 200, 200, 403] },
  // Viewing the current class: a cookie, no data.
  'PUT /api/my-classes/viewing': { expect: [401, 204, 204, 204, 403], request: () => ({ body: { classId: 1 } }) },
  'POST /api/books/budgets': {
    expect: ADMIN(201),
    request: () => ({ body: { approvedOn: '2026-03-01', acta: 'Acta 4-2026', lines: [{ category: 'Salón', amount: 20000 }] } }),
  },
  'PUT /api/books/settings': { expect: ADMIN(200), request: () => ({ body: { approvalThreshold: 1000 } }) },
  'POST /api/books/expenses': {
    expect: ADMIN(201),
    send: ({ api }, agent, url) =>
      sendForm(
        api,
        agent,
        url,
        { kind: 'gasto', date: '2026-10-05', category: 'Salón', supplier: 'Salones', concept: 'Salón', amount: '500', method: 'cheque' },
        PDF,
      ),
  },
  'POST /api/books/expenses/:id/approve': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'pendiente')}/approve` }),
  },
  'POST /api/books/control-changes/:id/approve': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/control-changes/${await controlChange(api)}/approve` }),
  },
  'POST /api/books/control-changes/:id/reject': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/control-changes/${await controlChange(api)}/reject` }),
  },
  'POST /api/books/expenses/:id/reverse': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'aprobado')}/reverse`, body: { reason: 'Duplicado' } }),
  },
  'GET /api/books/expenses/:id/invoice': {
    expect: [401, 200, 200, 200, 403],
    cacheControl: 'private, no-store',
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'aprobado')}/invoice` }),
  },
  'GET /api/books/expenses/:id/thumbnail': {
    expect: [401, 200, 200, 200, 403],
    cacheControl: 'private, no-store',
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'aprobado')}/thumbnail` }),
  },
  'POST /api/books/holdings': { expect: ADMIN(201), request: () => ({ body: { kind: 'banco', asOf: '2026-10-31', amount: 5000 } }) },
  'POST /api/books/accounts': {
    expect: ADMIN(201),
    request: () => {
      const number = String(Date.now() + Math.floor(Math.random() * 1e6));
      return {
        body: { name: `Ahorro ${number}`, bankName: 'Banrural', accountNumber: number, accountHolder: 'Comité', accountType: 'ahorro' },
      };
    },
  },
  // The cash box (the class's second account): its name only.
  'PUT /api/books/accounts/:id': { expect: ADMIN(200), request: () => ({ url: '/api/books/accounts/2', body: { name: 'Caja' } }) },
  'GET /api/books/accounts/:id/movements': { expect: ADMIN(200), request: () => ({ url: '/api/books/accounts/1/movements' }) },
  'POST /api/books/transfers': {
    expect: ADMIN(201),
    request: () => ({ body: { date: '2026-10-31', fromAccountId: 2, toAccountId: 1, amount: 10 } }),
  },
  // No advance of a member in the fixtures: nothing is owed to reimburse.
  'POST /api/books/reimbursements': {
    expect: ADMIN(404),
    request: () => ({ body: { date: '2026-10-31', advanceId: 999999, accountId: 1, amount: 10 } }),
  },
  'GET /api/books/questions/open': { expect: ADMIN(200) },
  'POST /api/books/questions/:id/answer': {
    expect: ADMIN(200),
    request: async ({ api, fx }) => {
      const expenseId = await expense(api, 'aprobado');
      const question = await api.dataSource.getRepository(ExpenseQuestionEntity).save({
        expenseId,
        familyId: fx.a.family.id,
        askedById: fx.a.parent.id,
        question: '¿Incluye IVA?',
        askedAt: new Date(),
        answer: null,
        answeredByName: null,
        answeredAt: null,
      });
      return { url: `/api/books/questions/${question.id}/answer`, body: { answer: 'Sí.' } };
    },
  },
  'GET /api/my-books': { expect: PARENT },
  'GET /api/my-books/answers': { expect: PARENT },
  'PUT /api/my-books/seen': { expect: PARENT },
  'POST /api/my-books/questions': {
    expect: [401, 201, 201, 403, 403],
    request: async ({ api }) => ({ body: { expenseId: await expense(api, 'aprobado'), question: '¿Quién es el proveedor?' } }),
  },
};
