import type { ConfirmedEvent, ConfirmedPayment } from '@portal/contracts';
import { calendarProblem } from './opening-calendar';

const payments = (dates: string[]): ConfirmedPayment[] =>
  dates.map((date, index) => ({ id: (index + 1) as ConfirmedPayment['id'], date, amountQuetzales: 2950, twinsAmountQuetzales: null }));
const SIX = ['2026-12-01', '2027-01-15', '2027-02-15', '2027-03-15', '2027-04-15', '2027-05-15'];
const MASS = { id: 4, titulo: 'Misa' };

describe('the calendar a new class opens with', () => {
  // 03:00 UTC on 2 December is still 1 December (21:00) in Guatemala.
  const evening = new Date('2026-12-02T03:00:00.000Z');

  it("counts days in Guatemala: today's date is accepted until Guatemala's midnight, yesterday's never", () => {
    expect(calendarProblem(payments(SIX), [], [], evening)).toBeNull();
    expect(calendarProblem(payments(SIX), [], [], new Date('2026-12-02T06:00:00.000Z'))).toBe(
      'La fecha del Primer Pago (01/12/2026) ya pasó: elige una fecha desde hoy.',
    );
  });

  it('refuses an event before the moment of the opening, with its day and time in Guatemala', () => {
    const events: ConfirmedEvent[] = [{ id: 4, fecha: '2026-12-02T02:00:00.000Z' }];
    expect(calendarProblem(payments(SIX), events, [MASS], evening)).toBe(
      'El evento «Misa» (01/12/2026, 8:00 p. m.) ya pasó: elige una fecha desde hoy.',
    );
    expect(calendarProblem(payments(SIX), [{ id: 4, fecha: '2026-12-02T04:00:00.000Z' }], [MASS], evening)).toBeNull();
  });

  it('names the payment or event left out, or listed twice', () => {
    expect(calendarProblem(payments(SIX).slice(1), [], [], evening)).toBe('Confirma el Primer Pago de la nueva promoción: falta su fecha.');
    expect(calendarProblem(payments(SIX), [], [MASS], evening)).toBe(
      'Confirma la fecha del evento «Misa» en la nueva promoción: falta en el calendario.',
    );
    const twice = [
      { id: 4, fecha: '2027-01-10T18:00:00.000Z' },
      { id: 4, fecha: '2027-01-11T18:00:00.000Z' },
    ];
    expect(calendarProblem(payments(SIX), twice, [MASS], evening)).toBe(
      'El evento «Misa» está dos veces en el calendario: confirma cada evento una vez.',
    );
  });
});
