import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BankPreview } from '@portal/contracts';
import { previewBankStatement } from '@portal/api-client/bank';
import { familiesKey } from '@portal/api-client/families';
import { ApiError } from '@portal/api-client/request';
import { renderWithApi } from '@portal/test-utils/render';
import { toast } from '@portal/ui/toast';
import BankSection from './BankSection';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));
jest.mock('@portal/api-client/bank', () => ({
  ...jest.requireActual('@portal/api-client/bank'),
  previewBankStatement: jest.fn(),
}));

const PREVIEW: BankPreview = {
  headers: ['Fecha', 'Descripción', 'Documento', 'Crédito'],
  headerLine: 1,
  mapping: { date: 0, description: 1, document: 2, credit: 3, debit: null, amount: null } as unknown as BankPreview['mapping'],
  sample: [],
  errors: [],
  account: null,
  lines: [
    {
      checksum: 'a',
      line: 2,
      date: '2025-09-22',
      description: 'DEPÓSITO 48213377',
      document: '48213377',
      amountCentavos: 295000,
      status: 'nueva',
      match: null,
      covered: { entryId: 30, receiptId: 12, familyId: 4, graduateName: 'Sofía Morales' },
    },
  ],
};

describe("'Banco'", () => {
  it('reads a deposit a verified receipt holds as covered, with its family chosen, and says it was linked, not counted again', async () => {
    jest.mocked(previewBankStatement).mockResolvedValue(PREVIEW);
    const sent: unknown[] = [];
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') sent.push(JSON.parse(init.body ?? '{}'));
      const body = url === '/api/bank-statements/confirm' ? { applied: 1, discarded: 0, linked: 1 } : {};
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    renderWithApi(<BankSection />, {
      data: {
        [familiesKey]: [
          { id: 3, graduateName: 'Mateo López' },
          { id: 4, graduateName: 'Sofía Morales' },
        ],
      },
      revalidateOnMount: false,
    });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'estado.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Ya cubierto por el comprobante verificado #12 (familia Sofía Morales)')).toBeInTheDocument();
    expect(screen.getByLabelText('Familia del depósito de la fila 2')).toHaveValue('4');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar el depósito de la fila 2' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: '1 línea aplicada, 1 enlazada al comprobante ya verificado (no se contó dos veces)' }),
    );
    expect(sent).toEqual([
      { lines: [{ date: '2025-09-22', description: 'DEPÓSITO 48213377', document: '48213377', amountCentavos: 295000, familyId: 4 }] },
    ]);
  });

  it("opens the column chooser with the file's first rows when the columns are not found, and reads the file with the columns chosen", async () => {
    const message = 'No encontramos las columnas de fecha y de monto (crédito o depósito). Indica qué columna es cada una.';
    const details = {
      needsMapping: true,
      headers: ['Día', 'Texto', 'Entrada'],
      headerLine: 1,
      sample: [['13/11/2026', 'ABONO Marta Gómez', 'Q1500']],
    };
    jest
      .mocked(previewBankStatement)
      .mockRejectedValueOnce(new ApiError(400, JSON.stringify({ statusCode: 400, message, details }), 'Bad Request'))
      .mockResolvedValueOnce(PREVIEW);
    renderWithApi(<BankSection />, { data: { [familiesKey]: [] }, revalidateOnMount: false });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'estado.csv', { type: 'text/csv' }));
    // The message stays on the screen, beside the chooser, until the file is read.
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('ABONO Marta Gómez')).toBeVisible();
    const credit = screen.getByLabelText('Crédito (depósitos)');
    expect(credit).toBeVisible();
    await userEvent.selectOptions(credit, 'Entrada');
    await userEvent.selectOptions(screen.getByLabelText('Descripción'), 'Texto');
    await userEvent.click(screen.getByRole('button', { name: 'Volver a leer' }));
    expect(jest.mocked(previewBankStatement)).toHaveBeenLastCalledWith(expect.any(File), 'estado.csv', {
      headerLine: 1,
      mapping: { date: 0, description: 1, document: null, credit: 2, debit: null, amount: null },
    });
    expect(await screen.findByText('DEPÓSITO 48213377')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
