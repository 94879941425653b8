import { renderWithApi } from '@portal/test-utils/render';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReadableClass, User } from '@portal/contracts';
import { Toaster } from '@portal/ui/toast';
import { useMyClasses } from '@portal/api-client/my-classes';
import { ArchivedClassBanner } from './ClassSwitch';

/** Says when the list of classes has arrived: what the switch and the banner depend on. */
function ClassesArrived() {
  const { data } = useMyClasses(true);
  return data ? <p>Lista de promociones recibida</p> : null;
}
import { NavBar } from './NavBar';
import { reloadAt } from './reload';

jest.mock('./reload', () => ({ reloadAt: jest.fn() }));

const admin: User = { id: 7, name: 'Ana López', username: 'ana', email: 'ana@example.com', role: 'admin', emailVerified: true };
const parent: User = { ...admin, id: 9, name: 'Luis Pérez', username: 'luis', role: 'parent' };

const promocion = (year: number, extra: Partial<ReadableClass>): ReadableClass => ({
  id: year - 2025,
  year,
  name: `Promoción ${year}`,
  state: 'activa',
  current: false,
  viewing: false,
  familiesReadUntil: null,
  ...extra,
});
const current2027 = promocion(2027, { current: true });
const closed2026 = promocion(2026, { state: 'cerrada', familiesReadUntil: '2027-03-31' });

/** What `fetch` resolves to, as far as the request function reads it (jsdom has no Response). */
const answer = (status: number, body?: unknown) => ({
  ok: status < 400,
  status,
  statusText: '',
  text: async () => (body === undefined ? '' : JSON.stringify(body)),
});

function serve(classes: ReadableClass[], put: { status: number; body?: unknown } = { status: 204 }) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ method, url, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
    if (method === 'PUT') return answer(put.status, put.body);
    return url === '/api/my-classes' ? answer(200, classes) : answer(404, { statusCode: 404, message: 'No encontrado' });
  }) as unknown as typeof fetch;
  return requests;
}

function renderShell(user: User | null, { probe = false } = {}) {
  renderWithApi(
    <>
      <NavBar />
      <ArchivedClassBanner user={user} />
      <Toaster />
      {probe && <ClassesArrived />}
    </>,
    { data: { '/api/user': user } },
  );
  return userEvent.setup();
}

beforeEach(() => jest.mocked(reloadAt).mockClear());

describe("the class switch ('Promoción')", () => {
  it('is not shown when the account reads one class', async () => {
    serve([promocion(2026, { current: true, viewing: true })]);
    renderShell(admin, { probe: true });
    await screen.findByText('Lista de promociones recibida');
    expect(screen.queryByLabelText('Promoción')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks nothing before someone signs in', async () => {
    const requests = serve([current2027, closed2026]);
    renderShell(null);
    // A request would start while the first render's effects run, inside render itself.
    expect(requests).toEqual([]);
    expect(screen.queryByLabelText('Promoción')).not.toBeInTheDocument();
  });

  it('lists both classes by year, and changes class then reloads at the role home', async () => {
    const requests = serve([{ ...current2027, viewing: true }, closed2026]);
    const user = renderShell(admin);
    const select = await screen.findByLabelText('Promoción');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2027', '2026']);
    expect(select).toHaveValue('2');
    // Viewing the current class: no banner.
    expect(screen.queryByText(/solo lectura/)).not.toBeInTheDocument();

    await user.selectOptions(select, '2026');
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/admin'));
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/my-classes/viewing', body: { classId: 1 } },
    ]);
  });

  it("shows the API's refusal and stays on the class shown", async () => {
    serve([{ ...current2027, viewing: true }, closed2026], {
      status: 403,
      body: { statusCode: 403, message: 'El acceso de las familias a la Promoción 2026 terminó el 31/03/2027.' },
    });
    const user = renderShell(parent);
    const select = await screen.findByLabelText('Promoción');
    await user.selectOptions(select, '2026');
    expect(await screen.findByText('El acceso de las familias a la Promoción 2026 terminó el 31/03/2027.')).toBeInTheDocument();
    expect(screen.getByText('No se pudo cambiar de promoción')).toBeInTheDocument();
    expect(select).toHaveValue('2');
    expect(reloadAt).not.toHaveBeenCalled();
  });
});

describe('the archived class banner', () => {
  it('says the class shown is closed and read-only, and goes back to the current class', async () => {
    const requests = serve([current2027, { ...closed2026, viewing: true }]);
    const user = renderShell(parent);
    expect(await screen.findByText('Estás viendo la Promoción 2026, cerrada: solo lectura.')).toBeInTheDocument();
    expect(screen.getByLabelText('Promoción')).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Volver a la Promoción 2027' }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/parent'));
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/my-classes/viewing', body: { classId: 2 } },
    ]);
  });
});
