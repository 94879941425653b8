import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, ClassView, ReadableClass, SchoolClass, User } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { Route, Routes } from '@portal/ui/router';
import { toast } from '@portal/ui/toast';
import { useMyClasses } from '@portal/api-client/my-classes';
import ClosingSection from './ClosingSection';

/** Says when the class switch's list has arrived: what the section's offer depends on. */
function ClassesArrived() {
  const { data } = useMyClasses(true);
  return data ? <p>Lista de promociones recibida</p> : null;
}

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const me: User = { id: 7, name: 'Ana López', username: 'ana', email: 'ana@example.com', role: 'admin', emailVerified: true };
const account = (id: number, name: string, extra: Partial<Account> = {}): Account => ({
  ...me,
  id,
  name,
  username: name.toLowerCase().replace(/\s/g, '.'),
  disabled: false,
  createdAt: '2025-08-01T15:00:00.000Z',
  family: null,
  ...extra,
});
const ACCOUNTS: Account[] = [
  account(7, 'Ana López'),
  account(8, 'Bruno Díaz'),
  account(9, 'Carla Ruiz', { disabled: true }),
  account(10, 'Luis Pérez', { role: 'parent', family: { id: 3, graduateName: 'Sofía Pérez' } }),
];

const class2026 = (state: SchoolClass['state']): SchoolClass => ({
  id: 1,
  year: 2026,
  name: 'Promoción 2026',
  state,
  openedAt: '2025-08-01T15:00:00.000Z',
  closedAt: state === 'cerrada' ? '2026-11-27T18:00:00.000Z' : null,
  familiesReadUntil: state === 'cerrada' ? '2027-03-31' : null,
});

const closedView: ClassView = {
  schoolClass: class2026('cerrada'),
  checklist: [],
  balance: 0,
  closings: [],
  adminCount: 2,
  report: {
    className: 'Promoción 2026',
    closedAt: '2026-11-27T18:00:00.000Z',
    approvedBy: 'Bruno Díaz',
    proposedBy: 'Ana López',
    destination: 'colegio',
    acta: 'Acta 14-2026',
    totals: { received: 59000, opening: 0, otherIncome: 0, spent: 59000, passedOn: 0, balance: 0, budgeted: 0, committed: 0 },
    categories: [],
    budget: null,
    expenses: [],
    receivedByMonth: [],
    held: { bank: 0, cash: null, difference: 0 },
    balanceGiven: 1200,
    sha256: 'ab'.repeat(32),
    shares: [],
  },
};

const readable = (viewingCurrent: boolean): ReadableClass[] =>
  viewingCurrent
    ? [{ id: 1, year: 2026, name: 'Promoción 2026', state: 'cerrada', current: true, viewing: true, familiesReadUntil: '2027-03-31' }]
    : [
        { id: 2, year: 2027, name: 'Promoción 2027', state: 'activa', current: true, viewing: false, familiesReadUntil: null },
        { id: 1, year: 2026, name: 'Promoción 2026', state: 'cerrada', current: false, viewing: true, familiesReadUntil: '2027-03-31' },
      ];

/** What `fetch` resolves to, as far as the request function reads it (jsdom has no Response). */
const answer = (status: number, body?: unknown) => ({
  ok: status < 400,
  status,
  statusText: '',
  text: async () => (body === undefined ? '' : JSON.stringify(body)),
});

function serve({ view = closedView, viewingCurrent = true, opened = { status: 201, body: {} as unknown } } = {}) {
  const posted: unknown[] = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST' && url === '/api/classes') {
      posted.push(JSON.parse(String(init.body)));
      return answer(opened.status, opened.body);
    }
    if (url === '/api/class') return answer(200, view);
    if (url === '/api/my-classes') return answer(200, readable(viewingCurrent));
    if (url === '/api/accounts') return answer(200, ACCOUNTS);
    if (url === '/api/families') return answer(200, []);
    return answer(200, {});
  }) as unknown as typeof fetch;
  return posted;
}

function renderSection() {
  renderWithApi(
    <Routes>
      <Route
        path="/admin/cierre"
        element={
          <>
            <ClosingSection />
            <ClassesArrived />
          </>
        }
      />
      <Route path="/admin/familias" element={<p>Gestión de Familias</p>} />
    </Routes>,
    { route: '/admin/cierre', data: { '/api/user': me } },
  );
  return userEvent.setup();
}

beforeEach(() => jest.mocked(toast).mockClear());

describe("'Nueva promoción'", () => {
  it('proposes the next year and its name, which follows the year until it is written', async () => {
    serve();
    const user = renderSection();
    const card = await screen.findByTestId('new-class');
    expect(
      within(card).getByText(
        'Se archiva la Promoción 2026 con sus datos: queda de solo lectura para su comité y, hasta el 31/03/2027, para sus familias. La nueva promoción empieza con la configuración, el calendario de pagos y los eventos un año después, y las categorías del presupuesto; sin familias ni dinero.',
      ),
    ).toBeInTheDocument();
    const year = within(card).getByLabelText('Año');
    const name = within(card).getByLabelText('Nombre');
    expect(year).toHaveValue(2027);
    expect(name).toHaveValue('Promoción 2027');
    expect(within(card).getByRole('button', { name: 'Abrir la Promoción 2027' })).toBeInTheDocument();

    await user.clear(year);
    await user.type(year, '2028');
    expect(name).toHaveValue('Promoción 2028');
    expect(within(card).getByRole('button', { name: 'Abrir la Promoción 2028' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Promoción 2028 · Sección B');
    await user.clear(year);
    await user.type(year, '2029');
    expect(name).toHaveValue('Promoción 2028 · Sección B');
  });

  it('lists the admin accounts that can sign in, the signed-in one checked for good', async () => {
    serve();
    renderSection();
    const card = await screen.findByTestId('new-class');
    const own = await within(card).findByRole('checkbox', { name: 'Ana López (tú)' });
    expect(own).toBeChecked();
    expect(own).toBeDisabled();
    const other = within(card).getByRole('checkbox', { name: 'Bruno Díaz' });
    expect(other).not.toBeChecked();
    expect(other).toBeEnabled();
    // A disabled admin account and a parent's account form no committee.
    expect(within(card).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('opens the class with the committee chosen, then goes to the families to import the school list', async () => {
    const posted = serve({ opened: { status: 201, body: { ...class2026('activa'), id: 2, year: 2027, name: 'Promoción 2027' } } });
    const user = renderSection();
    const card = await screen.findByTestId('new-class');
    await user.click(await within(card).findByRole('checkbox', { name: 'Bruno Díaz' }));
    await user.click(within(card).getByRole('button', { name: 'Abrir la Promoción 2027' }));
    expect(await screen.findByText('Gestión de Familias')).toBeInTheDocument();
    expect(posted).toEqual([{ year: 2027, name: 'Promoción 2027', adminIds: [7, 8] }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Promoción 2027 abierta', description: 'Ahora importa la lista de familias del colegio.' });
  });

  it("shows the API's refusal in a destructive toast and changes nothing", async () => {
    const message = 'La Promoción 2026 todavía no está cerrada.';
    const posted = serve({ opened: { status: 409, body: { statusCode: 409, message } } });
    const user = renderSection();
    const card = await screen.findByTestId('new-class');
    await user.click(await within(card).findByRole('checkbox', { name: 'Bruno Díaz' }));
    await user.click(within(card).getByRole('button', { name: 'Abrir la Promoción 2027' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'No se pudo abrir la nueva promoción', description: message, variant: 'destructive' }),
    );
    expect(posted).toHaveLength(1);
    expect(screen.queryByText('Gestión de Familias')).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Año')).toHaveValue(2027);
    expect(within(card).getByRole('checkbox', { name: 'Bruno Díaz' })).toBeChecked();
  });

  it('is not offered while the browser reads an archived class', async () => {
    serve({ viewingCurrent: false });
    renderSection();
    await screen.findByTestId('closing-report');
    await screen.findByText('Lista de promociones recibida');
    expect(screen.queryByTestId('new-class')).not.toBeInTheDocument();
  });

  it('is not offered while the class is still active', async () => {
    serve({ view: { ...closedView, schoolClass: class2026('activa'), report: null } });
    renderSection();
    await screen.findByText('Lista de cierre');
    await screen.findByText('Lista de promociones recibida');
    expect(screen.queryByTestId('new-class')).not.toBeInTheDocument();
  });
});
