import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApi } from '@portal/test-utils/render';
import { CashForm } from './CashForm';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

describe('money received by hand', () => {
  it('shows the note limit as a counter, refuses a longer note without cutting it, and shows the server refusal as it says it', async () => {
    const sent: unknown[] = [];
    global.fetch = jest.fn(async (_url: string, init?: { method?: string; body?: string }) => {
      sent.push(JSON.parse(init?.body ?? '{}'));
      return {
        ok: false,
        status: 400,
        statusText: '',
        headers: { get: () => null },
        text: async () => JSON.stringify({ statusCode: 400, message: 'La fecha del pago no puede ser futura.' }),
      };
    }) as unknown as typeof fetch;
    renderWithApi(<CashForm familyId={4} idPrefix="cash" ariaLabel="Registrar dinero recibido" />);
    expect(screen.getByText('0/200 caracteres')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Monto (Q)'), '450');
    const note = screen.getByLabelText('Nota (opcional)');
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(201));
    expect(note).toHaveValue('x'.repeat(201));
    expect(screen.getByRole('alert')).toHaveTextContent('La nota admite hasta 200 caracteres.');
    expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeDisabled();

    await userEvent.clear(note);
    await userEvent.type(note, 'recibo 0012');
    expect(screen.getByText('11/200 caracteres')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Cómo se recibió'), 'transferencia');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('La fecha del pago no puede ser futura.'));
    expect(sent).toEqual([{ amountReceived: 450, method: 'transferencia', note: 'recibo 0012' }]);
    // What was typed stays, to correct it.
    expect(note).toHaveValue('recibo 0012');
  });
});
