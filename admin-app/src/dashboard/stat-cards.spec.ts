import { statCards } from './DashboardSection';

describe('the dashboard stat cards', () => {
  it('show payments as a rounded percent, available tables and both RSVPs combined', () => {
    const cards = statCards({
      totalFamilies: 3,
      paymentsReceived: 2,
      tablesBooked: 7,
      awardsRsvpCount: 2,
      brunchRsvpCount: 1,
      awardsGuestsCount: 5,
      brunchGuestsCount: 2,
      moneyReceived: 0,
      moneyCredit: 0,
      moneyExpected: 0,
      paymentProgress: [],
      unpricedPayments: [],
    });
    expect(cards.map(({ label, value, hint }) => [label, value, hint])).toEqual([
      ['Total de Familias', 3, 'Familias registradas'],
      ['Pagos Recibidos', 2, '67% completado'],
      ['Mesas Reservadas', 7, '193 mesas disponibles'],
      ['Confirmaciones de Eventos', 3, 'Ambos eventos combinados'],
    ]);
  });

  it('writes one available table in the singular', () => {
    const tables = (booked: number) =>
      statCards({
        totalFamilies: 1,
        paymentsReceived: 0,
        tablesBooked: booked,
        awardsRsvpCount: 0,
        brunchRsvpCount: 0,
        awardsGuestsCount: 0,
        brunchGuestsCount: 0,
        moneyReceived: 0,
        moneyCredit: 0,
        moneyExpected: 0,
        paymentProgress: [],
        unpricedPayments: [],
      })[2]!.hint;
    expect(tables(199)).toBe('1 mesa disponible');
    expect(tables(200)).toBe('0 mesas disponibles');
  });

  it('shows 0% with no families', () => {
    expect(
      statCards({
        totalFamilies: 0,
        paymentsReceived: 0,
        tablesBooked: 0,
        awardsRsvpCount: 0,
        brunchRsvpCount: 0,
        awardsGuestsCount: 0,
        brunchGuestsCount: 0,
        moneyReceived: 0,
        moneyCredit: 0,
        moneyExpected: 0,
        paymentProgress: [],
        unpricedPayments: [],
      })[1]!.hint,
    ).toBe('0% completado');
  });
});
