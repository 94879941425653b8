// No rounding anywhere (decisions item 20, docs/payments.md 'Amounts'): random amounts with
// centavos, and some with a third decimal, sent through every path money enters by (cash, a
// receipt's verification, a bank statement line, a family's own amount, an expense, a holding).
// Each is kept exactly (read back equal) or refused with a Spanish 400 that changes nothing.
import fc from 'fast-check';
import type { BankConfirmResult, BankPreview, Books, Expense, ReviewQueueItem, Statement } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { addReceipt, createFamily, createUser, expectSpanishError, sessionAgent, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart, sendForm } from './receipts-fixtures';

const PATHS = ['cash', 'verify', 'bank', 'override', 'expense', 'holding'] as const;
type Path = (typeof PATHS)[number];

/** Q0.01 to Q1,000,000 with any centavos; one in four has a third decimal (tenths of a centavo). */
const AMOUNT = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 100_000_000 }).map((centavos) => ({ amount: centavos / 100, exact: true })) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 10, max: 1_000_000_000 })
      .filter((mills) => mills % 10 !== 0)
      .map((mills) => ({ amount: mills / 1000, exact: false })),
  },
);

/** As a person or a bank writes it: '2950.5', '2,950.50' or 'Q 2,950.50'. */
const written = (amount: number, style: number) =>
  style === 0
    ? String(amount)
    : `${style === 2 ? 'Q ' : ''}${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 })}`;

describe.each(DATABASES)('every money path keeps centavos or refuses (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let familyId: number;
  let runs = 0;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', 'tesorera@example.com', 'Tesorera')).id);
    familyId = (await createFamily(api, { graduateName: 'Camila Centavos' })).id;
  });
  afterAll(() => api.close());

  const statement = async () => (await admin.get<Statement>(`/api/families/${familyId}/statement`)).body;
  const lastEntry = async () => (await statement()).entries.at(-1)!.amount;

  /** Sends `amount` down `path`; returns the response and, on success, the amount read back. */
  async function send(
    path: Path,
    amount: number,
    style: number,
    receiptId: number,
  ): Promise<{ status: number; body: string; kept?: number }> {
    runs += 1;
    switch (path) {
      case 'cash': {
        const response = await admin.post(`/api/families/${familyId}/payments/1/cash`, { amountReceived: amount });
        return { status: response.status, body: response.text, kept: response.status === 201 ? await lastEntry() : undefined };
      }
      case 'verify': {
        const response = await admin.post<ReviewQueueItem>(`/api/payment-proofs/${receiptId}/verify`, { amountReceived: amount });
        return {
          status: response.status,
          body: response.text,
          kept: response.status === 200 ? response.body.review!.amountReceived! : undefined,
        };
      }
      case 'bank': {
        const csv = `Fecha;No. Documento;Descripción;Crédito\n02/11/2026;${runs};DEPOSITO ${paymentReference(2026, familyId)} ${runs};${written(amount, style)}\n`;
        const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
        const preview = await api.app.inject({
          method: 'POST',
          url: '/api/bank-statements/preview',
          payload: multipart({}, { data: Buffer.from(csv), name: 'estado.csv', type: 'text/csv' }),
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
        });
        expect(preview.statusCode).toBe(200);
        const read = preview.json<BankPreview>();
        // A bank amount with a third decimal is not read as a deposit: the line is reported, never rounded.
        if (read.lines.length === 0) {
          expect(read.errors).toEqual([{ line: 2, reason: 'El monto no se entiende.' }]);
          return { status: 400, body: JSON.stringify({ statusCode: 400, message: read.errors[0]!.reason }) };
        }
        const [line] = read.lines;
        const confirmed = await admin.post<BankConfirmResult>('/api/bank-statements/confirm', {
          lines: [
            { date: line!.date, description: line!.description, document: line!.document, amountCentavos: line!.amountCentavos, familyId },
          ],
        });
        expect(confirmed.body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
        return { status: 201, body: confirmed.text, kept: await lastEntry() };
      }
      case 'override': {
        const response = await admin.put<Statement>(`/api/families/${familyId}/payments/3/override`, {
          amountQuetzales: amount,
          reason: 'Beca',
        });
        return {
          status: response.status,
          body: response.text,
          kept: response.status === 200 ? response.body.lines[2]!.expected! : undefined,
        };
      }
      case 'expense': {
        const response = await sendForm(api, admin, '/api/books/expenses', {
          kind: 'comision',
          date: '2026-11-30',
          category: 'Banco',
          supplier: 'Banco Industrial',
          concept: 'Comisión',
          amount: written(amount, style),
          method: 'transferencia',
        });
        return {
          status: response.statusCode,
          body: response.body,
          kept: response.statusCode === 201 ? response.json<Expense>().amount : undefined,
        };
      }
      case 'holding': {
        const response = await admin.post<Books>('/api/books/holdings', { kind: 'banco', asOf: '2026-11-30', amount });
        const books = (await admin.get<Books>('/api/books')).body;
        return { status: response.status, body: response.text, kept: response.status === 201 ? books.held!.bank!.amount : undefined };
      }
    }
  }

  it('keeps each amount to the centavo, or refuses it with a Spanish 400 and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), AMOUNT, fc.integer({ min: 0, max: 2 }), async (path, { amount, exact }, style) => {
        // A receipt waiting for review, sent by the family before the committee decides.
        const receiptId = path === 'verify' ? (await addReceipt(api, familyId, 2)).id : 0;
        const before = exact ? null : await snapshotTables(api, { except: ['sessions', 'bank_statement_reads'] });
        const result = await send(path, amount, style, receiptId);
        if (exact) {
          expect({ path, amount, status: result.status }).toEqual({ path, amount, status: expect.any(Number) });
          expect([200, 201]).toContain(result.status);
          expect({ path, kept: result.kept }).toEqual({ path, kept: amount });
        } else {
          expect({ path, amount, status: result.status }).toEqual({ path, amount, status: 400 });
          if (path !== 'bank') expectSpanishError({ statusCode: 400, headers: { 'content-type': 'application/json' }, body: result.body });
          expect(await snapshotTables(api, { except: ['sessions', 'bank_statement_reads'] })).toEqual(before);
        }
      }),
      { numRuns: Number(process.env.CENTAVOS_RUNS ?? 60), endOnFailure: true },
    );
  }, 180_000);
});
