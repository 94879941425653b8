import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BankPreview, BankPreviewLine } from '@portal/contracts';
import { previewBankStatement } from '@portal/api-client/bank';
import { booksKey } from '@portal/api-client/books';
import { familiesKey } from '@portal/api-client/families';
import { renderWithApi } from '@portal/test-utils/render';
import BankSection from './BankSection';

/** The books a confirmation refreshes: the main bank account only (no account to choose). */
const NO_SECOND_ACCOUNT = { accounts: [] };

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));
jest.mock('@portal/api-client/bank', () => ({
  ...jest.requireActual('@portal/api-client/bank'),
  previewBankStatement: jest.fn(),
}));

/** The bank line of the Q777 deposit the parent typed as 21/11, document "1". */
const line = (checksum: string): BankPreviewLine => ({
  checksum,
  line: 2,
  date: '2026-11-20',
  description: 'DEPOSITO P26-004-G',
  document: '88812345',
  amountCentavos: 77700,
  status: 'nueva',
  match: {
    familyId: 4,
    graduateName: 'Sofía Morales',
    reference: 'P26-004-G',
    by: 'referencia',
    exact: false,
    reason: 'Referencia P26-004-G.',
  },
  covered: null,
  sameDeposit: {
    receiptId: 12,
    entryId: 30,
    familyId: 4,
    reason: 'El comprobante #12 de la familia, del mismo monto (Q777), está verificado sin línea del banco.',
  },
});
const preview = (checksum: string): BankPreview => ({
  headers: ['Fecha', 'Descripción', 'Documento', 'Crédito'],
  headerLine: 1,
  mapping: { date: 0, description: 1, document: 2, credit: 3, debit: null, amount: null },
  sample: [],
  errors: [],
  account: null,
  lines: [line(checksum)],
});

async function open(checksum: string) {
  jest.mocked(previewBankStatement).mockResolvedValue(preview(checksum));
  const sent: Array<{ lines: unknown[] }> = [];
  global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
    if (init?.method === 'POST') sent.push(JSON.parse(init.body ?? '{}'));
    const body =
      url === '/api/bank-statements/confirm'
        ? { applied: 1, discarded: 0, linked: 1, income: 0 }
        : url === booksKey
          ? NO_SECOND_ACCOUNT
          : {};
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
  return sent;
}
const deposit = { date: '2026-11-20', description: 'DEPOSITO P26-004-G', document: '88812345', amountCentavos: 77700, familyId: 4 };

describe("'Banco' asks whether a line is the deposit of a verified receipt", () => {
  it("asks, 'Es el mismo depósito' chosen, and applying it sends the line to be linked", async () => {
    const sent = await open('mismo');
    const question = await screen.findByRole('group', { name: '¿Es el depósito del comprobante #12?' });
    expect(question).toHaveTextContent('del mismo monto (Q777), está verificado sin línea del banco');
    expect(screen.getByLabelText('Es el mismo depósito')).toBeChecked();
    expect(screen.getByLabelText('Es otro depósito')).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar el depósito de la fila 2' }));
    await waitFor(() => expect(sent).toEqual([{ lines: [deposit] }]));
  });

  it("'Es otro depósito' sends differentDeposit; another family chosen hides the question", async () => {
    const sent = await open('otro');
    await userEvent.click(await screen.findByLabelText('Es otro depósito'));
    expect(screen.getByLabelText('Es otro depósito')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar el depósito de la fila 2' }));
    await waitFor(() => expect(sent).toEqual([{ lines: [{ ...deposit, differentDeposit: true }] }]));

    await userEvent.selectOptions(screen.getByLabelText('Familia del depósito de la fila 2'), '3');
    expect(screen.queryByRole('group', { name: /comprobante #12/ })).not.toBeInTheDocument();
  });
});
