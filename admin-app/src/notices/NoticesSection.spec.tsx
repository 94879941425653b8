import { renderWithApi } from '@portal/test-utils/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notice, NoticeReach } from '@portal/contracts';
import { toDateTimeLocal } from '@portal/format';
import NoticesSection from './NoticesSection';

const NOTICE: Notice = {
  id: 4,
  title: 'Ensayo general',
  message: 'Lugar: gimnasio.\nTraer toga.',
  type: 'warning',
  date: '2026-06-10T14:00:00.000Z',
};

const REACH: NoticeReach = {
  id: 4,
  read: 34,
  families: 50,
  email: { sent: 46, pending: 0, failed: 1, unsubscribed: 2, skipped: 1 },
};

let requests: Array<{ method: string; url: string; body: unknown }> = [];
beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, url, body });
    const answer = method === 'GET' ? (url === '/api/notifications/reach' ? [REACH] : [NOTICE]) : { id: NOTICE.id, ...body };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(answer) } as Response;
  }) as typeof fetch;
});

const renderSection = () => renderWithApi(<NoticesSection />);

describe('the admin notices', () => {
  it('show the message with its line breaks', async () => {
    renderSection();
    const message = await screen.findByText(/Lugar: gimnasio/);
    expect(message.textContent).toBe('Lugar: gimnasio.\nTraer toga.');
    expect(message).toHaveClass('ui-multiline');
  });

  it('say how many families read each notice and what became of its e-mails', async () => {
    renderSection();
    await screen.findByText('Leído por 34 de 50 familias');
    expect(screen.getByText('Correos: 46 enviados · 1 rebotado · 2 dados de baja · 1 sin correo válido')).toBeInTheDocument();
  });

  it('start a new notice dated now, of type info, and let the type be chosen', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('Ensayo general');
    const before = toDateTimeLocal(new Date());
    await user.click(screen.getByRole('button', { name: 'Nueva Notificación' }));
    const dialog = screen.getByRole('dialog', { name: 'Crear Notificación' });
    const date = within(dialog).getByLabelText('Fecha y hora') as HTMLInputElement;
    expect([before, toDateTimeLocal(new Date())]).toContain(date.value);
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('info');
    await user.type(within(dialog).getByLabelText('Título'), 'Pago final');
    await user.type(within(dialog).getByLabelText('Mensaje'), 'Vence el viernes.');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'success');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Notificación' }));
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/notifications',
      body: { title: 'Pago final', message: 'Vence el viernes.', type: 'success' },
    });
  });

  it("e-mail a new notice only when 'Enviar también por correo' is ticked, and never offer it when editing", async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('Ensayo general');
    await user.click(screen.getByRole('button', { name: 'Nueva Notificación' }));
    let dialog = screen.getByRole('dialog', { name: 'Crear Notificación' });
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Enviar también por correo' });
    expect(checkbox).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('Título'), 'Reunión');
    await user.type(within(dialog).getByLabelText('Mensaje'), 'Jueves 18:00.');
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Notificación' }));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ title: 'Reunión', sendEmail: true });

    await user.click(screen.getByRole('button', { name: 'Editar Ensayo general' }));
    dialog = screen.getByRole('dialog', { name: 'Editar Notificación' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Enviar también por correo' })).toBeNull();
  });

  it('send the original payload, without sendEmail, when the box is left alone', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('Ensayo general');
    await user.click(screen.getByRole('button', { name: 'Nueva Notificación' }));
    const dialog = screen.getByRole('dialog', { name: 'Crear Notificación' });
    await user.type(within(dialog).getByLabelText('Título'), 'Aviso');
    await user.type(within(dialog).getByLabelText('Mensaje'), 'Texto.');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Notificación' }));
    expect(Object.keys(requests.find((request) => request.method === 'POST')!.body as object).sort()).toEqual([
      'date',
      'message',
      'title',
      'type',
    ]);
  });

  it('edit a notice with its current values and save it with PUT', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Editar Ensayo general' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Notificación' });
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Ensayo general');
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('warning');
    expect(within(dialog).getByLabelText('Fecha y hora')).toHaveValue('2026-06-10T08:00');
    await user.clear(within(dialog).getByLabelText('Título'));
    await user.type(within(dialog).getByLabelText('Título'), 'Ensayo general (nuevo horario)');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Notificación' }));
    expect(requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/notifications/4',
      body: {
        title: 'Ensayo general (nuevo horario)',
        message: 'Lugar: gimnasio.\nTraer toga.',
        type: 'warning',
        date: '2026-06-10T14:00:00.000Z',
      },
    });
  });
});
