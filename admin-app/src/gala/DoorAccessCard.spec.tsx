import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DoorAccessCreated } from '@portal/contracts';
import { CreatedDialog } from './DoorAccessCard';

const CREATED: DoorAccessCreated = {
  access: {
    id: 9,
    name: 'Ana Voluntaria',
    username: 'puerta.ana',
    accessFrom: '2026-06-13T18:00:00.000Z',
    accessUntil: '2026-06-14T12:00:00.000Z',
    active: true,
    createdAt: '2026-06-01T15:00:00.000Z',
  },
  password: 'k7mq-3xpa-t9rw',
};

describe('a new door access', () => {
  it('says the night it works and hands it over by copying or WhatsApp, with the user, the password and the door', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CreatedDialog created={CREATED} onClose={() => undefined} />);
    expect(screen.getByText('Funciona el sábado 13/06/2026 de 12:00 a 06:00.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    const message = writeText.mock.calls[0][0] as string;
    for (const part of [
      'Usuario: puerta.ana',
      'Contraseña: k7mq-3xpa-t9rw',
      `${window.location.origin}/door`,
      'el sábado 13/06/2026 de 12:00 a 06:00',
    ])
      expect(message).toContain(part);
    expect(await screen.findByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Enviar por WhatsApp' });
    expect(link.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(message)}`);
  });

  it.each([
    ['refuses', { writeText: jest.fn().mockRejectedValue(new Error('denied')) }],
    ['has no clipboard', undefined],
  ])('says how to copy by hand when the browser %s', async (_, clipboard) => {
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    render(<CreatedDialog created={CREATED} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo copiar: seleccione el texto y cópielo.');
  });
});
