import { renderWithApi } from '@portal/test-utils/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyExpense, ParentBooks } from '@portal/contracts';
import BooksSection from './BooksSection';

const expense = (id: number, approvedAt: string, fields: Partial<FamilyExpense> = {}): FamilyExpense => ({
  id,
  kind: 'gasto',
  date: '2026-10-05',
  category: 'Salón',
  supplier: `Proveedor ${id}`,
  concept: 'Anticipo',
  amount: 3500,
  method: 'transferencia',
  nit: null,
  felSeries: null,
  felNumber: null,
  felUuid: null,
  hasInvoice: true,
  invoiceType: 'image/jpeg',
  state: 'aprobado',
  createdBy: 'Tesorera',
  createdAt: approvedAt,
  approvedBy: 'Presidenta',
  approvedAt,
  reverses: null,
  reversal: null,
  message: null,
  ...fields,
});

const BOOKS: ParentBooks = {
  totals: {
    received: 20000,
    opening: 0,
    otherIncome: 0,
    spent: 4500,
    passedOn: 0,
    balance: 15500,
    budgeted: 26000,
    committed: 0,
    owedToMembers: 0,
  },
  income: [],
  categories: [
    { category: 'Salón', budgeted: 20000, spent: 3500 },
    { category: 'Música', budgeted: 6000, spent: 0 },
    { category: 'Pastel', budgeted: 0, spent: 1000 },
  ],
  budget: {
    id: 1,
    version: 2,
    approvedOn: '2026-03-02',
    acta: 'Acta 5-2026',
    lines: [],
    total: 26000,
    createdBy: 'Tesorera',
    createdAt: '',
  },
  expenses: [
    expense(2, '2026-10-06T12:00:00.000Z'),
    expense(1, '2026-10-01T12:00:00.000Z', { category: 'Pastel', amount: 1000, approvedBy: null }),
  ],
  questions: [
    {
      id: 7,
      expenseId: 1,
      question: '¿Por qué un pastel?',
      askedAt: '2026-10-02T00:00:00.000Z',
      mine: false,
      answer: 'Lo aprobó la asamblea.',
      answeredBy: 'Tesorera',
      answeredAt: '2026-10-03T00:00:00.000Z',
    },
  ],
  lastSeenAt: '2026-10-03T00:00:00.000Z',
  approvalThreshold: 1000,
  approvalRequired: true,
  commitments: [],
  collection: { collected: 20000, expected: 60000, familiesUpToDate: 3, families: 10, unpricedPayments: 0 },
};

let requests: string[] = [];
beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    const body =
      url === '/api/my-books/seen'
        ? { lastSeenAt: '2026-10-07T00:00:00.000Z' }
        : url === '/api/my-books/questions'
          ? { id: 8, expenseId: 2, question: 'x', askedAt: '', mine: true, answer: null, answeredBy: null, answeredAt: null }
          : BOOKS;
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("the families' view of the committee's books", () => {
  it('draws each category as a bar of spent against budgeted, full and red past the budget', async () => {
    renderWithApi(<BooksSection />);
    expect(await screen.findByRole('img', { name: 'Salón: gastado Q3,500 de Q20,000 (18 %)' })).toHaveAttribute('data-percent', '18');
    expect(screen.getByRole('img', { name: 'Música: gastado Q0 de Q6,000 (0 %)' })).toHaveAttribute('data-percent', '0');
    const over = screen.getByRole('img', { name: 'Pastel: gastado Q1,000, sin presupuesto' });
    expect(over).toHaveAttribute('data-percent', '100');
    expect(over.querySelector('.books-bar__fill--over')).not.toBeNull();
  });

  it('shows the threshold and who recorded and who approved each expense', async () => {
    renderWithApi(<BooksSection />);
    expect(await screen.findByTestId('books-threshold')).toHaveTextContent(
      'Cada gasto de más de Q1,000, o que con otros pagos al mismo proveedor en 30 días pasa de ese monto, cuenta solo cuando lo aprueba una segunda persona del comité',
    );
    const large = screen.getByText(/Salón · Proveedor 2/).closest('.books-expense') as HTMLElement;
    expect(large).toHaveTextContent('Registrado por Tesorera · Aprobado por Presidenta');
    const small = screen.getByText(/Pastel · Proveedor 1/).closest('.books-expense') as HTMLElement;
    expect(small).toHaveTextContent('Registrado por Tesorera · Sin segunda aprobación (no pasaba del monto)');
  });

  it("marks 'Nuevo' what was approved since the last visit, and records this visit once", async () => {
    renderWithApi(<BooksSection />);
    const fresh = (await screen.findByText(/Salón · Proveedor 2/)).closest('.books-expense') as HTMLElement;
    expect(await within(fresh).findByText('Nuevo')).toBeInTheDocument();
    const older = screen.getByText(/Pastel · Proveedor 1/).closest('.books-expense') as HTMLElement;
    expect(within(older).queryByText('Nuevo')).toBeNull();
    expect(within(older).getByText('Lo aprobó la asamblea.')).toBeInTheDocument();
    expect(requests.filter((request) => request === 'PUT /api/my-books/seen')).toHaveLength(1);
  });

  it('links each invoice and sends a question about an expense', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    const card = (await screen.findByText(/Salón · Proveedor 2/)).closest('.books-expense') as HTMLElement;
    expect(within(card).getByRole('link', { name: /Ver factura/ })).toHaveAttribute('href', '/api/books/expenses/2/invoice');
    await user.click(within(card).getByRole('button', { name: 'Preguntar' }));
    await user.type(within(card).getByLabelText('Tu pregunta al comité'), '¿Incluye IVA?');
    await user.click(within(card).getByRole('button', { name: 'Enviar pregunta' }));
    expect(requests).toContain('POST /api/my-books/questions');
    const sent = (global.fetch as jest.Mock).mock.calls.find(([url]) => url === '/api/my-books/questions')!;
    expect(JSON.parse(sent[1].body as string)).toEqual({ expenseId: 2, question: '¿Incluye IVA?' });
  });

  it("shows the previous class's balance beside the families' money when it passed one on, and not otherwise", async () => {
    const passedOn = { ...BOOKS, totals: { ...BOOKS.totals, opening: 4637.5, balance: 20137.5 } };
    global.fetch = jest.fn(async () => {
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(passedOn), json: async () => passedOn } as Response;
    }) as typeof fetch;
    const { unmount } = renderWithApi(<BooksSection />);
    const opening = (await screen.findByText('Saldo de la promoción anterior')).closest('.books-total') as HTMLElement;
    expect(opening).toHaveTextContent('Q4,637.50');
    unmount();
    global.fetch = jest.fn(async () => {
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(BOOKS), json: async () => BOOKS } as Response;
    }) as typeof fetch;
    renderWithApi(<BooksSection />);
    await screen.findByText('Recibido de todas las familias');
    expect(screen.queryByText('Saldo de la promoción anterior')).toBeNull();
  });
});
