import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminInvitation, User } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { AdminInvitationCard } from './AdminInvitationCard';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const invitation = (id: number, fields: Partial<AdminInvitation> = {}): AdminInvitation => ({
  id,
  name: 'Carla Méndez',
  email: 'carla@example.com',
  state: 'pendiente',
  proposedById: 7,
  proposedByName: 'Tesorera',
  proposedAt: '2026-10-05T15:00:00.000Z',
  decidedByName: null,
  decidedAt: null,
  sentAlone: false,
  ...fields,
});

const api = (userId: number, invitations: AdminInvitation[]) => ({
  data: { '/api/user': { id: userId, name: 'Alguien', role: 'admin' } as Partial<User>, '/api/admin-invitations': invitations },
  revalidateOnMount: false,
});

let requests: Array<{ request: string; body?: unknown }> = [];
beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push({ request: `${init?.method ?? 'GET'} ${url}`, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    // The list asked again after a change: still the one pending invitation.
    const body = url.endsWith('/api/admin-invitations') && init?.method !== 'POST' ? [invitation(4)] : invitation(1);
    return {
      ok: true,
      status: 200,
      statusText: '',
      headers: { get: () => null },
      text: async () => JSON.stringify(body),
    } as unknown as Response;
  }) as typeof fetch;
});

describe("'Invitar administrador'", () => {
  it('sends the name and e-mail typed, and refuses an empty name or a bad address before asking', async () => {
    const user = userEvent.setup();
    renderWithApi(<AdminInvitationCard />, api(9, []));
    expect(screen.getByRole('heading', { name: 'Invitar administrador' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Correo'), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(screen.getByText('El nombre es requerido.')).toBeInTheDocument();
    expect(screen.getByText('El correo no es válido.')).toBeInTheDocument();
    expect(requests.filter((one) => one.request.startsWith('POST'))).toEqual([]);

    await user.type(screen.getByLabelText('Nombre completo'), ' Carla Méndez ');
    await user.clear(screen.getByLabelText('Correo'));
    await user.type(screen.getByLabelText('Correo'), 'carla@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() =>
      expect(requests).toContainEqual({
        request: 'POST /api/admin-invitations',
        body: { name: 'Carla Méndez', email: 'carla@example.com' },
      }),
    );
  });

  it("offers another admin 'Aprobar' and 'Rechazar' for a pending invitation", async () => {
    const user = userEvent.setup();
    renderWithApi(<AdminInvitationCard />, api(9, [invitation(4), invitation(5, { state: 'aceptada', name: 'Ya Aceptada' })]));
    const list = screen.getByRole('list', { name: 'Esperan a un segundo administrador' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Propuesta por Tesorera');
    await user.click(within(list).getByRole('button', { name: 'Aprobar y enviar la invitación de Carla Méndez' }));
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Rechazar la invitación de Carla Méndez' })).toBeEnabled());
    await user.click(within(list).getByRole('button', { name: 'Rechazar la invitación de Carla Méndez' }));
    await waitFor(() =>
      expect(requests.map((one) => one.request)).toEqual(
        expect.arrayContaining(['POST /api/admin-invitations/4/approve', 'POST /api/admin-invitations/4/reject']),
      ),
    );
    expect(within(list).queryByRole('button', { name: /Retirar/ })).toBeNull();
  });

  it('lets the proposer only withdraw their own', () => {
    renderWithApi(<AdminInvitationCard />, api(7, [invitation(4)]));
    const list = screen.getByRole('list', { name: 'Esperan a un segundo administrador' });
    expect(list).toHaveTextContent('Propuesta por ti: la aprueba otro administrador.');
    expect(within(list).getByRole('button', { name: 'Retirar la invitación de Carla Méndez' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Aprobar/ })).toBeNull();
  });
});
