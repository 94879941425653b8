import { isAfterRunHour, nextRunAt } from './daily-run';

describe('when the payment reminders run (08:00 in Guatemala, UTC-6 all year)', () => {
  it.each([
    ['2026-02-14T13:59:59.000Z', '2026-02-14T14:00:00.000Z'],
    ['2026-02-14T14:00:00.000Z', '2026-02-15T14:00:00.000Z'],
    ['2026-02-15T05:30:00.000Z', '2026-02-15T14:00:00.000Z'],
    ['2026-12-31T20:00:00.000Z', '2027-01-01T14:00:00.000Z'],
  ])('after %s the next run is %s', (now, next) => {
    expect(nextRunAt(new Date(now)).toISOString()).toBe(next);
  });

  it('catches up at start only from 08:00 Guatemala time to the end of its day', () => {
    expect(isAfterRunHour(new Date('2026-02-14T13:59:00.000Z'))).toBe(false); // 07:59
    expect(isAfterRunHour(new Date('2026-02-14T14:00:00.000Z'))).toBe(true); // 08:00
    expect(isAfterRunHour(new Date('2026-02-15T05:59:00.000Z'))).toBe(true); // 23:59 of the 14th
    expect(isAfterRunHour(new Date('2026-02-15T06:00:00.000Z'))).toBe(false); // 00:00 of the 15th
  });
});
