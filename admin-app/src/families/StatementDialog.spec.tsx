import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Family, Statement } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { StatementDialog } from './StatementDialog';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const FAMILY = { id: 5, graduateName: 'Sofía Morales' } as Family;

const line = (paymentNumber: 1 | 2, state: 'pagado' | 'pendiente') => ({
  paymentNumber,
  title: paymentNumber === 1 ? 'Primer Pago' : 'Segundo Pago',
  dueDate: '2026-09-23',
  expected: 2950,
  expectedFrom: 'general' as const,
  overrideReason: null,
  overrideFamilyMessage: null,
  pastOverrides: [],
  received: state === 'pagado' ? 2950 : 0,
  balance: state === 'pagado' ? 0 : 2950,
  state,
  due: true,
  receipts: [],
});

const STATEMENT = {
  familyId: 5,
  graduateName: 'Sofía Morales',
  contactName: 'Carlos Morales',
  graduates: 1,
  paymentReference: 'P26-005-M',
  lines: [line(1, 'pagado'), line(2, 'pendiente')],
  totals: { expected: 5900, received: 2950, balance: 2950, credit: 0, dueBalance: 2950 },
  paid: false,
  entries: [],
} as unknown as Statement;

describe("a family's statement dialog", () => {
  it('offers to record money only once the statement is read, proposing its first unpaid payment, and keeps what is typed', async () => {
    let answer: () => void = () => undefined;
    const read = new Promise<void>((resolve) => (answer = resolve));
    global.fetch = jest.fn(async () => {
      await read;
      return { ok: true, status: 200, statusText: '', headers: { get: () => null }, text: async () => JSON.stringify(STATEMENT) };
    }) as unknown as typeof fetch;
    renderWithApi(<StatementDialog family={FAMILY} onClose={jest.fn()} />);
    // While it loads, no form whose payment would change under the treasurer's fingers.
    expect(screen.queryByRole('form', { name: 'Registrar dinero recibido' })).not.toBeInTheDocument();
    answer();
    const form = await screen.findByRole('form', { name: 'Registrar dinero recibido' });
    expect(form.querySelector('select')).toHaveValue('2');
    await userEvent.type(within(form).getByLabelText('Monto (Q)'), '1200');
    expect(within(form).getByLabelText('Monto (Q)')).toHaveValue('1200');
    expect(within(form).getByRole('button', { name: 'Registrar pago' })).toBeEnabled();
  });
});
