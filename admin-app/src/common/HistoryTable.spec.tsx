import { renderWithApi } from '@portal/test-utils/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEntry, HistoryPage } from '@portal/contracts';
import { HistoryTable } from './HistoryTable';

const UPDATE: HistoryEntry = {
  id: 41,
  at: '2026-03-02T18:05:00.000Z',
  actorUserId: 2,
  actorName: 'Ana Comité',
  actorRole: 'admin',
  action: 'family.update',
  entity: 'family',
  entityId: 7,
  familyId: 7,
  familyName: 'Lucía Pérez',
  label: 'Lucía Pérez',
  before: { contactName: 'Marta Pérez', hasPaid: false, paymentAmount: 0 },
  after: { contactName: 'Marta P.', hasPaid: true, paymentAmount: 2950 },
};
const VERIFIED: HistoryEntry = {
  ...UPDATE,
  id: 12,
  action: 'payment-proof.verify',
  entity: 'payment-proof',
  label: 'Tercer Pago',
  before: { state: 'en_revision', 'review.amountReceived': null },
  after: { state: 'verificado', 'review.amountReceived': 2950 },
};

let urls: string[] = [];
beforeEach(() => {
  urls = [];
  global.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    const page: HistoryPage = url.includes('before=') ? { items: [VERIFIED], next: null } : { items: [UPDATE], next: 41 };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(page) } as Response;
  }) as typeof fetch;
});

const renderTable = (props: Parameters<typeof HistoryTable>[0]) => renderWithApi(<HistoryTable {...props} />);

describe("the admin's history", () => {
  it('shows when, who, what and each changed field as before → after', async () => {
    renderTable({ filters: { entity: 'family', from: '2026-03-01' } });
    await screen.findByRole('columnheader', { name: 'Familia' });
    const row = (await screen.findByText('Familia actualizada')).closest('tr')!;
    // The family column and the row's own label.
    expect(within(row).getAllByText('Lucía Pérez')).toHaveLength(2);
    expect(within(row).getByText('Ana Comité')).toBeInTheDocument();
    expect(within(row).getByText('Comité')).toBeInTheDocument();
    // 18:05 UTC is 12:05 in Guatemala.
    expect(within(row).getByText(/02\/03\/2026.*12:05/)).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Contacto: Marta Pérez → Marta P.', 'Pagado: No → Sí', 'Monto pagado: Q0 → Q2,950']);
    expect(urls).toEqual(['/api/history?entity=family&from=2026-03-01']);
  });

  it("pages with the cursor the API gave, and reads a family's own route", async () => {
    renderTable({ ofFamily: 7 });
    await userEvent.click(await screen.findByRole('button', { name: 'Ver más' }));
    const row = (await screen.findByText('Comprobante verificado')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Estado: En revisión → Verificado', 'Monto recibido: — → Q2,950']);
    expect(urls).toEqual(['/api/families/7/history', '/api/families/7/history?before=41']);
    // A family's own history does not repeat its name on every row.
    expect(screen.queryByRole('columnheader', { name: 'Familia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('names the family of a money row and says what a reversal did', async () => {
    const reversal: HistoryEntry = {
      ...UPDATE,
      id: 50,
      action: 'ledger.reverse',
      entity: 'ledger',
      entityId: 3,
      familyId: 4,
      familyName: 'Sofía Morales',
      label: null,
      before: null,
      after: { source: 'banco', amount: 500, reason: 'Era de otra familia' },
    };
    global.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      statusText: '',
      text: async () => JSON.stringify({ items: [reversal], next: null }),
    })) as unknown as typeof fetch;
    renderTable({ filters: { entity: 'ledger' } });
    const row = (await screen.findByText('Movimiento revertido')).closest('tr')!;
    expect(within(row).getByText('Sofía Morales')).toHaveAttribute('data-label', 'Familia');
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Origen: Banco', 'Monto: Q500', 'Motivo: Era de otra familia']);
  });
});
