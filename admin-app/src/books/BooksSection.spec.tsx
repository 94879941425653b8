import { screen, within } from '@testing-library/react';
import { renderWithApi } from '@portal/test-utils/render';
import userEvent from '@testing-library/user-event';
import type { Books, Expense } from '@portal/contracts';
import BooksSection from './BooksSection';

const expense = (id: number, fields: Partial<Expense> = {}): Expense => ({
  id,
  kind: 'gasto',
  date: '2026-10-05',
  category: 'Salón',
  supplier: `Proveedor ${id}`,
  concept: 'Anticipo',
  amount: 3500,
  method: 'transferencia',
  nit: '1669394-9',
  felSeries: null,
  felNumber: null,
  felUuid: null,
  hasInvoice: true,
  invoiceType: 'application/pdf',
  state: 'aprobado',
  createdBy: 'Tesorera',
  createdAt: '2026-10-05T12:00:00.000Z',
  approvedBy: null,
  approvedAt: '2026-10-05T12:00:00.000Z',
  reverses: null,
  reversal: null,
  reason: null,
  ...fields,
});

const BOOKS: Books = {
  totals: { received: 20000, spent: 800, balance: 19200, budgeted: 20000 },
  categories: [{ category: 'Salón', budgeted: 20000, spent: 800 }],
  budget: {
    id: 1,
    version: 1,
    approvedOn: '2026-02-10',
    acta: 'Acta 3-2026',
    lines: [],
    total: 20000,
    createdBy: 'Tesorera',
    createdAt: '',
  },
  expenses: [
    expense(3, { state: 'pendiente', approvedAt: null }),
    expense(2, { amount: 800 }),
    expense(1, { amount: 500, reversal: { id: 4, by: 'Tesorera', at: '', reason: 'Duplicada' } }),
  ],
  questions: [],
  lastSeenAt: null,
  approvalThreshold: 1000,
  approvalRequired: true,
  controlChanges: [],
  adminCount: 2,
  budgets: [],
  holdings: [],
  held: { bank: null, cash: null, total: 19000, difference: -200 },
  receivedByMonth: [],
};

let requests: string[] = [];
beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    const body = url === '/api/books' ? BOOKS : expense(3);
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("the committee's books", () => {
  it('shows each expense with its state, and offers approval only while it waits', async () => {
    renderWithApi(<BooksSection />);
    const rows = await screen.findAllByRole('row');
    const [waiting, counted, reversed] = ['Proveedor 3', 'Proveedor 2', 'Proveedor 1'].map((name) =>
      rows.find((row) => row.textContent?.includes(name))!,
    );
    expect(within(waiting!).getByText('Pendiente de aprobación')).toBeInTheDocument();
    expect(within(waiting!).getByRole('button', { name: 'Aprobar' })).toBeInTheDocument();
    expect(within(counted!).getByText('Aprobado')).toBeInTheDocument();
    expect(within(counted!).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(reversed!).getByText('Revertido')).toBeInTheDocument();
    expect(within(reversed!).queryByRole('button')).toBeNull();
    expect(within(counted!).getByRole('link', { name: 'Ver factura' })).toHaveAttribute('href', '/api/books/expenses/2/invoice');
  });

  it('shows the difference between what is held and the balance, and approves an expense', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    expect(await screen.findByTestId('books-difference')).toHaveTextContent('Diferencia: -Q200');
    expect(screen.getByRole('progressbar', { name: 'Salón: gastado Q800 de Q20,000 (4 %)' })).toHaveAttribute('aria-valuenow', '4');
    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(requests).toContain('POST /api/books/expenses/3/approve');
  });
});
