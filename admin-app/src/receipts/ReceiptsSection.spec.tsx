import { render, screen, within } from '@testing-library/react';
import { renderWithApi } from '@portal/test-utils/render';
import userEvent from '@testing-library/user-event';
import type { ReviewQueueItem } from '@portal/contracts';
import { rejectReceipt, verifyReceipt } from '@portal/api-client/receipts';
import ReceiptsSection from './ReceiptsSection';

const item = (id: number, graduateName: string, contentType = 'image/jpeg'): ReviewQueueItem => ({
  id,
  paymentNumber: 1,
  kind: 'comprobante',
  expected: 2950,
  stillOwed: 2950,
  fileName: 'comprobante-pago-1.jpg',
  uploadedAt: '2025-09-20T15:00:00.000Z',
  state: 'en_revision',
  contentType,
  hasThumbnail: contentType !== 'application/pdf',
  amountDeclared: 2950,
  depositDate: null,
  documentNumber: null,
  review: null,
  familyId: id,
  graduateName,
  contactName: `Contacto de ${graduateName}`,
  warnings: [],
  duplicateOf: null,
  creditId: null,
  paysFor: [1],
});

let queue = [item(1, 'Lucía Ramírez'), item(2, 'Mateo López', 'application/pdf')];
beforeEach(() => {
  queue = [item(1, 'Lucía Ramírez'), item(2, 'Mateo López', 'application/pdf')];
});

// The decisions' hooks run these (their refreshes are the hooks' own, tested in api-client).
jest.mock('@portal/api-client/receipts', () => {
  const verifyReceipt = jest.fn(() => Promise.resolve({}));
  const rejectReceipt = jest.fn(() => Promise.resolve({}));
  return {
    ...jest.requireActual('@portal/api-client/receipts'),
    useReviewQueue: () => ({ data: queue }),
    verifyReceipt,
    rejectReceipt,
    useVerifyReceipt: () => ({ run: verifyReceipt, isPending: false }),
    useRejectReceipt: () => ({ run: rejectReceipt, isPending: false }),
  };
});
jest.mock('@portal/api-client/refresh', () => ({ useRefresh: () => () => Promise.resolve() }));

describe('the Comprobantes queue', () => {
  it('shows the oldest receipt first, verifies it with the amount received and opens the next', async () => {
    render(<ReceiptsSection />);
    expect(screen.getByRole('heading', { name: /Lucía Ramírez · Pago 1/ })).toBeInTheDocument();
    expect(screen.getByText('Monto declarado: Q2,950')).toBeInTheDocument();
    expect(screen.getByText(/J siguiente, K anterior, V verificar, R rechazar/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(verifyReceipt).toHaveBeenCalledWith({ id: 1, amountReceived: 2950 });
    expect(await screen.findByRole('heading', { name: /Mateo López · Pago 1/ })).toBeInTheDocument();
    // A PDF opens by link only.
    expect(screen.getByRole('link', { name: 'Abrir el PDF en otra pestaña' })).toHaveAttribute('href', '/api/payment-proofs/2/file');
  });

  it('needs a reason to reject, and moves with J and K', async () => {
    render(<ReceiptsSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribe el motivo del rechazo.');
    expect(rejectReceipt).not.toHaveBeenCalled();
    await userEvent.keyboard('j');
    expect(screen.getByRole('heading', { name: /Mateo López/ })).toBeInTheDocument();
    await userEvent.keyboard('k');
    expect(screen.getByRole('heading', { name: /Lucía Ramírez/ })).toBeInTheDocument();
    await userEvent.keyboard('r');
    expect(screen.getByLabelText('Motivo del rechazo (solo el comité lo ve)')).toHaveFocus();
  });

  it('rejects with the internal reason and, apart, the message the family will read', async () => {
    render(<ReceiptsSection />);
    await userEvent.type(screen.getByLabelText('Motivo del rechazo (solo el comité lo ve)'), 'Era de la familia Pineda');
    await userEvent.type(screen.getByLabelText('Mensaje para la familia (opcional)'), 'La foto no se lee.');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(rejectReceipt).toHaveBeenCalledWith({ id: 1, reason: 'Era de la familia Pineda', messageToFamily: 'La foto no se lee.' });
  });

  it("shows a receipt's warnings and its repeat, and offers to reverse a verification that stands", async () => {
    queue = [
      {
        ...item(14, 'Sofía Morales'),
        state: 'verificado',
        duplicateOf: 12,
        warnings: ['El banco ya acreditó este depósito (documento 48213377).'],
        creditId: 30,
        review: { reviewedBy: 'Tesorera', reviewedAt: '2025-09-21T15:00:00.000Z', amountReceived: 2950, reason: null, familyMessage: null },
      },
    ];
    renderWithApi(<ReceiptsSection />);
    expect(screen.getByText('Parece repetido: igual al comprobante #12')).toHaveClass('ui-badge--warning');
    const warnings = screen.getByRole('list', { name: 'Antes de decidir' });
    expect(warnings).toHaveTextContent('El banco ya acreditó este depósito (documento 48213377).');
    await userEvent.click(screen.getByRole('button', { name: 'Revertir verificación' }));
    const dialog = screen.getByRole('dialog', { name: 'Revertir la verificación del comprobante #14' });
    expect(within(dialog).getByLabelText('Volver a revisión')).toBeChecked();
    expect(within(dialog).getByLabelText('Rechazar el comprobante')).toBeInTheDocument();
  });

  it('shows the typed document and date in the verify form, and sends only what the committee corrected', async () => {
    queue = [{ ...item(21, 'Ana Hernández'), amountDeclared: 777, stillOwed: 0, depositDate: '2026-11-21', documentNumber: '1' }];
    render(<ReceiptsSection />);
    const document = screen.getByLabelText('Número de documento (según el comprobante)');
    const day = screen.getByLabelText('Fecha del depósito (según el comprobante)');
    expect(document).toHaveValue('1');
    expect(day).toHaveValue('2026-11-21');
    await userEvent.clear(document);
    await userEvent.type(document, '88812345');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(verifyReceipt).toHaveBeenLastCalledWith({ id: 21, amountReceived: 777, documentNumber: '88812345', depositDate: '2026-11-20' });
  });

  it('shows what the family typed and what the committee read on a verified receipt', () => {
    queue = [
      {
        ...item(22, 'José García'),
        state: 'verificado',
        depositDate: '2026-11-21',
        documentNumber: '1',
        creditId: 31,
        review: {
          reviewedBy: 'Tesorera',
          reviewedAt: '2026-11-22T15:00:00.000Z',
          amountReceived: 777,
          reason: null,
          documentNumber: '88812345',
          depositDate: '2026-11-20',
        },
      },
    ];
    renderWithApi(<ReceiptsSection />);
    expect(screen.getByText('Documento 1')).toBeInTheDocument();
    expect(screen.getByText('Corregido por el comité: documento 88812345, depósito del 20/11/2026')).toBeInTheDocument();
  });

  it('shows what the family said the slip pays, and verifies it against those payments', async () => {
    queue = [
      { ...item(31, 'Valeria Pérez'), paymentNumber: 6, paysFor: [6], expected: 1000, stillOwed: 1000, amountDeclared: 1000 },
      { ...item(32, 'Diego Cruz'), paymentNumber: 5, paysFor: [5, 6], expected: 2000, stillOwed: 2000, amountDeclared: 2000 },
      { ...item(33, 'Elena Soto'), paysFor: [], expected: null, stillOwed: null, amountDeclared: 500 },
    ];
    render(<ReceiptsSection />);
    // The queue names it on each slip.
    const queued = screen.getAllByRole('listitem').map((row) => row.textContent);
    expect(queued).toEqual(['Valeria Pérez · Pago 6', 'Diego Cruz · Pagos 5 y 6', 'Elena Soto · Saldo a favor']);
    expect(screen.getByRole('heading', { name: /Valeria Pérez · Pago 6/ })).toBeInTheDocument();
    expect(
      screen.getByText('La familia dice que paga: Sexto Pago. Se aplica primero a ese pago; lo que sobre, al pendiente más antiguo.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Monto esperado: Q1,000 (pendiente de verificar: Q1,000)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(verifyReceipt).toHaveBeenLastCalledWith({ id: 31, amountReceived: 1000 });

    expect(await screen.findByRole('heading', { name: /Diego Cruz · Pagos 5 y 6/ })).toBeInTheDocument();
    expect(
      screen.getByText(
        'La familia dice que paga: Quinto Pago y Sexto Pago. Se aplica primero a esos pagos, en ese orden; lo que sobre, al pendiente más antiguo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Monto recibido (Q)')).toHaveValue('2000');

    await userEvent.keyboard('j');
    expect(screen.getByRole('heading', { name: /Elena Soto · Saldo a favor/ })).toBeInTheDocument();
    expect(
      screen.getByText('La familia dice que es saldo a favor (sin un pago en particular): pagará el pago pendiente más antiguo.'),
    ).toBeInTheDocument();
  });
});
