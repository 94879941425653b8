import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BankPreview } from '@portal/contracts';
import { previewBankStatement } from '@portal/api-client/bank';
import { booksKey } from '@portal/api-client/books';
import { familiesKey } from '@portal/api-client/families';
import { ApiError } from '@portal/api-client/request';
import { renderWithApi } from '@portal/test-utils/render';
import { toast } from '@portal/ui/toast';
import BankSection from './BankSection';

/** The books a confirmation refreshes: the main bank account only (no account to choose). */
const NO_SECOND_ACCOUNT = { accounts: [] };

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
      const body =
        url === '/api/bank-statements/confirm' ? { applied: 1, discarded: 0, linked: 1 } : url === booksKey ? NO_SECOND_ACCOUNT : {};
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

  it("makes a line other income from its own 'Otro ingreso' button, with the category and who it came from", async () => {
    jest
      .mocked(previewBankStatement)
      .mockResolvedValue({ ...PREVIEW, lines: [{ ...PREVIEW.lines[0]!, covered: null, description: 'DEPOSITO RIFA' }] });
    const sent: unknown[] = [];
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') sent.push(JSON.parse(init.body ?? '{}'));
      const body =
        url === '/api/bank-statements/confirm'
          ? { applied: 0, discarded: 0, linked: 0, income: 1 }
          : url === booksKey
            ? NO_SECOND_ACCOUNT
            : {};
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    renderWithApi(<BankSection />, { data: { [familiesKey]: [{ id: 3, graduateName: 'Mateo López' }] }, revalidateOnMount: false });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'estado.csv', { type: 'text/csv' }));
    // Without a family, 'Aplicar' waits; 'Otro ingreso' and 'Descartar' are words, not icons.
    expect(await screen.findByRole('button', { name: 'Aplicar el depósito de la fila 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descartar el depósito de la fila 2' })).toHaveTextContent('Descartar');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar el depósito de la fila 2 como otro ingreso' }));
    const dialog = screen.getByRole('dialog', { name: 'Registrar como otro ingreso' });
    expect(dialog).toHaveTextContent('El depósito del 22/09/2025 por Q2,950.00 («DEPOSITO RIFA»)');
    await userEvent.type(within(dialog).getByLabelText('Categoría'), 'Rifa');
    await userEvent.type(within(dialog).getByLabelText(/^De quién o de qué/), 'Rifa navideña');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar ingreso' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: '1 registrada como otro ingreso' }));
    expect(sent).toEqual([
      {
        lines: [
          {
            date: '2025-09-22',
            description: 'DEPOSITO RIFA',
            document: '48213377',
            amountCentavos: 295000,
            familyId: null,
            income: { category: 'Rifa', source: 'Rifa navideña' },
          },
        ],
      },
    ]);
  });

  it("opens the column chooser with the file's first rows when the columns are not found, and reads the file with the columns chosen", async () => {
    const message = 'No encontramos las columnas de fecha y de monto (crédito o depósito). Indica qué columna es cada una.';
    const details = {
      needsMapping: true,
      missing: ['date', 'amount'],
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
    // What it could not find stays on the screen, in the chooser, until the file is read.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No encontramos la columna de la fecha ni la del monto (Crédito/Depósito o Monto). Indica qué columna es cada una.',
    );
    expect(screen.getByText('ABONO Marta Gómez')).toBeVisible();
    const credit = screen.getByLabelText('Crédito (depósitos)');
    expect(credit).toBeVisible();
    await userEvent.selectOptions(credit, 'Entrada');
    await userEvent.selectOptions(screen.getByLabelText('Descripción'), 'Texto');
    await userEvent.click(screen.getByRole('button', { name: 'Volver a leer' }));
    expect(jest.mocked(previewBankStatement)).toHaveBeenLastCalledWith(
      expect.any(File),
      'estado.csv',
      {
        headerLine: 1,
        mapping: { date: 0, description: 1, document: null, credit: 2, debit: null, amount: null, balance: null },
      },
      undefined,
    );
    expect(await screen.findByText('DEPÓSITO 48213377')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the column it could not find, and keeps the chooser open with the new reason when the chosen columns are refused', async () => {
    const refusal = (body: object) => new ApiError(400, JSON.stringify({ statusCode: 400, ...body }), 'Bad Request');
    jest
      .mocked(previewBankStatement)
      .mockRejectedValueOnce(
        refusal({
          message: 'No encontramos las columnas de fecha y de monto (crédito o depósito). Indica qué columna es cada una.',
          details: { needsMapping: true, missing: ['amount'], headers: ['Fecha', 'Texto', 'Entrada'], headerLine: 3, sample: [] },
        }),
      )
      .mockRejectedValueOnce(refusal({ message: 'Esa columna no existe en el archivo.' }));
    renderWithApi(<BankSection />, { data: { [familiesKey]: [] }, revalidateOnMount: false });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'estado.csv', { type: 'text/csv' }));
    const chooser = (await screen.findByText('Columnas del archivo')).closest('details')!;
    expect(within(chooser).getByRole('alert')).toHaveTextContent(
      'No encontramos la columna del monto (Crédito/Depósito o Monto). Indica qué columna es cada una.',
    );
    await userEvent.selectOptions(screen.getByLabelText('Crédito (depósitos)'), 'Entrada');
    await userEvent.selectOptions(screen.getByLabelText('Saldo'), 'Texto');
    await userEvent.click(screen.getByRole('button', { name: 'Volver a leer' }));
    expect(jest.mocked(previewBankStatement)).toHaveBeenLastCalledWith(
      expect.any(File),
      'estado.csv',
      {
        headerLine: 3,
        mapping: { date: 0, description: null, document: null, credit: 2, debit: null, amount: null, balance: 1 },
      },
      undefined,
    );
    // Refused again: the chooser stays open, with the columns chosen and the new reason.
    await waitFor(() => expect(within(chooser).getByRole('alert')).toHaveTextContent('Esa columna no existe en el archivo.'));
    expect(chooser).toHaveAttribute('open');
    expect(screen.getByLabelText('Crédito (depósitos)')).toHaveValue('2');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("shows the balance the bank's file ends on, and the rows whose Saldo does not follow", async () => {
    jest.mocked(previewBankStatement).mockResolvedValue({
      ...PREVIEW,
      closingBalance: { date: '2026-11-06', amountCentavos: 867000 },
      balanceBreaks: [{ line: 8, expectedCentavos: 950000, foundCentavos: 945000 }],
    });
    renderWithApi(<BankSection />, { data: { [familiesKey]: [] }, revalidateOnMount: false });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'estado.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Saldo según el banco al 06/11/2026: Q8,670.00')).toBeInTheDocument();
    expect(screen.getByText('Fila 8: el saldo debería ser Q9,500.00 y el archivo dice Q9,450.00.')).toBeInTheDocument();
    // A file whose Saldo does not add up is not recorded as the bank's balance.
    expect(screen.getByRole('button', { name: 'Anotar como saldo del banco y comparar con las cuentas' })).toBeDisabled();
  });

  it("records the file's closing balance as the bank's in the books, and says whether they are reconciled", async () => {
    jest.mocked(previewBankStatement).mockResolvedValue({ ...PREVIEW, closingBalance: { date: '2026-11-30', amountCentavos: 4004423 } });
    const sent: Array<{ url: string; body: unknown }> = [];
    let difference = 0;
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') sent.push({ url, body: JSON.parse(init.body ?? '{}') });
      // The statement's account (the main one: the preview names none) with its reconciliation.
      const reconciliation = {
        holdingId: 1,
        asOf: '2026-11-30',
        held: 40044.23,
        books: 40044.23 - difference,
        difference,
        by: 'T',
        at: '',
      };
      const body = url === '/api/books/holdings' ? { accounts: [{ id: 1, main: true, reconciliation }] } : {};
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    const { unmount } = renderWithApi(<BankSection />, { data: { [familiesKey]: [] }, revalidateOnMount: false });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'noviembre.csv', { type: 'text/csv' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Anotar como saldo del banco y comparar con las cuentas' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Conciliado al 30/11/2026: banco Q40,044.23 = libros Q40,044.23.');
    expect(sent).toEqual([
      { url: '/api/books/holdings', body: { kind: 'banco', asOf: '2026-11-30', amount: 40044.23, note: 'Estado de cuenta noviembre.csv' } },
    ]);
    unmount();

    // Books that hold Q1,600 less than the bank: the difference, never 'Conciliado'.
    difference = 1600;
    renderWithApi(<BankSection />, { data: { [familiesKey]: [] }, revalidateOnMount: false });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'noviembre.csv', { type: 'text/csv' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Anotar como saldo del banco y comparar con las cuentas' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Al 30/11/2026 no cuadra: banco Q40,044.23, libros Q38,444.23 (diferencia Q1,600.00).',
    );
  });
  it("proposes an exact match's family even when the families arrive after the file is read, never 'Sin familia'", async () => {
    jest.mocked(previewBankStatement).mockResolvedValue({
      ...PREVIEW,
      lines: [
        {
          ...PREVIEW.lines[0]!,
          covered: null,
          match: { familyId: 4, graduateName: 'Sofía Morales', reference: 'MOR-4', exact: true, by: 'referencia', reason: '' },
        },
      ],
    });
    let answerFamilies: () => void = () => undefined;
    const families = new Promise<void>((resolve) => (answerFamilies = resolve));
    global.fetch = jest.fn(async (url: string) => {
      if (url.startsWith(familiesKey)) await families;
      // The families, once answered; the books with no second bank account.
      const body = url.startsWith(familiesKey)
        ? [
            { id: 3, graduateName: 'Mateo López' },
            { id: 4, graduateName: 'Sofía Morales' },
          ]
        : { accounts: [] };
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    renderWithApi(<BankSection />);
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'estado.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('button', { name: 'Confirmar 1 coincidencia exacta' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Familia del depósito de la fila 2')).not.toBeInTheDocument();
    answerFamilies();
    await waitFor(() => expect(screen.getByLabelText('Familia del depósito de la fila 2')).toHaveValue('4'));
    expect(screen.getByText('Exacta')).toBeInTheDocument();
  });
  it("ends each withdrawal from its row: 'Enlazar' to what was recorded by hand, 'Comisión del banco', 'Descartar' with a reason", async () => {
    const withdrawal = (line: number, document: string, amountCentavos: number, recorded: { id: number; label: string } | null) => ({
      ...PREVIEW.lines[0]!,
      checksum: document,
      line,
      document,
      description: `RETIRO ${document}`,
      amountCentavos,
      covered: null,
      recorded,
    });
    jest.mocked(previewBankStatement).mockResolvedValue({
      ...PREVIEW,
      withdrawals: [
        withdrawal(3, '1001', -30000, { id: 12, label: 'Gasto #12 · Estudio Luz · 08/09/2026' }),
        withdrawal(4, '300112', -2500, null),
        withdrawal(5, '300111', -1200, null),
      ],
    });
    const sent: unknown[] = [];
    global.fetch = jest.fn(async (url: string, init?: { method?: string; body?: string }) => {
      if (init?.method === 'POST') sent.push(JSON.parse(init.body ?? '{}'));
      const body =
        url === '/api/bank-statements/confirm'
          ? { applied: 0, discarded: 0, linked: 0, income: 0, matched: 1 }
          : url === booksKey
            ? NO_SECOND_ACCOUNT
            : {};
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    renderWithApi(<BankSection />, { data: { [familiesKey]: [] }, revalidateOnMount: false });
    await userEvent.upload(screen.getByLabelText('Archivo del banco'), new File(['x'], 'estado.csv', { type: 'text/csv' }));
    expect(await screen.findByText('3 retiros en el archivo; 3 por decidir.')).toBeInTheDocument();
    expect(screen.getByText('Registrado a mano: Gasto #12 · Estudio Luz · 08/09/2026')).toBeInTheDocument();
    // Nothing recorded by hand for the fee: no 'Enlazar' on its row.
    expect(screen.getAllByRole('button', { name: /^Enlazar el retiro/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Enlazar el retiro de la fila 3 a Gasto #12 · Estudio Luz · 08/09/2026' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: '1 enlazada a lo registrado a mano' }));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar el retiro de la fila 4 como comisión del banco' }));
    await userEvent.click(screen.getByRole('button', { name: 'Descartar el retiro de la fila 5' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /motivo/i }), 'Cobro por error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    const line = (document: string, amountCentavos: number) => ({
      date: '2025-09-22',
      description: `RETIRO ${document}`,
      document,
      amountCentavos,
      familyId: null,
    });
    expect(sent).toEqual([
      { lines: [{ ...line('1001', -30000), movementId: 12 }] },
      { lines: [{ ...line('300112', -2500), fee: true }] },
      { lines: [{ ...line('300111', -1200), reason: 'Cobro por error' }] },
    ]);
  });
  it('reads a file picked while another is being read, and never shows the earlier answer', async () => {
    const answers: Array<(preview: BankPreview) => void> = [];
    jest.mocked(previewBankStatement).mockClear();
    jest.mocked(previewBankStatement).mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    global.fetch = jest.fn(async (url: string) => {
      const body = url === booksKey ? NO_SECOND_ACCOUNT : {};
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    renderWithApi(<BankSection />, { data: { [familiesKey]: [] }, revalidateOnMount: false });
    const input = screen.getByLabelText('Archivo del banco');
    await userEvent.upload(input, new File(['a'], 'octubre.csv', { type: 'text/csv' }));
    await userEvent.upload(input, new File(['b'], 'noviembre.csv', { type: 'text/csv' }));
    const line = (description: string) => ({ ...PREVIEW.lines[0]!, covered: null, description });
    answers[0]!({ ...PREVIEW, lines: [line('DEPOSITO DE OCTUBRE')] });
    await waitFor(() => expect(previewBankStatement).toHaveBeenCalledTimes(2));
    expect(jest.mocked(previewBankStatement).mock.calls.map((call) => call[1])).toEqual(['octubre.csv', 'noviembre.csv']);
    answers[1]!({ ...PREVIEW, lines: [line('DEPOSITO DE NOVIEMBRE')] });
    expect(await screen.findByText('DEPOSITO DE NOVIEMBRE')).toBeInTheDocument();
    expect(screen.queryByText('DEPOSITO DE OCTUBRE')).not.toBeInTheDocument();
  });
});
