import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventDialog } from './EventDialog';

describe('the event dialog', () => {
  it('needs a date and a title before "Crear Evento" works', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<EventDialog open onOpenChange={() => undefined} onSave={onSave} saving={false} />);
    const save = screen.getByRole('button', { name: 'Crear Evento' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Título'), 'Misa de Acción de Gracias');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Fecha y hora'), '2026-06-12T18:00');
    expect(save).toBeEnabled();
    expect(screen.getByLabelText('Horario (opcional)')).toHaveAttribute('placeholder', '7:00 PM - 11:00 PM');
    await user.click(save);
    // Typed in Guatemala time (UTC-6); empty optional fields are sent as null.
    expect(onSave).toHaveBeenCalledWith({
      fecha: '2026-06-13T00:00:00.000Z',
      titulo: 'Misa de Acción de Gracias',
      descripcion: null,
      horario: null,
      lugar: null,
      vestimenta: null,
      imagen: null,
      rsvpDeadline: null,
    });
  });

  it('sends the RSVP deadline typed in Guatemala time as UTC', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(<EventDialog open onOpenChange={() => undefined} onSave={onSave} saving={false} />);
    await user.type(screen.getByLabelText('Fecha y hora'), '2026-06-13T10:00');
    await user.type(screen.getByLabelText('Título'), 'Cena');
    await user.type(screen.getByLabelText('Fecha límite para confirmar (opcional)'), '2026-06-01T18:00');
    await user.click(screen.getByRole('button', { name: 'Crear Evento' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ rsvpDeadline: '2026-06-02T00:00:00.000Z' }));
  });

  it('edits an existing event with "Actualizar Evento"', () => {
    render(
      <EventDialog
        open
        onOpenChange={() => undefined}
        onSave={jest.fn()}
        saving={false}
        event={{
          id: 3,
          fecha: '2026-06-13T16:00:00.000Z',
          titulo: 'Ceremonia',
          descripcion: null,
          horario: null,
          lugar: 'Auditorio',
          vestimenta: null,
          imagen: null,
          rsvpDeadline: null,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Editar Evento' })).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha y hora')).toHaveValue('2026-06-13T10:00');
    expect(screen.getByLabelText('Lugar (opcional)')).toHaveValue('Auditorio');
    expect(screen.getByRole('button', { name: 'Actualizar Evento' })).toBeEnabled();
  });

  it('warns under the image field that the picture is loaded from that site', () => {
    render(<EventDialog open onOpenChange={() => undefined} onSave={jest.fn()} saving={false} />);
    expect(screen.getByLabelText('URL de imagen (opcional)')).toHaveAccessibleDescription(
      'La imagen se cargará desde ese sitio: usa una dirección de confianza.',
    );
  });

  it('lets each field take exactly as many characters as the API accepts (the schedule: 100)', () => {
    render(<EventDialog open onOpenChange={() => undefined} onSave={jest.fn()} saving={false} />);
    expect(screen.getByLabelText('Horario (opcional)')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('Título')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Descripción (opcional)')).toHaveAttribute('maxLength', '2000');
  });
});
