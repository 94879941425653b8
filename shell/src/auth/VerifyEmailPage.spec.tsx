import { renderWithApi } from '@portal/test-utils/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerifyEmailPage } from './VerifyEmailPage';

const TOKEN = 'a'.repeat(43);
/** What `fetch` resolves to, as far as the request function reads it (jsdom has no Response). */
const answer = (status: number, body: unknown = null) => ({
  ok: status < 400,
  status,
  statusText: '',
  text: async () => (body === null ? '' : JSON.stringify(body)),
});

/** The server: who is signed in (no one), which account the link is for, and the confirmation. */
function fakeServer() {
  return jest.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/api/user')) return answer(401, { message: 'No autenticado' });
    if (url.endsWith('/api/verify-email/check')) return answer(200, { username: 'mx0' });
    if (url.endsWith('/api/verify-email') && init?.method === 'POST') return answer(204);
    return answer(404);
  });
}
const confirmations = (fetch: jest.Mock) => fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/verify-email'));

describe('the confirmation link page', () => {
  it('names the account and confirms only when the reader says so, never on opening', async () => {
    const fetch = fakeServer();
    global.fetch = fetch as unknown as typeof global.fetch;
    const user = userEvent.setup();
    renderWithApi(<VerifyEmailPage />, { route: `/auth/verificar?token=${TOKEN}` });

    const confirm = await screen.findByRole('button', { name: 'Confirmar que la cuenta «mx0» es de esta familia' });
    expect(confirmations(fetch)).toHaveLength(0);
    expect(screen.getByText(/Si no creaste esta cuenta, no la confirmes/)).toBeInTheDocument();

    await user.click(confirm);
    expect(await screen.findByText('¡Correo confirmado!')).toBeInTheDocument();
    expect(confirmations(fetch)).toHaveLength(1);
    expect(JSON.parse(String(confirmations(fetch)[0]![1]!.body))).toEqual({ token: TOKEN });
  });

  it('says a used or expired link is no good, with nothing to confirm', async () => {
    global.fetch = jest.fn(async (url: string) =>
      String(url).endsWith('/api/user') ? answer(401) : answer(400, { message: 'El enlace no es válido o ya venció.' }),
    ) as unknown as typeof global.fetch;
    renderWithApi(<VerifyEmailPage />, { route: `/auth/verificar?token=${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace no es válido o ya venció.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
