import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Statement } from '@portal/contracts';
import { TooltipProvider } from '@portal/ui/tooltip';
import { StatementTable } from './StatementTable';

const statement: Statement = {
  familyId: 5,
  graduateName: 'Isabella y Lucía Pérez',
  contactName: 'Lucía Pérez',
  graduates: 2,
  paymentReference: 'P26-007-G',
  lines: [
    {
      paymentNumber: 1,
      title: 'Primer Pago',
      dueDate: '2025-09-23',
      expected: 4250,
      expectedFrom: 'gemelos',
      overrideReason: null,
      overrideFamilyMessage: null,
      pastOverrides: [],
      received: 4000,
      balance: 250,
      state: 'parcial',
      due: true,
      receipts: [],
    },
    {
      paymentNumber: 2,
      title: 'Segundo Pago',
      dueDate: '2025-10-22',
      expected: 1700,
      expectedFrom: 'ajuste',
      overrideReason: 'Beca del 50%',
      overrideFamilyMessage: null,
      pastOverrides: [
        {
          amountQuetzales: 0,
          reason: 'Beca completa',
          setBy: 'Ana López',
          removedBy: 'Luis Pérez',
          removedAt: '2026-02-03T16:00:00.000Z',
          removalReason: 'Reemplazado por Q1,700: Beca del 50%',
        },
      ],
      received: 0,
      balance: 1700,
      state: 'pendiente',
      due: true,
      receipts: [],
    },
    {
      paymentNumber: 3,
      title: 'Tercer Pago',
      dueDate: '2025-11-18',
      expected: null,
      expectedFrom: null,
      overrideReason: null,
      overrideFamilyMessage: null,
      pastOverrides: [],
      received: 0,
      balance: null,
      state: 'pendiente',
      due: true,
      receipts: [],
    },
  ],
  totals: { expected: 5950, received: 4000, balance: 1950, credit: 0, dueBalance: 1950 },
  paid: false,
  entries: [],
};

describe("a family's statement", () => {
  it('shows owed, received and balance per payment and in total, where each amount comes from, and the reason of an own amount', () => {
    const onRemove = jest.fn();
    render(
      <TooltipProvider>
        <StatementTable statement={statement} onRemoveOverride={onRemove} />
      </TooltipProvider>,
    );
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('Q4,250')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('(gemelos)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Parcial (Q4,000 de Q4,250)')).toHaveClass('ui-badge--warning');
    expect(within(rows[2]!).getByText('Pendiente')).toHaveClass('ui-badge--danger');
    expect(screen.getByText('Saldo vencido hoy: Q1,950')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ajuste: Beca del 50%')).toBeInTheDocument();
    // The own amount it replaced stays, crossed out, with who and why.
    expect(within(rows[2]!).getByText('Ajuste: Q0, Beca completa').tagName).toBe('S');
    expect(within(rows[2]!).getByText(/^Quitado por Luis Pérez, .+: Reemplazado por Q1,700: Beca del 50%$/)).toBeInTheDocument();
    expect(within(rows[3]!).getAllByText('Sin monto')).toHaveLength(2);
    expect(within(rows[4]!).getByText('Q1,950')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar el ajuste del Segundo Pago' }));
    expect(onRemove).toHaveBeenCalledWith(2);
  });
});
