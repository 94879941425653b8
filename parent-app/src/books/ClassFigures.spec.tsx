import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParentBooks } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { useParentSections } from '../sections';
import BooksSection from './BooksSection';

const BOOKS: ParentBooks = {
  totals: {
    received: 20000,
    opening: 0,
    otherIncome: 0,
    spent: 4500,
    passedOn: 0,
    balance: 15500,
    budgeted: 90000,
    committed: 38500,
    owedToMembers: 0,
  },
  income: [],
  categories: [],
  budget: null,
  expenses: [],
  questions: [],
  lastSeenAt: null,
  approvalThreshold: 1000,
  approvalRequired: true,
  commitments: [
    {
      id: 9,
      date: '2026-10-01',
      dueDate: '2026-11-20',
      category: 'Salón',
      supplier: 'Salones El Prado',
      concept: 'Saldo del salón',
      amount: 40000,
      outstanding: 38500,
      paidBy: [10],
      createdBy: 'Tesorera',
    },
  ],
  collection: { collected: 20000, expected: 80000, familiesUpToDate: 12, families: 40, unpricedPayments: 0 },
};

let unseenAnswers = 2;
let requests: string[] = [];
let classState = 'activa';
let collection = BOOKS.collection;
let books: ParentBooks = BOOKS;
beforeEach(() => {
  requests = [];
  collection = BOOKS.collection;
  books = BOOKS;
  unseenAnswers = 2;
  classState = 'activa';
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    const body =
      url === '/api/my-books/answers'
        ? { unseenAnswers }
        : url === '/api/my-books/seen'
          ? ((unseenAnswers = 0), { lastSeenAt: '2026-10-07T00:00:00.000Z' })
          : url === '/api/my-notices-seen'
            ? { seenAt: null, unseen: [] }
            : url === '/api/my-class'
              ? {
                  schoolClass: {
                    id: 1,
                    year: 2026,
                    name: 'Promoción 2026',
                    state: classState,
                    openedAt: '2026-01-10T00:00:00.000Z',
                    closedAt: classState === 'cerrada' ? '2026-11-27T00:00:00.000Z' : null,
                    familiesReadUntil: classState === 'cerrada' ? '2027-03-31' : null,
                  },
                  report: null,
                }
              : { ...books, collection };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("the class's figures on 'Cuentas del comité'", () => {
  it('shows collected against expected, the families up to date and the commitments apart from money out', async () => {
    renderWithApi(<BooksSection />);
    const collection = await screen.findByRole('region', { name: 'Lo que falta por cobrar' });
    expect(within(collection).getByText('Q20,000 de Q80,000')).toBeInTheDocument();
    expect(within(collection).getByText('Faltan Q60,000 por cobrar.')).toBeInTheDocument();
    expect(within(collection).getByRole('img', { name: 'Cobrado: Q20,000 de Q80,000 (25 %)' })).toBeInTheDocument();
    expect(within(collection).getByText('12 de 40 familias están al día con sus pagos.')).toBeInTheDocument();
    const commitments = screen.getByRole('region', { name: 'Compromisos del comité' });
    expect(commitments).toHaveTextContent('Salones El Prado');
    expect(commitments).toHaveTextContent('Saldo del salón');
    expect(commitments).toHaveTextContent('Q38,500 por pagar de Q40,000');
    expect(commitments).toHaveTextContent('Vence el 20/11/2026');
    expect(commitments).toHaveTextContent('Comprometido: Q38,500 (aún no es gasto)');
  });

  it('never says nothing is left to collect while payments have no amount', async () => {
    collection = { collected: 63500, expected: 63500, familiesUpToDate: 10, families: 10, unpricedPayments: 4 };
    renderWithApi(<BooksSection />);
    const region = await screen.findByRole('region', { name: 'Lo que falta por cobrar' });
    expect(within(region).getByText('Por ahora no falta nada por cobrar: 4 pagos aún tienen el monto por definir.')).toBeInTheDocument();
    expect(within(region).getByText('10 de 10 familias están al día por ahora con sus pagos.')).toBeInTheDocument();
    expect(region).not.toHaveTextContent('No falta nada por cobrar.');
  });

  it('shows other income as money in of its own: a figure, its categories, and a row that reads as what came in', async () => {
    books = {
      ...BOOKS,
      totals: { ...BOOKS.totals, otherIncome: 1203.12, balance: 16703.12 },
      income: [
        { category: 'Rifa', amount: 1200 },
        { category: 'Intereses', amount: 3.12 },
      ],
      expenses: [
        {
          id: 4,
          kind: 'ingreso',
          date: '2026-10-12',
          category: 'Rifa',
          supplier: 'Rifa de la canasta navideña',
          concept: '400 números a Q3',
          amount: -1200,
          method: 'transferencia',
          nit: null,
          felSeries: null,
          felNumber: null,
          felUuid: null,
          hasInvoice: false,
          invoiceType: null,
          state: 'aprobado',
          createdBy: 'Tesorera',
          createdAt: '2026-10-12T15:00:00.000Z',
          approvedBy: null,
          approvedAt: '2026-10-12T15:00:00.000Z',
          reverses: null,
          reversal: null,
          message: null,
        },
      ],
    };
    renderWithApi(<BooksSection />);
    const income = await screen.findByRole('region', { name: 'Otros ingresos' });
    expect(income).toHaveTextContent('RifaQ1,200');
    expect(income).toHaveTextContent('InteresesQ3.12');
    expect(screen.getAllByText('Otros ingresos')[0]!.closest('.books-total')).toHaveTextContent('Q1,203.12');
    const row = document.querySelector('[data-expense="4"]')!;
    expect(row).toHaveTextContent('+Q1,200');
    expect(row).toHaveTextContent('Otro ingreso: 400 números a Q3');
  });

  it('once the class is closed, shows what was collected and no longer what is left to collect', async () => {
    classState = 'cerrada';
    renderWithApi(<BooksSection />);
    const collection = await screen.findByRole('region', { name: 'Lo cobrado' });
    expect(within(collection).getByText('Q20,000 de Q80,000')).toBeInTheDocument();
    expect(within(collection).getByText('La Promoción 2026 cerró: ya no se cobra lo que faltó.')).toBeInTheDocument();
    expect(within(collection).queryByText(/por cobrar/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Lo que falta por cobrar' })).toBeNull();
  });
});

describe("the count on 'Cuentas'", () => {
  function Menu() {
    const [open, setOpen] = useState(false);
    const badge = useParentSections().find((section) => section.path === 'cuentas')?.badge;
    return (
      <>
        <span data-testid="badge">{badge ? `${badge.count} · ${badge.label}` : 'ninguna'}</span>
        <button onClick={() => setOpen(true)}>Abrir Cuentas</button>
        {open && <BooksSection />}
      </>
    );
  }

  it('counts the answers not seen, until the parent opens Cuentas', async () => {
    const user = userEvent.setup();
    renderWithApi(<Menu />);
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('2 · 2 respuestas nuevas'));
    await act(() => user.click(screen.getByRole('button', { name: 'Abrir Cuentas' })));
    await waitFor(() => expect(requests).toContain('PUT /api/my-books/seen'));
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('ninguna'));
  });
});
