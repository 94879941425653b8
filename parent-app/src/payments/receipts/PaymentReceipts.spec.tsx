import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyReceipt } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { FakeUpload, installFakeUpload } from '@portal/test-utils/fake-upload';
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
  paysFor: [overrides.paymentNumber ?? 2],
  ...overrides,
});

/** The payments not paid yet (the first is), oldest first, as 'Pagos' offers them. */
const CHOICES = [
  { paymentNumber: 2 as const, title: 'Segundo Pago', balance: 3400 },
  { paymentNumber: 3 as const, title: 'Tercer Pago', balance: 1500 },
  { paymentNumber: 5 as const, title: 'Quinto Pago', balance: null },
  { paymentNumber: 6 as const, title: 'Sexto Pago', balance: 1000 },
];
const slip = () => new File(['%PDF-1.4'], 'boleta.pdf', { type: 'application/pdf' });
/** The fields of the last upload sent. */
const sentFields = () => {
  const form = FakeUpload.sent.at(-1)!.body as FormData;
  return { paymentNumber: form.get('paymentNumber'), paysFor: form.get('paysFor') };
};
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

describe('what the family says a slip pays', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installFakeUpload({ status: 201, body: '{"id":40}' });
  });
  afterEach(() => uninstall());

  // Submitted as the button does; jsdom cannot see the picked file in the input's own validity.
  const send = () => fireEvent.submit(screen.getByRole('button', { name: 'Enviar comprobante' }).closest('form')!);
  const boxes = () =>
    screen.getAllByRole('checkbox').map((box) => [(box as HTMLInputElement).labels?.[0]?.textContent, (box as HTMLInputElement).checked]);

  it('asks which payment the deposit pays, with the oldest unpaid one chosen, and sends that', async () => {
    renderWithApi(<PaymentReceipts paymentNumber={2} receipts={[]} choices={CHOICES} openRequest={1} />);
    const question = await screen.findByRole('group', { name: '¿Qué paga este depósito?' });
    expect(question).toBeVisible();
    expect(boxes()).toEqual([
      ['Segundo Pago · pendiente: Q3,400', true],
      ['Tercer Pago · pendiente: Q1,500', false],
      ['Quinto Pago', false],
      ['Sexto Pago · pendiente: Q1,000', false],
      ['Saldo a favor (sin un pago en particular)', false],
    ]);
    await userEvent.upload(screen.getByLabelText('Foto o PDF del comprobante'), slip());
    send();
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(sentFields()).toEqual({ paymentNumber: '2', paysFor: '2' });
  });

  it('lets the family choose the sixth payment instead: the slip is sent for it', async () => {
    renderWithApi(<PaymentReceipts paymentNumber={2} receipts={[]} choices={CHOICES} openRequest={1} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Segundo Pago/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Sexto Pago/ }));
    await userEvent.upload(screen.getByLabelText('Foto o PDF del comprobante'), slip());
    send();
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(sentFields()).toEqual({ paymentNumber: '6', paysFor: '6' });
  });

  it('takes several payments, oldest first, or Saldo a favor alone; none chosen is asked for before anything is sent', async () => {
    renderWithApi(<PaymentReceipts paymentNumber={2} receipts={[]} choices={CHOICES} openRequest={1} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Segundo Pago/ }));
    await userEvent.upload(screen.getByLabelText('Foto o PDF del comprobante'), slip());
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Elige qué paga el depósito: uno o varios pagos, o «Saldo a favor».');
    expect(FakeUpload.sent).toHaveLength(0);
    // Ticked in any order, sent oldest first: the money pays them in that order.
    await userEvent.click(screen.getByRole('checkbox', { name: /Sexto Pago/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Tercer Pago/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Segundo Pago/ }));
    send();
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(sentFields()).toEqual({ paymentNumber: '2', paysFor: '2,3,6' });
  });

  it("sends 'Saldo a favor' alone, listed under this payment", async () => {
    renderWithApi(<PaymentReceipts paymentNumber={2} receipts={[]} choices={CHOICES} openRequest={1} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Tercer Pago/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Saldo a favor/ }));
    expect(boxes().filter(([, checked]) => checked)).toEqual([['Saldo a favor (sin un pago en particular)', true]]);
    await userEvent.upload(screen.getByLabelText('Foto o PDF del comprobante'), slip());
    send();
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(sentFields()).toEqual({ paymentNumber: '2', paysFor: 'saldo_a_favor' });
  });

  it('chooses the payment whose upload the family opened', async () => {
    render(<PaymentReceipts paymentNumber={6} receipts={[]} choices={CHOICES} />);
    await userEvent.click(screen.getByRole('button', { name: 'Subir comprobante' }));
    expect(boxes().filter(([, checked]) => checked)).toEqual([['Sexto Pago · pendiente: Q1,000', true]]);
  });

  it('shows on each receipt what the family said it pays', () => {
    render(
      <PaymentReceipts
        paymentNumber={5}
        receipts={[
          receipt({ id: 21, paymentNumber: 5, paysFor: [5, 6] }),
          receipt({ id: 22, paymentNumber: 5, paysFor: [] }),
          receipt({ id: 23, paymentNumber: 5, paysFor: [5] }),
        ]}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Para: Quinto Pago y Sexto Pago');
    expect(rows[1]).toHaveTextContent('Para: saldo a favor');
    expect(rows[2]).toHaveTextContent('Para: Quinto Pago');
  });
});
