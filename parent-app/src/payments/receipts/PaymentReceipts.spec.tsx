import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyReceipt } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { toast } from '@portal/ui/toast';
import { PaymentReceipts } from './PaymentReceipts';

jest.mock('browser-image-compression', () => jest.fn());
jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

/** What the client reads of a fetch answer (jsdom has no Response). */
const answer = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: '',
  headers: { get: () => null },
  text: async () => (status === 204 ? '' : JSON.stringify(body)),
});

const receipt = (overrides: Partial<FamilyReceipt>): FamilyReceipt => ({
  id: 1,
  paymentNumber: 2,
  fileName: 'comprobante-pago-2.jpg',
  uploadedAt: '2025-10-20T15:00:00.000Z',
  state: 'en_revision',
  contentType: 'image/jpeg',
  hasThumbnail: true,
  amountDeclared: null,
  depositDate: null,
  documentNumber: null,
  review: null,
  kind: 'comprobante',
  duplicateOf: null,
  creditId: null,
  ...overrides,
});
const review = (amountReceived: number | null, message: string | null) => ({
  reviewedBy: 'Comité',
  reviewedAt: '2025-10-21T15:00:00.000Z',
  amountReceived,
  message,
});

describe("a payment's receipts", () => {
  it('shows on each receipt the amount, date and document the family typed, then its review', () => {
    render(
      <PaymentReceipts
        paymentNumber={2}
        receipts={[
          receipt({ id: 2, amountDeclared: 2950, depositDate: '2026-11-20', documentNumber: '88812345' }),
          receipt({ id: 3, amountDeclared: 1500.5 }),
        ]}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Comprobante #2 · Q2,950 · 20/11/2026 · Doc. 88812345 · En revisión');
    expect(rows[1]).toHaveTextContent('Comprobante #3 · Q1,500.50 · En revisión');
  });

  it("opens the upload when the bank card asks for this payment's receipt", async () => {
    const { rerender } = render(<PaymentReceipts paymentNumber={2} receipts={[]} />);
    expect(screen.queryByLabelText('Foto o PDF del comprobante')).toBeNull();
    rerender(<PaymentReceipts paymentNumber={2} receipts={[]} openRequest={1} />);
    const input = await screen.findByLabelText('Foto o PDF del comprobante');
    await waitFor(() => expect(input).toHaveFocus());
  });

  it('offers the upload with camera or gallery (no forced capture) while nothing is sent', async () => {
    render(<PaymentReceipts paymentNumber={2} receipts={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Subir comprobante' }));
    const input = screen.getByLabelText('Foto o PDF del comprobante');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    expect(input).not.toHaveAttribute('capture');
  });

  it('takes the amount deposited with its centavos, as typed, and refuses a third decimal', async () => {
    render(<PaymentReceipts paymentNumber={2} receipts={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Subir comprobante' }));
    const amount = screen.getByLabelText('Monto depositado (Q, opcional)') as HTMLInputElement;
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(amount, '2,950.50');
    expect(amount.validity.valid).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '2950.505');
    expect(amount.validity.patternMismatch).toBe(true);
  });

  it('shows a receipt verified with centavos to the centavo', () => {
    render(<PaymentReceipts paymentNumber={2} receipts={[receipt({ id: 13, state: 'verificado', review: review(2950.75, null) })]} paid />);
    expect(screen.getByText(/Recibido: Q2,950.75/)).toBeInTheDocument();
  });

  it('reads En revisión and lets the parent delete a receipt nobody has reviewed', () => {
    render(<PaymentReceipts paymentNumber={2} receipts={[receipt({})]} />);
    expect(screen.getAllByText('En revisión').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Miniatura del comprobante' })).toHaveAttribute('src', '/api/payment-proofs/1/thumbnail');
  });

  it('deletes the receipt on the server and asks for the list again; a refusal says why and keeps it', async () => {
    const calls: string[] = [];
    let refuse = false;
    global.fetch = jest.fn(async (url: string, init?: { method?: string }) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.method === 'DELETE') return refuse ? answer(409, { message: 'El comité ya revisó este comprobante.' }) : answer(204, null);
      return answer(200, []);
    }) as unknown as typeof fetch;
    renderWithApi(<PaymentReceipts paymentNumber={2} receipts={[receipt({ id: 7 })]} />);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(calls).toEqual(['DELETE /api/my-family/payment-proofs/7', 'GET /api/my-family/payment-proofs']));

    refuse = true;
    calls.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'El comité ya revisó este comprobante.', variant: 'destructive' }),
      ),
    );
    expect(calls).toEqual(['DELETE /api/my-family/payment-proofs/7']);
  });

  it("reads the receipt's own review, Verificado with the amount received, and no delete; the payment's state decides the uploads", () => {
    const { unmount } = render(
      <PaymentReceipts paymentNumber={2} receipts={[receipt({ id: 12, state: 'verificado', review: review(2950, null) })]} paid />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Comprobante #12 · Verificado');
    expect(screen.getByText(/Recibido: Q2,950/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subir comprobante' })).not.toBeInTheDocument();
    unmount();
    // Verified but the payment not paid in full (a part of it): the family may send the rest.
    render(<PaymentReceipts paymentNumber={2} receipts={[receipt({ state: 'verificado', review: review(450, null) })]} />);
    expect(screen.getByRole('button', { name: 'Subir comprobante' })).toBeInTheDocument();
  });

  it('shows the document and day the committee read beside the ones the family typed', () => {
    render(
      <PaymentReceipts
        paymentNumber={2}
        receipts={[
          receipt({
            id: 14,
            amountDeclared: 777,
            depositDate: '2026-11-21',
            documentNumber: '1',
            state: 'verificado',
            review: { ...review(777, null), documentNumber: '88812345', depositDate: '2026-11-20' },
          }),
        ]}
        paid
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Comprobante #14 · Q777 · 21/11/2026 · Doc. 1 · Verificado');
    expect(screen.getByText('El comité leyó en el comprobante: Doc. 88812345 · 20/11/2026')).toBeInTheDocument();
  });

  it("reads Rechazado with the committee's message to the family and a way to send another", () => {
    render(
      <PaymentReceipts paymentNumber={2} receipts={[receipt({ state: 'rechazado', review: review(null, 'El monto no coincide.') })]} />,
    );
    expect(screen.getByText('Mensaje del comité: El monto no coincide.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar otro comprobante' })).toBeInTheDocument();
  });

  it('says when a receipt looks like one already sent', () => {
    render(<PaymentReceipts paymentNumber={2} receipts={[receipt({ id: 13, duplicateOf: 12 })]} />);
    expect(screen.getByText('Parece repetido: igual al comprobante #12')).toBeInTheDocument();
  });
});
