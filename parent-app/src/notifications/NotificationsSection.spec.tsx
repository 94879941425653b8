import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import type { PortalNotification } from '@portal/contracts';
import NotificationsSection from './NotificationsSection';

const NOTICE: PortalNotification = {
  id: 1,
  title: 'Ensayo general',
  message: 'Lugar: gimnasio.\nHora: 8:00 a. m.',
  type: 'info',
  date: '2026-06-10T14:00:00.000Z',
};

// The API's answers, in order: [status, body].
const answers: Array<[number, string]> = [];
beforeEach(() => {
  answers.length = 0;
  global.fetch = jest.fn(async () => {
    const [status, body] = answers.shift() ?? [200, '[]'];
    return { ok: status < 400, status, statusText: '', text: async () => body } as Response;
  });
});

const renderSection = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <NotificationsSection />
    </SWRConfig>,
  );

describe('the parent notices', () => {
  it('keep the line breaks of the message', async () => {
    answers.push([200, JSON.stringify([NOTICE])]);
    renderSection();
    const message = await screen.findByText(/Lugar: gimnasio/);
    expect(message.textContent).toBe('Lugar: gimnasio.\nHora: 8:00 a. m.');
    expect(message).toHaveClass('ui-multiline');
  });

  it("offer 'Reintentar' after a failed load", async () => {
    const user = userEvent.setup();
    answers.push([503, '']);
    answers.push([200, JSON.stringify([NOTICE])]);
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar tu información.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Ensayo general')).toBeInTheDocument();
  });
});
