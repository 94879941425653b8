import { renderWithApi } from '@portal/test-utils/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@portal/ui/toast';
import { useNoticeEmails } from '@portal/api-client/notices';
import { NoticeEmailsCard } from './NoticeEmailsCard';

/** Says when the answer about the family's notice e-mails has arrived, as an error. */
function AnswerArrived() {
  const { error } = useNoticeEmails();
  return error ? <p>Respuesta recibida</p> : null;
}

/** What `fetch` resolves to, as far as the request function reads it (jsdom has no Response). */
const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) });

function renderCard() {
  renderWithApi(
    <>
      <NoticeEmailsCard />
      <Toaster />
      <AnswerArrived />
    </>,
  );
  return userEvent.setup();
}

describe("'Avisos por correo' in 'Mi cuenta'", () => {
  it('shows that the family turned notice e-mails off, and turns them back on', async () => {
    const requests: Array<{ method: string; url: string; body: unknown }> = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      requests.push({ method, url, body });
      return answer(200, method === 'GET' ? { enabled: false } : body) as unknown as Response;
    }) as typeof fetch;
    const user = renderCard();
    const checkbox = await screen.findByRole('checkbox', { name: 'Recibir los avisos del comité por correo' });
    expect(checkbox).not.toBeChecked();
    await user.click(checkbox);
    expect(requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/my-notice-emails',
      body: { enabled: true },
    });
    expect(await screen.findByText('Recibirás los avisos por correo')).toBeInTheDocument();
    expect(checkbox).toBeChecked();
  });

  it('shows nothing for an account without a family', async () => {
    global.fetch = jest.fn(async () => answer(404, { statusCode: 404, message: 'No encontramos tu familia.' })) as unknown as typeof fetch;
    renderCard();
    await screen.findByText('Respuesta recibida');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
