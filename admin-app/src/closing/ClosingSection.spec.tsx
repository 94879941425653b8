import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassView, ReadableClass, SchoolClass, User } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { Route, Routes } from '@portal/ui/router';
import { useMyClasses } from '@portal/api-client/my-classes';
import ClosingSection from './ClosingSection';

/** Says when the class switch's list has arrived: what the section's offer depends on. */
function ClassesArrived() {
  const { data } = useMyClasses(true);
  return data ? <p>Lista de promociones recibida</p> : null;
}

const me: User = { id: 7, name: 'Ana López', username: 'ana', email: 'ana@example.com', role: 'admin', emailVerified: true };
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
    totals: {
      received: 59000,
      opening: 0,
      otherIncome: 0,
      spent: 59000,
      passedOn: 0,
      balance: 0,
      budgeted: 0,
      committed: 0,
      owedToMembers: 0,
    },
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

function serve({ view = closedView, viewingCurrent = true } = {}) {
  global.fetch = jest.fn(async (url: string) => {
    if (url === '/api/class') return answer(200, view);
    if (url === '/api/my-classes') return answer(200, readable(viewingCurrent));
    if (url === '/api/families') return answer(200, []);
    return answer(200, {});
  }) as unknown as typeof fetch;
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
    </Routes>,
    { route: '/admin/cierre', data: { '/api/user': me } },
  );
  return userEvent.setup();
}

beforeEach(() => localStorage.clear());

describe("'Nueva promoción'", () => {
  it('proposes the next year and its name, which follows the year until it is written', async () => {
    serve();
    const user = renderSection();
    const card = await screen.findByTestId('new-class');
    expect(
      within(card).getByText(
        'Se archiva la Promoción 2026 con sus datos: queda de solo lectura para su comité y, hasta el 31/03/2027, para sus familias. La nueva promoción empieza con la configuración, el calendario de pagos y eventos que confirmes aquí, las categorías del presupuesto y las cuentas del comité, cada una con lo que se le pasó al cerrar; sus familias llegan de la lista del colegio.',
      ),
    ).toBeInTheDocument();
    const year = within(card).getByLabelText('Año');
    const name = within(card).getByLabelText('Nombre');
    expect(year).toHaveValue(2027);
    expect(name).toHaveValue('Promoción 2027');
    // The other steps follow (NewClassCard.spec.tsx).
    expect(within(card).getByRole('button', { name: 'Continuar' })).toBeEnabled();

    await user.clear(year);
    await user.type(year, '2028');
    expect(name).toHaveValue('Promoción 2028');

    await user.clear(name);
    await user.type(name, 'Promoción 2028 · Sección B');
    await user.clear(year);
    await user.type(year, '2029');
    expect(name).toHaveValue('Promoción 2028 · Sección B');
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
