import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Settings } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { toast } from '@portal/ui/toast';
import { SettingsDialog } from './SettingsDialog';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const SETTINGS: Settings = {
  classYear: 2026,
  finalPaymentDeadline: '2026-05-30',
  awards: { date: '2026-06-13', startTime: '10:00', endTime: '12:00', place: 'Auditorio del colegio' },
  brunch: { date: '2026-06-15', startTime: '10:00', endTime: '14:00', place: 'Cafetería del colegio' },
  bank: { bankName: 'Banco', accountNumber: '000-000000-0', accountHolder: 'Comité', receiptsPhone: '+502 5555 2026' },
};

describe('the settings dialog', () => {
  it('says an end time before the start time is wrong and does not let it be saved', () => {
    render(<SettingsDialog settings={SETTINGS} onClose={() => undefined} />);
    const save = screen.getByRole('button', { name: 'Guardar Configuración' });
    expect(save).toBeEnabled();
    const brunchEnd = document.getElementById('brunch-end') as HTMLInputElement;
    fireEvent.change(brunchEnd, { target: { value: '09:00' } });
    expect(screen.getByRole('alert')).toHaveTextContent('La hora de fin debe ser posterior a la hora de inicio.');
    expect(brunchEnd).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    fireEvent.change(brunchEnd, { target: { value: '13:00' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('turns the payment reminders off and on, and keeps the days before between 0 and 30', () => {
    render(<SettingsDialog settings={{ ...SETTINGS, reminders: { enabled: true, daysBefore: 3 } }} onClose={() => undefined} />);
    const save = screen.getByRole('button', { name: 'Guardar Configuración' });
    const enabled = screen.getByRole('checkbox', { name: 'Enviar recordatorios a las familias con pagos sin verificar' });
    const days = screen.getByLabelText('Días de anticipación');
    expect(enabled).toBeChecked();
    expect(days).toHaveValue(3);
    fireEvent.change(days, { target: { value: '31' } });
    expect(save).toBeDisabled();
    fireEvent.change(days, { target: { value: '5' } });
    expect(save).toBeEnabled();
    fireEvent.click(enabled);
    expect(enabled).not.toBeChecked();
    expect(days).toBeDisabled();
  });

  it('shows no reminder controls for settings without them (an API of before)', () => {
    render(<SettingsDialog settings={SETTINGS} onClose={() => undefined} />);
    expect(screen.queryByLabelText('Días de anticipación')).not.toBeInTheDocument();
  });

  it('says a new bank account waits for another member when the answer keeps the one in force', async () => {
    global.fetch = jest.fn(async () => {
      const body = SETTINGS;
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
    }) as typeof fetch;
    renderWithApi(<SettingsDialog settings={SETTINGS} onClose={() => undefined} />);
    fireEvent.change(document.getElementById('settings-account') as HTMLInputElement, { target: { value: '999-111111-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar Configuración' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Configuración guardada',
        description: expect.stringMatching(/^La nueva cuenta bancaria espera la aprobación de otro miembro del comité/),
      }),
    );
  });
});
