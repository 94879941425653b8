import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountMovements, Books, MoneyAccount } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { AccountsCard } from './AccountsCard';

const account = (id: number, fields: Partial<MoneyAccount>): MoneyAccount => ({
  id,
  kind: 'banco',
  name: 'Cuenta',
  bankName: null,
  accountNumber: null,
  accountHolder: null,
  accountType: null,
  main: false,
  balance: 0,
  passedOn: 0,
  reconciliation: null,
  ...fields,
});

const ACCOUNTS = [
  account(1, {
    name: 'Cuenta para depósitos',
    bankName: 'Banco Industrial',
    accountNumber: '000-000000-0',
    accountHolder: 'Comité',
    accountType: 'monetaria',
    main: true,
    balance: 3774.5,
    reconciliation: { holdingId: 3, asOf: '2026-11-30', held: 3774.5, books: 3774.5, difference: 0, by: 'Tesorera', at: '' },
  }),
  account(2, { kind: 'caja', name: 'Caja', balance: 2799.5 }),
  account(3, {
    name: 'Ahorro',
    bankName: 'Banrural',
    accountNumber: '445-566778-8',
    accountHolder: 'Comité',
    accountType: 'ahorro',
    balance: 1749.87,
    reconciliation: { holdingId: 4, asOf: '2026-11-30', held: 1800, books: 1749.87, difference: 50.13, by: 'Tesorera', at: '' },
  }),
];

const BOOKS = {
  totals: { received: 0, opening: 0, otherIncome: 0, spent: 0, passedOn: 0, balance: 8323.87, budgeted: 0, committed: 0, owedToMembers: 0 },
  accounts: ACCOUNTS,
  transfers: [
    {
      id: 9,
      date: '2026-11-05',
      fromAccountId: 2,
      toAccountId: 1,
      amount: 2799.5,
      note: 'Efectivo de la reunión',
      createdBy: 'Tesorera',
      createdAt: '',
      reverses: null,
      reversal: null,
    },
  ],
} as unknown as Books;

const MOVEMENTS: AccountMovements = {
  account: ACCOUNTS[1]!,
  movements: [
    { what: 'Pago de la familia de Sofía López', date: '2026-11-02', amount: 2950, balance: 2950, source: 'credito', id: 1 },
    { what: 'Traspaso a Cuenta para depósitos', date: '2026-11-05', amount: -150.5, balance: 2799.5, source: 'libros', id: 9 },
  ],
};

let requests: string[] = [];
beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url} ${typeof init?.body === 'string' ? init.body : ''}`.trim());
    const body = url.endsWith('/movements') ? MOVEMENTS : BOOKS;
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("the class's accounts", () => {
  it('shows each account with its balance and its reconciliation to the centavo, the main one not editable here', () => {
    renderWithApi(<AccountsCard books={BOOKS} />);
    const list = screen.getByRole('list', { name: 'Cuentas y saldos' });
    const [main, cash, savings, total] = within(list).getAllByRole('listitem');
    expect(main).toHaveTextContent('Cuenta para depósitos La ven las familias');
    expect(main).toHaveTextContent('Monetaria · Banco Industrial · 000-000000-0 · Comité');
    expect(main).toHaveTextContent('Conciliada al 30/11/2026');
    expect(main).toHaveTextContent('Diferencia Q0.00');
    expect(main).toHaveTextContent('Q3,774.50');
    expect(within(main!).queryByRole('button', { name: 'Cambiar' })).toBeNull();
    expect(main).toHaveTextContent('Se cambia en Configuración');
    expect(cash).toHaveTextContent('Efectivo en caja');
    expect(cash).toHaveTextContent('Sin conciliar');
    expect(savings).toHaveTextContent('Al 30/11/2026: diferencia Q50.13');
    expect(total).toHaveTextContent('Todas las cuentasQ8,323.87');
  });

  it("opens an account's movements with the balance after each", async () => {
    const user = userEvent.setup();
    renderWithApi(<AccountsCard books={BOOKS} />);
    const cash = within(screen.getByRole('list', { name: 'Cuentas y saldos' })).getAllByRole('listitem')[1]!;
    await user.click(within(cash).getByRole('button', { name: 'Movimientos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Movimientos de Caja' });
    expect(await within(dialog).findByText('Traspaso a Cuenta para depósitos')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('row')[1]).toHaveTextContent('05/11/2026Traspaso a Cuenta para depósitos-Q150.50Q2,799.50');
    expect(requests).toContain('GET /api/books/accounts/2/movements');
  });

  it('records a transfer from the cash box into the bank, and reverses one with its reason', async () => {
    const user = userEvent.setup();
    renderWithApi(<AccountsCard books={BOOKS} />);
    const form = screen.getByRole('form', { name: 'Traspasos entre cuentas' });
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-11-05' } });
    await user.type(within(form).getByLabelText('Monto (Q)'), '2799.50');
    await user.type(within(form).getByLabelText('Nota'), 'Efectivo de la reunión');
    await user.click(within(form).getByRole('button', { name: 'Registrar traspaso' }));
    await waitFor(() =>
      expect(requests).toContain(
        'POST /api/books/transfers {"date":"2026-11-05","fromAccountId":2,"toAccountId":1,"amount":2799.5,"note":"Efectivo de la reunión"}',
      ),
    );
    const row = screen.getAllByRole('row').find((one) => one.textContent?.includes('Caja → Cuenta para depósitos'))!;
    await user.click(within(row).getByRole('button', { name: 'Revertir' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Se depositó otro día');
    await user.click(within(dialog).getByRole('button', { name: 'Revertir' }));
    await waitFor(() => expect(requests).toContain('POST /api/books/expenses/9/reverse {"reason":"Se depositó otro día"}'));
  });

  it('adds a savings account and renames the cash box', async () => {
    const user = userEvent.setup();
    renderWithApi(<AccountsCard books={BOOKS} />);
    await user.click(screen.getByText('Agregar cuenta de banco', { selector: 'summary' }));
    const form = screen.getByRole('form', { name: 'Agregar cuenta de banco' });
    await user.type(within(form).getByLabelText('Nombre'), 'Ahorro 2');
    await user.type(within(form).getByLabelText('Banco'), 'BAM');
    await user.type(within(form).getByLabelText('Número de cuenta'), '30-1234567-8');
    await user.type(within(form).getByLabelText('A nombre de'), 'Comité');
    await user.click(within(form).getByRole('button', { name: 'Agregar cuenta de banco' }));
    await waitFor(() =>
      expect(requests).toContain(
        'POST /api/books/accounts {"name":"Ahorro 2","bankName":"BAM","accountNumber":"30-1234567-8","accountHolder":"Comité","accountType":"ahorro"}',
      ),
    );
    const cash = within(screen.getByRole('list', { name: 'Cuentas y saldos' })).getAllByRole('listitem')[1]!;
    await user.click(within(cash).getByRole('button', { name: 'Cambiar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar la cuenta «Caja»' });
    expect(within(dialog).queryByLabelText('Banco')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Nombre'));
    await user.type(within(dialog).getByLabelText('Nombre'), 'Caja chica');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests).toContain('PUT /api/books/accounts/2 {"name":"Caja chica"}'));
  });
});
