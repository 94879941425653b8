import { renderWithApi } from '@portal/test-utils/render';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from '@portal/contracts';
import { settingsKey } from '@portal/api-client/settings';
import { myStatementKey } from '@portal/api-client/statements';
import { toast } from '@portal/ui/toast';
import { BankCard } from './BankCard';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const SETTINGS: Settings = {
  classYear: 2026,
  finalPaymentDeadline: '2026-05-30',
  awards: { date: '2026-06-13', startTime: '10:00', endTime: '12:00', place: 'Auditorio' },
  brunch: { date: '2026-06-15', startTime: '10:00', endTime: '14:00', place: 'Cafetería' },
  bank: { bankName: 'Banco Industrial', accountNumber: '000-000000-0', accountHolder: 'Comité', receiptsPhone: '5555-2026' },
};

const renderCard = () => renderWithApi(<BankCard />, { data: { [settingsKey]: SETTINGS } });

describe('the bank deposit card', () => {
  afterEach(() => jest.mocked(toast).mockClear());

  it("shows the family's payment reference and says where to write it", () => {
    renderWithApi(<BankCard />, {
      data: { [settingsKey]: SETTINGS, [myStatementKey]: { paymentReference: 'P26-042-Y', lines: [] } },
      revalidateOnMount: false,
    });
    expect(screen.getByText('Tu referencia').nextElementSibling).toHaveTextContent('P26-042-Y');
    expect(
      screen.getByText('Escribe esta referencia en tu boleta de depósito o en la descripción de tu transferencia.'),
    ).toBeInTheDocument();
  });

  it("leads to the portal's own upload, and offers WhatsApp only for questions", async () => {
    const onUpload = jest.fn();
    renderWithApi(<BankCard onUpload={onUpload} />, { data: { [settingsKey]: SETTINGS } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Subir comprobante' }));
    expect(onUpload).toHaveBeenCalledTimes(1);
    const link = screen.getByRole('link', { name: '¿Dudas? Escríbenos por WhatsApp' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/50255552026\?text=Hola%2C%20tengo%20una%20duda/);
    // Receipts are never sent by WhatsApp: they would not reach the committee's review or the ledger.
    expect(document.body).not.toHaveTextContent(/comprobante por WhatsApp/i);
  });

  it('copies the account number and says so', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Copiar número de cuenta' }));
    expect(writeText).toHaveBeenCalledWith('000-000000-0');
    expect(toast).toHaveBeenCalledWith({ title: 'Número de cuenta copiado' });
  });

  it('says how to copy by hand when the browser refuses', async () => {
    const writeText = jest.fn().mockRejectedValue(new Error('NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard();
    await act(async () => screen.getByRole('button', { name: 'Copiar número de cuenta' }).click());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'No se pudo copiar', variant: 'destructive' }));
  });
});
