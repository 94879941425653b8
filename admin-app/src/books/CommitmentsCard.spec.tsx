import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Commitment } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { books } from './books-fixture';
import BooksSection from './BooksSection';

const commitment = (id: number, fields: Partial<Commitment> = {}): Commitment => ({
  id,
  date: '2026-10-01',
  dueDate: '2026-11-20',
  category: 'Salón',
  supplier: 'Salones El Prado',
  concept: 'Saldo del salón',
  amount: 38500,
  outstanding: 38500,
  paidBy: [],
  createdBy: 'Tesorera',
  ...fields,
});

const BOOKS = books({
  totals: { ...books().totals, committed: 38500 },
  commitments: [commitment(9), commitment(4, { supplier: 'Música Viva', outstanding: 0, paidBy: [5] })],
});

let forms: FormData[] = [];
let requests: string[] = [];
beforeEach(() => {
  forms = [];
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url} ${typeof init?.body === 'string' ? init.body : ''}`.trim());
    if (init?.body instanceof FormData) forms.push(init.body);
    const body = url === '/api/books' ? BOOKS : url === '/api/books/expenses' ? { id: 12, state: 'aprobado' } : { count: 0 };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("the committee's commitments", () => {
  it('lists what is still owed apart from what is paid', async () => {
    renderWithApi(<BooksSection />);
    const card = await screen.findByRole('region', { name: 'Compromisos' });
    const rows = within(card).getAllByRole('row');
    const open = rows.find((row) => row.textContent?.includes('Salones El Prado'))!;
    const paid = rows.find((row) => row.textContent?.includes('Música Viva'))!;
    expect(open).toHaveTextContent('20/11/2026');
    expect(open).toHaveTextContent('Q38,500');
    expect(open).toHaveTextContent('Por pagar');
    expect(paid).toHaveTextContent('Pagado (gasto #5)');
    expect(card).toHaveTextContent('Comprometido: Q38,500');
  });

  it('voids a commitment recorded by mistake, with its reason, while nothing of it is paid', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    const card = await screen.findByRole('region', { name: 'Compromisos' });
    const rows = within(card).getAllByRole('row');
    const paid = rows.find((row) => row.textContent?.includes('Música Viva'))!;
    expect(within(paid).queryByRole('button', { name: 'Anular' })).toBeNull();
    const open = rows.find((row) => row.textContent?.includes('Salones El Prado'))!;
    await user.click(within(open).getByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Se registró dos veces');
    await user.click(within(dialog).getByRole('button', { name: 'Anular' }));
    await waitFor(() => expect(requests).toContain('POST /api/books/expenses/9/reverse {"reason":"Se registró dos veces"}'));
  });

  it('records a commitment with its due date, and money out that pays one', async () => {
    const user = userEvent.setup();
    renderWithApi(<BooksSection />);
    const form = await screen.findByRole('form', { name: 'Registrar gasto' });
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'compromiso');
    fireEvent.change(within(form).getByLabelText('Vence el'), { target: { value: '2026-11-20' } });
    await user.type(within(form).getByLabelText('Categoría'), 'Salón');
    await user.type(within(form).getByLabelText('Proveedor'), 'Salones El Prado');
    await user.type(within(form).getByLabelText('Concepto'), 'Saldo del salón');
    await user.type(within(form).getByLabelText('Monto (Q)'), '38500');
    await user.click(within(form).getByRole('button', { name: 'Registrar gasto' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(Object.fromEntries(forms[0]!.entries())).toMatchObject({ kind: 'compromiso', dueDate: '2026-11-20', amount: '38500' });

    const again = await screen.findByRole('form', { name: 'Registrar gasto' });
    await user.selectOptions(within(again).getByLabelText('Paga el compromiso'), '9');
    expect(within(again).getByLabelText('Proveedor')).toHaveValue('Salones El Prado');
    expect(within(again).getByLabelText('Monto (Q)')).toHaveValue('38500');
    expect(within(again).queryByRole('option', { name: /Música Viva/ })).toBeNull();
  });
});
