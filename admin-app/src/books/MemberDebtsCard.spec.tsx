import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberDebt } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { books } from './books-fixture';
import BooksSection from './BooksSection';

const debt = (advanceId: number, fields: Partial<MemberDebt> = {}): MemberDebt => ({
  advanceId,
  member: 'Ana López',
  date: '2026-11-03',
  category: 'Decoración',
  supplier: 'Floristería El Jardín',
  concept: 'Arreglos florales del acto',
  amount: 450,
  owed: 450,
  reimbursedBy: [],
  ...fields,
});

const BOOKS = books({
  totals: { ...books().totals, spent: 450, balance: 550, owedToMembers: 450 },
  memberDebts: [
    debt(12, { member: 'Ana López' }),
    debt(7, { member: 'Carlos Pérez', supplier: 'Sonido Total', owed: 0, reimbursedBy: [8] }),
  ],
});

let forms: FormData[] = [];
let requests: string[] = [];
beforeEach(() => {
  forms = [];
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url} ${typeof init?.body === 'string' ? init.body : ''}`.trim());
    if (init?.body instanceof FormData) forms.push(init.body);
    const body = url === '/api/books/expenses' ? { id: 13, state: 'aprobado' } : url.startsWith('/api/books') ? BOOKS : { count: 0 };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("members' advances", () => {
  it('lists what is owed to each member and since when, apart in the totals', async () => {
    renderWithApi(<BooksSection />);
    const card = await screen.findByRole('region', { name: 'Por reembolsar a miembros' });
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Por reembolsar a Ana López Q450');
    expect(items[0]).toHaveTextContent('Gasto #12 · Decoración · Floristería El Jardín');
    expect(items[0]).toHaveTextContent('desde el 03/11/2026');
    expect(card).toHaveTextContent('Por reembolsar: Q450');
    expect(card).not.toHaveTextContent('Carlos Pérez');
    expect(screen.getByText('Por reembolsar a miembros', { selector: '.admin-stat__label' })).toBeInTheDocument();
  });

  it('pays a member back from the account chosen, what is owed by default', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    const card = await screen.findByRole('region', { name: 'Por reembolsar a miembros' });
    await user.click(within(card).getByRole('button', { name: 'Reembolsar' }));
    const form = within(card).getByRole('form', { name: 'Reembolso a Ana López' });
    expect(within(form).getByLabelText('Monto (Q)')).toHaveValue('450');
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-11-10' } });
    await user.selectOptions(within(form).getByLabelText('Sale de la cuenta'), '1');
    await user.click(within(form).getByRole('button', { name: 'Registrar reembolso' }));
    await waitFor(() =>
      expect(requests).toContain('POST /api/books/reimbursements {"date":"2026-11-10","advanceId":12,"accountId":1,"amount":450}'),
    );
  });

  it('records an expense a member paid with the member, and no account', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    const form = await screen.findByRole('form', { name: 'Registrar gasto' });
    expect(within(form).getByLabelText('Cuenta')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Forma de pago'), 'miembro');
    expect(within(form).queryByLabelText('Cuenta')).toBeNull();
    await user.type(within(form).getByLabelText('Categoría'), 'Decoración');
    await user.type(within(form).getByLabelText('Proveedor'), 'Floristería El Jardín');
    await user.type(within(form).getByLabelText('Concepto'), 'Arreglos florales');
    await user.type(within(form).getByLabelText('Monto (Q)'), '450');
    await user.type(within(form).getByLabelText('Miembro que pagó'), 'Ana López');
    await user.click(within(form).getByRole('button', { name: 'Registrar gasto' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    const sent = Object.fromEntries(forms[0]!.entries());
    expect(sent).toMatchObject({ method: 'miembro', paidBy: 'Ana López', amount: '450' });
    expect(sent).not.toHaveProperty('accountId');
  });
});
