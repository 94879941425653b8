import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Family, Statement } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { FamilyDialog } from './FamilyDialog';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

function renderDialog(onSave = jest.fn().mockResolvedValue(undefined), saving = false) {
  render(<FamilyDialog open onOpenChange={() => undefined} onSave={onSave} saving={saving} />);
  return onSave;
}

describe('the family dialog', () => {
  it('keeps "Crear Familia" disabled until the four required fields are filled', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Agregar Nueva Familia' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Crear Familia' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Nombre del graduado *'), 'Sofía Morales');
    await user.type(screen.getByLabelText('Nombre del contacto *'), 'Carlos Morales');
    await user.type(screen.getByLabelText('Email *'), 'carlos@example.com');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Teléfono *'), '5555-1001');
    expect(save).toBeEnabled();
  });

  it('uses e-mail and telephone inputs, and numbers from 0', () => {
    renderDialog();
    expect(screen.getByLabelText('Email *')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Teléfono *')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Mesas reservadas')).toHaveAttribute('min', '0');
    // The money received is the ledger's: nothing to type on a new family.
    expect(screen.queryByLabelText('Monto pagado (Q)')).not.toBeInTheDocument();
  });

  it('sends the family with numbers, treating what is not a number as 0', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = renderDialog();
    await user.type(screen.getByLabelText('Nombre del graduado *'), ' Sofía ');
    await user.type(screen.getByLabelText('Nombre del contacto *'), 'Carlos');
    await user.type(screen.getByLabelText('Email *'), 'carlos@example.com');
    await user.type(screen.getByLabelText('Segundo correo'), ' lucia@example.com ');
    await user.type(screen.getByLabelText('Teléfono *'), '5555');
    await user.clear(screen.getByLabelText('Mesas reservadas'));
    await user.type(screen.getByLabelText('Mesas reservadas'), '2');
    // A new family has no money yet: 'Pago recibido' follows its ledger once it exists.
    expect(screen.getByLabelText('Pago recibido')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Crear Familia' }));
    expect(onSave).toHaveBeenCalledWith({
      graduateName: 'Sofía',
      contactName: 'Carlos',
      email: 'carlos@example.com',
      secondEmail: 'lucia@example.com',
      phone: '5555',
      tablesBooked: 2,
      paymentAmount: 0,
      graduates: 1,
      hasPaid: false,
      awardsRsvp: false,
      brunchRsvp: false,
      awardsAnswer: null,
      brunchAnswer: null,
    });
  });

  it('is disabled while saving', () => {
    render(
      <FamilyDialog
        open
        onOpenChange={() => undefined}
        onSave={jest.fn()}
        saving
        family={{
          id: 1,
          graduateName: 'A',
          contactName: 'B',
          email: 'c@d.e',
          secondEmail: null,
          phone: '1',
          tablesBooked: 1,
          hasPaid: false,
          paymentAmount: 11350,
          owedNow: 0,
          credit: 0,
          graduates: 1,
          awardsRsvp: false,
          brunchRsvp: false,
          awardsEventId: 1,
          brunchEventId: 2,
          awardsAnswer: null,
          brunchAnswer: null,
          awardsGuests: null,
          brunchGuests: null,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Editar Familia' })).toBeInTheDocument();
    // 'Monto pagado' is the statement's money received, shown and never typed.
    expect(screen.getByLabelText('Monto pagado (Q)')).toHaveTextContent('Q11,350');
    expect(screen.getByLabelText('Monto pagado (Q)').tagName).toBe('OUTPUT');
    expect(screen.getByRole('button', { name: 'Actualizar Familia' })).toBeDisabled();
  });

  it('offers three answers per event and keeps an unanswered family unanswered', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(
      <FamilyDialog
        open
        onOpenChange={() => undefined}
        onSave={onSave}
        saving={false}
        family={{
          id: 1,
          graduateName: 'A',
          contactName: 'B',
          email: 'c@d.e',
          secondEmail: null,
          phone: '1',
          tablesBooked: 1,
          hasPaid: false,
          paymentAmount: 11350,
          owedNow: 0,
          credit: 0,
          graduates: 1,
          awardsRsvp: false,
          brunchRsvp: false,
          awardsEventId: 1,
          brunchEventId: 2,
          awardsAnswer: null,
          brunchAnswer: 'not_attending',
          awardsGuests: null,
          brunchGuests: null,
        }}
      />,
    );
    const awards = screen.getByRole('group', { name: 'Confirmación Ceremonia de Premiación' });
    const brunch = screen.getByRole('group', { name: 'Confirmación Brunch' });
    expect(within(awards).getByLabelText('Sin respuesta')).toBeChecked();
    expect(within(brunch).getByLabelText('No asistirá')).toBeChecked();
    await user.click(within(brunch).getByLabelText('Asistirá'));
    await user.click(screen.getByRole('button', { name: 'Actualizar Familia' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ awardsAnswer: null, awardsRsvp: false, brunchAnswer: 'attending', brunchRsvp: true }),
    );
  });

  it("records money when 'Pago recibido' is ticked on a family that owes, prefilled with what it owes now, and never unticks it", async () => {
    const user = userEvent.setup({ delay: null });
    const family: Family = {
      id: 4,
      graduateName: 'Sofía Morales',
      contactName: 'Ana Morales',
      email: 'ana@example.com',
      secondEmail: null,
      phone: '5555',
      tablesBooked: 0,
      hasPaid: false,
      paymentAmount: 0,
      owedNow: 0,
      credit: 0,
      graduates: 1,
      awardsRsvp: false,
      brunchRsvp: false,
      awardsEventId: 1,
      brunchEventId: 2,
      awardsAnswer: null,
      brunchAnswer: null,
      awardsGuests: null,
      brunchGuests: null,
    };
    const statement = (paid: boolean) =>
      ({
        familyId: 4,
        lines: [{ paymentNumber: 1, state: paid ? 'pagado' : 'parcial' }],
        totals: { expected: 2950, received: paid ? 2950 : 450, balance: paid ? 0 : 2500, credit: 0, dueBalance: paid ? 0 : 2500 },
        paid,
        entries: [],
      }) as unknown as Statement;
    const posted: unknown[] = [];
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') posted.push({ url, body: JSON.parse(init.body ?? '{}') });
      // A slow phone: the statement asked again after the money never answers. The money's own
      // answer is what ticks the box.
      if (url === '/api/families/4/statement' && posted.length > 0) return new Promise(() => undefined);
      const body = url === '/api/families/4/statement' || init?.method === 'POST' ? statement(posted.length > 0) : [];
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    const onSave = jest.fn();
    renderWithApi(<FamilyDialog open onOpenChange={() => undefined} onSave={onSave} saving={false} family={family} />, {
      data: { '/api/families/4/statement': statement(false) },
      revalidateOnMount: false,
    });
    expect(screen.getByText(/revierte un movimiento en el estado de cuenta/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Pago recibido'));
    const money = screen.getByRole('dialog', { name: 'Dinero recibido' });
    expect(within(money).getByLabelText('Monto (Q)')).toHaveValue('2500');
    await user.selectOptions(within(money).getByLabelText('Cómo se recibió'), 'cheque');
    await user.type(within(money).getByLabelText('Nota (opcional)'), 'recibo 0012');
    await user.click(within(money).getByRole('button', { name: 'Registrar y guardar' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: '/api/families/4/payments/1/cash', body: { amountReceived: 2500, method: 'cheque', note: 'recibo 0012' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dinero recibido' })).not.toBeInTheDocument());
    // Ticked the moment the money's dialog closes, not after the statement is read again.
    expect(screen.getByLabelText('Pago recibido')).toBeChecked();
    expect(screen.getByLabelText('Pago recibido')).toBeDisabled();
    // The family's own form was not sent by the money form.
    expect(onSave).not.toHaveBeenCalled();
  });
});
