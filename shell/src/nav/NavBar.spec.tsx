import { act, screen } from '@testing-library/react';
import type { User } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { NavBar } from './NavBar';

const admin: User = { id: 7, name: 'Ana López', username: 'ana', email: 'ana@example.com', role: 'admin', emailVerified: true };

const answer = (status: number, body?: unknown) => ({
  ok: status < 400,
  status,
  statusText: '',
  text: async () => (body === undefined ? '' : JSON.stringify(body)),
});

/** `GET /api/user` answers when the test says; every other read finds nothing. */
function serveUserLater() {
  let reply: (status: number, body?: unknown) => void = () => undefined;
  global.fetch = jest.fn((url: string) =>
    url === '/api/user'
      ? new Promise((resolve) => {
          reply = (status, body) => resolve(answer(status, body));
        })
      : Promise.resolve(answer(404, { statusCode: 404, message: 'No encontrado' })),
  ) as unknown as typeof fetch;
  return (status: number, body?: unknown) => act(async () => reply(status, body));
}

const setRoleHint = (role: string | null) => {
  document.cookie = role ? `portal_role=${role}; path=/` : 'portal_role=; path=/; max-age=0';
};

afterEach(() => setRoleHint(null));

describe('the navigation bar before the API names the user', () => {
  it('is laid out from the role hint at once, so nothing moves when the name arrives', async () => {
    setRoleHint('admin');
    const reply = serveUserLater();
    renderWithApi(<NavBar />);
    // The user is still being asked for: the bar already has the admin's link, the welcome row and the session's buttons.
    expect(screen.getByRole('link', { name: 'Panel Administrativo' })).toBeInTheDocument();
    expect(screen.getByText(/^Bienvenido,/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();

    await reply(200, admin);
    expect(await screen.findByText('Ana López')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Panel Administrativo' })).toBeInTheDocument();
  });

  it('offers the sign-in when the hint outlived its session', async () => {
    setRoleHint('parent');
    const reply = serveUserLater();
    renderWithApi(<NavBar />);
    expect(screen.getByRole('link', { name: 'Portal de Padres' })).toBeInTheDocument();
    await reply(401, { statusCode: 401, message: 'No has iniciado sesión.' });
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText(/^Bienvenido,/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Portal de Padres' })).not.toBeInTheDocument();
  });

  it('shows a visitor without a hint the sign-in, asking nothing', () => {
    const reply = serveUserLater();
    void reply;
    renderWithApi(<NavBar />);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalledWith('/api/user', expect.anything());
  });
});
