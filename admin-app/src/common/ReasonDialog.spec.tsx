import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApi } from '@portal/test-utils/render';
import { ReverseCreditDialog } from './ReasonDialog';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const answer = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: '',
  headers: { get: () => null },
  text: async () => JSON.stringify(body),
});

describe('reversing a credit', () => {
  it('needs a reason, asks what becomes of a receipt and sends both; the dialog stays open when the server refuses', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    let refuse = true;
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') {
        sent.push({ url, body: JSON.parse(init.body ?? '{}') });
        return refuse ? answer(409, { statusCode: 409, message: 'Este movimiento ya fue revertido.' }) : answer(200, {});
      }
      return answer(200, {});
    }) as unknown as typeof fetch;
    const onClose = jest.fn();
    renderWithApi(<ReverseCreditDialog entryId={7} familyId={4} fromReceipt description="Q2,950" onClose={onClose} />);
    const confirm = screen.getByRole('button', { name: 'Revertir' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Motivo interno/), 'Depósito de la familia Pineda');
    // What the family reads is its own field, said to be read by the family.
    expect(screen.getByText(/La familia lo leerá en el correo/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mensaje para la familia (opcional)'), 'La boleta no corresponde a tu depósito.');
    await userEvent.click(screen.getByLabelText('Rechazar el comprobante'));
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/ledger-entries/7/reverse',
      body: { reason: 'Depósito de la familia Pineda', receipt: 'rechazado', messageToFamily: 'La boleta no corresponde a tu depósito.' },
    });
    expect(onClose).not.toHaveBeenCalled();
    refuse = false;
    await userEvent.click(confirm);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
