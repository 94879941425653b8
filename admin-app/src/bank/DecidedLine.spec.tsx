import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BankPreviewLine } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { DecidedLine } from './DecidedLine';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const answer = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: '',
  headers: { get: () => null },
  text: async () => JSON.stringify(body),
});

const line: BankPreviewLine = {
  line: 5,
  date: '2026-11-03',
  description: 'DEPOSITO SIN REFERENCIA',
  document: '100232',
  amountCentavos: 50000,
  checksum: 'abc',
  status: 'aplicada',
  match: null,
  covered: null,
  imported: {
    fileName: 'noviembre.csv',
    importedAt: '2026-11-30T16:00:00.000Z',
    appliedAt: '2026-11-30T16:05:00.000Z',
    state: 'aplicada',
    familyId: 4,
    graduateName: 'Mateo Pineda',
    note: 'Ya importada el 30/11 en noviembre.csv: aplicada a Mateo Pineda',
    entryId: 9,
    receiptId: null,
  },
};

describe("a line already applied, in 'Banco'", () => {
  it("says which family it went to, when and from which file, and 'Deshacer' reverses its credit with a reason", async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') sent.push({ url, body: JSON.parse(init.body ?? '{}') });
      return answer(200, {});
    }) as unknown as typeof fetch;
    const onUndone = jest.fn();
    renderWithApi(<DecidedLine line={line} onUndone={onUndone} />);
    expect(screen.getByText('Aplicada a la familia de Mateo Pineda el 30/11, desde noviembre.csv')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Deshacer la fila 5/ }));
    const dialog = screen.getByRole('dialog', { name: 'Deshacer la aplicación' });
    expect(dialog).toHaveTextContent('Se revierte el crédito de Q500 que esta línea dio a la familia de Mateo Pineda.');
    // No receipt holds this credit: nothing to ask about one.
    expect(screen.queryByText('Qué pasa con el comprobante')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Motivo interno/), 'Era de la familia Hernández');
    await userEvent.click(screen.getByRole('button', { name: 'Revertir' }));
    await waitFor(() => expect(onUndone).toHaveBeenCalled());
    expect(sent).toEqual([{ url: '/api/ledger-entries/9/reverse', body: { reason: 'Era de la familia Hernández' } }]);
  });

  it('shows a discarded line without an undo', () => {
    renderWithApi(
      <DecidedLine
        line={{
          ...line,
          status: 'descartada',
          imported: { ...line.imported!, state: 'descartada', entryId: null, familyId: null, graduateName: null },
        }}
        onUndone={jest.fn()}
      />,
    );
    expect(screen.getByText('Se descartó el 30/11, desde noviembre.csv')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("says a line became other income, and 'Deshacer' reverses that income with a reason", async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') sent.push({ url, body: JSON.parse(init.body ?? '{}') });
      return answer(200, {});
    }) as unknown as typeof fetch;
    const onUndone = jest.fn();
    const income = {
      ...line,
      imported: {
        ...line.imported!,
        familyId: null,
        graduateName: null,
        entryId: null,
        expenseId: 31,
        incomeCategory: 'Rifa',
        note: 'Ya importada el 30/11 en noviembre.csv: registrada como otro ingreso (Rifa)',
      },
    };
    renderWithApi(<DecidedLine line={income} onUndone={onUndone} />);
    expect(screen.getByText('Registrada como otro ingreso (Rifa) el 30/11, desde noviembre.csv')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer la fila 5: quitar el ingreso de las cuentas' }));
    const dialog = screen.getByRole('dialog', { name: 'Deshacer el ingreso' });
    expect(dialog).toHaveTextContent('Se revierte el ingreso de Q500 (Rifa)');
    // Families read the message in the open books, not in a payment's e-mail.
    expect(dialog).toHaveTextContent("Las familias lo leen en 'Cuentas del comité', junto al ingreso revertido.");
    expect(dialog).not.toHaveTextContent('Corrección en tu cuenta');
    await userEvent.type(screen.getByLabelText(/^Motivo interno/), 'Era el pago de la familia Hernández');
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(onUndone).toHaveBeenCalled());
    expect(sent).toEqual([{ url: '/api/books/expenses/31/reverse', body: { reason: 'Era el pago de la familia Hernández' } }]);
  });
});
