import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ControlChange, User } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { books } from './books-fixture';
import { ControlsCard } from './ControlsCard';

const change = (id: number, fields: Partial<ControlChange> = {}): ControlChange => ({
  id,
  kind: 'threshold',
  before: 'Q1,000',
  after: 'Q10,000,000',
  state: 'pendiente',
  proposedBy: 'Tesorera',
  proposedById: 7,
  proposedAt: '2026-10-05T15:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  ...fields,
});

const signedIn = (id: number) => ({ '/api/user': { id, name: 'Alguien', role: 'admin' } as Partial<User> });

let requests: Array<{ request: string; body?: unknown }> = [];
beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push({ request: `${init?.method ?? 'GET'} ${url}`, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const body = books();
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("the books' controls", () => {
  it("offers another admin 'Aprobar' and 'Rechazar' for a pending change", async () => {
    const user = userEvent.setup();
    renderWithApi(<ControlsCard books={books({ controlChanges: [change(4)] })} />, { data: signedIn(9), revalidateOnMount: false });
    const row = screen.getByTestId('control-change-4');
    expect(row).toHaveTextContent('Monto que requiere segunda aprobación');
    expect(row).toHaveTextContent('Q1,000 → Q10,000,000');
    expect(row).toHaveTextContent('Propuesto por Tesorera');
    expect(within(row).queryByText(/Espera la aprobación de otro miembro/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Aprobar' }));
    await user.click(within(row).getByRole('button', { name: 'Rechazar' }));
    expect(requests.map((one) => one.request)).toEqual(
      expect.arrayContaining(['POST /api/books/control-changes/4/approve', 'POST /api/books/control-changes/4/reject']),
    );
  });

  it('tells the proposer the change waits for another member, and lets them withdraw it only', async () => {
    renderWithApi(<ControlsCard books={books({ controlChanges: [change(4, { kind: 'bank', before: 'A', after: 'B' })] })} />, {
      data: signedIn(7),
      revalidateOnMount: false,
    });
    const row = screen.getByTestId('control-change-4');
    expect(row).toHaveTextContent('Cuenta para depósitos');
    expect(within(row).getByText('Espera la aprobación de otro miembro del comité.')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Retirar' })).toBeInTheDocument();
  });

  it('asks for a second admin account when there is only one', () => {
    renderWithApi(<ControlsCard books={books({ adminCount: 1 })} />, { data: signedIn(7), revalidateOnMount: false });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Agrega otra cuenta de administración para aprobar los gastos de más de Q1,000/);
  });

  it('sends the threshold and whether approval is required; decided changes show who decided', async () => {
    const user = userEvent.setup();
    const decided = change(3, { kind: 'approval', before: 'Sí', after: 'No', state: 'rechazado', decidedBy: 'Presidente' });
    renderWithApi(<ControlsCard books={books({ controlChanges: [decided] })} />, { data: signedIn(9), revalidateOnMount: false });
    expect(screen.getByText('No hay cambios pendientes.')).toBeInTheDocument();
    expect(screen.getByTestId('control-change-3')).toHaveTextContent('Rechazado');
    expect(screen.getByTestId('control-change-3')).toHaveTextContent('Decidido por Presidente');
    expect(within(screen.getByTestId('control-change-3')).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /necesitan la aprobación de otra persona/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(requests).toContainEqual({ request: 'PUT /api/books/settings', body: { approvalThreshold: 1000, approvalRequired: false } });
  });
});
