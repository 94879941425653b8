import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApi } from '@portal/test-utils/render';
import userEvent from '@testing-library/user-event';
import type { Expense } from '@portal/contracts';
import { books } from './books-fixture';
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
  familyMessage: null,
  ...fields,
});

const BOOKS = books({
  totals: {
    received: 20000,
    opening: 0,
    otherIncome: 0,
    spent: 800,
    passedOn: 0,
    balance: 19200,
    budgeted: 20000,
    committed: 0,
    owedToMembers: 0,
  },
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
    expense(1, { amount: 500, reversal: { id: 4, by: 'Tesorera', at: '', reason: 'Duplicada', familyMessage: null } }),
  ],
  held: { bank: null, cash: null, total: 19000, difference: -200 },
  collection: { collected: 20000, expected: 60000, familiesUpToDate: 3, families: 10, unpricedPayments: 0 },
});

let requests: string[] = [];
let bodies: unknown[] = [];
beforeEach(() => {
  requests = [];
  bodies = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    const body =
      url === '/api/books' || url === '/api/books/holdings'
        ? BOOKS
        : url === '/api/user'
          ? { id: 7, name: 'Tesorera', role: 'admin' }
          : url === '/api/books/questions/open'
            ? { count: 0 }
            : expense(3);
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

  it('tells the one who recorded a waiting expense that another member approves it, instead of offering Aprobar', async () => {
    const own = { ...BOOKS, expenses: [expense(8, { state: 'pendiente', approvedAt: null, createdById: 7 }), ...BOOKS.expenses] };
    global.fetch = jest.fn(async (url: string) => {
      const body = url === '/api/user' ? { id: 7, name: 'Tesorera', role: 'admin' } : url === '/api/books' ? own : { count: 0 };
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
    }) as typeof fetch;
    renderWithApi(<BooksSection />, { data: { '/api/user': { id: 7, name: 'Tesorera', role: 'admin' } } });
    const rows = await screen.findAllByRole('row');
    const mine = rows.find((row) => row.textContent?.includes('Proveedor 8'))!;
    const theirs = rows.find((row) => row.textContent?.includes('Proveedor 3'))!;
    expect(await within(mine).findByText('Espera la aprobación de otro miembro')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(theirs).getByRole('button', { name: 'Aprobar' })).toBeInTheDocument();
  });

  it('shows the difference between what is held and the balance, and approves an expense', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    expect(await screen.findByTestId('books-difference')).toHaveTextContent('Diferencia: -Q200');
    expect(screen.getByRole('progressbar', { name: 'Salón: gastado Q800 de Q20,000 (4 %)' })).toHaveAttribute('aria-valuenow', '4');
    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(requests).toContain('POST /api/books/expenses/3/approve');
  });

  it('records a bank balance with centavos as typed, and refuses a third decimal in the field', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    const form = await screen.findByRole('form', { name: 'Saldo en banco y caja' });
    const amount = within(form).getByLabelText('Monto (Q)') as HTMLInputElement;
    await user.type(amount, '2950.505');
    expect(amount.validity.patternMismatch).toBe(true);
    await user.clear(amount);
    await user.type(amount, 'Q55,828.12');
    expect(amount.validity.valid).toBe(true);
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-11-30' } });
    await user.click(within(form).getByRole('button', { name: 'Registrar saldo' }));
    await waitFor(() => expect(requests).toContain('POST /api/books/holdings'));
    expect(bodies).toContainEqual(expect.objectContaining({ kind: 'banco', amount: 55828.12 }));
  });

  it('offers bank fees as money out and interest as other income, and shows centavos only when there are some', async () => {
    global.fetch = jest.fn(async (url: string) => {
      const body = url === '/api/books' ? { ...BOOKS, expenses: [expense(5, { kind: 'comision', amount: 25.5, hasInvoice: false })] } : {};
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
    }) as typeof fetch;
    renderWithApi(<BooksSection />);
    const row = (await screen.findAllByRole('row')).find((one) => one.textContent?.includes('Proveedor 5'))!;
    expect(row).toHaveTextContent('Q25.50');
    expect(row).toHaveTextContent('Comisión bancaria');
    expect(screen.getByRole('option', { name: 'Comisión bancaria (sin factura)' })).toBeInTheDocument();
    // Income is not a kind of expense: it has its own form, interest among its categories.
    expect(screen.queryByRole('option', { name: /Intereses del banco/ })).not.toBeInTheDocument();
    const income = screen.getByRole('form', { name: 'Registrar otro ingreso' });
    expect(income.querySelector('datalist option[value="Intereses"]')).not.toBeNull();
  });

  it('shows other income as a figure of its own, and its categories', async () => {
    const withIncome = {
      ...BOOKS,
      totals: { ...BOOKS.totals, otherIncome: 1203.12, balance: BOOKS.totals.balance + 1203.12 },
      income: [
        { category: 'Rifa', amount: 1200 },
        { category: 'Intereses', amount: 3.12 },
      ],
    };
    global.fetch = jest.fn(async (url: string) => {
      const body = url === '/api/books' ? withIncome : url === '/api/user' ? { id: 7, name: 'Tesorera', role: 'admin' } : { count: 0 };
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
    }) as typeof fetch;
    renderWithApi(<BooksSection />);
    const figure = (await screen.findByText('Otros ingresos')).closest('.admin-stat');
    expect(figure).toHaveTextContent('Q1,203.12');
    const byCategory = screen.getByLabelText('Otros ingresos por categoría');
    expect(byCategory).toHaveTextContent('RifaQ1,200');
    expect(byCategory).toHaveTextContent('InteresesQ3.12');
  });

  it("shows the previous class's balance first when it passed one on", async () => {
    const passedOn = { ...BOOKS, totals: { ...BOOKS.totals, opening: 4637.5, balance: BOOKS.totals.balance + 4637.5 } };
    global.fetch = jest.fn(async (url: string) => {
      const body = url === '/api/books' ? passedOn : url === '/api/user' ? { id: 7, name: 'Tesorera', role: 'admin' } : { count: 0 };
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
    }) as typeof fetch;
    renderWithApi(<BooksSection />);
    const figures = await screen.findAllByText(/^(Saldo de la promoción anterior|Recibido de las familias)$/);
    expect(figures.map((figure) => figure.textContent)).toEqual(['Saldo de la promoción anterior', 'Recibido de las familias']);
    expect(figures[0]!.closest('.admin-stat')).toHaveTextContent('Q4,637.50');
  });
});
