import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FamilyDialog } from './FamilyDialog';

function renderDialog(onSave = jest.fn().mockResolvedValue(undefined), saving = false) {
  render(<FamilyDialog open onOpenChange={() => undefined} onSave={onSave} saving={saving} />);
  return onSave;
}

describe('the family dialog', () => {
  it('keeps "Crear Familia" disabled until the four required fields are filled', async () => {
    const user = userEvent.setup();
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
    expect(screen.getByLabelText('Monto pagado (Q)')).toHaveAttribute('min', '0');
  });

  it('sends the family with numbers, treating what is not a number as 0', async () => {
    const user = userEvent.setup();
    const onSave = renderDialog();
    await user.type(screen.getByLabelText('Nombre del graduado *'), ' Sofía ');
    await user.type(screen.getByLabelText('Nombre del contacto *'), 'Carlos');
    await user.type(screen.getByLabelText('Email *'), 'carlos@example.com');
    await user.type(screen.getByLabelText('Teléfono *'), '5555');
    await user.clear(screen.getByLabelText('Mesas reservadas'));
    await user.type(screen.getByLabelText('Mesas reservadas'), '2');
    await user.clear(screen.getByLabelText('Monto pagado (Q)'));
    await user.click(screen.getByLabelText('Pago recibido'));
    await user.click(screen.getByRole('button', { name: 'Crear Familia' }));
    expect(onSave).toHaveBeenCalledWith({
      graduateName: 'Sofía',
      contactName: 'Carlos',
      email: 'carlos@example.com',
      phone: '5555',
      tablesBooked: 2,
      paymentAmount: 0,
      graduates: 1,
      hasPaid: true,
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
          phone: '1',
          tablesBooked: 1,
          hasPaid: false,
          paymentAmount: 0,
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
    expect(screen.getByRole('button', { name: 'Actualizar Familia' })).toBeDisabled();
  });

  it('offers three answers per event and keeps an unanswered family unanswered', async () => {
    const user = userEvent.setup();
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
          phone: '1',
          tablesBooked: 1,
          hasPaid: false,
          paymentAmount: 0,
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
});
