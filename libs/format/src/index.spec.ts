import {
  dayYearLater,
  forNextClass,
  daysBetween,
  instantYearLater,
  doorWindow,
  doorWindowText,
  formatAgo,
  formatLedgerAmount,
  formatLedgerSource,
  formatPaymentState,
  deadlineText,
  formatClock,
  formatClockRange,
  formatDate,
  formatDateNumeric,
  formatDay,
  formatDayNumeric,
  formatQuetzales,
  formatSchedule,
  eventEnd,
  isEventOver,
  scheduleTimes,
  movedSchedule,
  clockMovedWith,
  formatTime,
  fromDateTimeLocal,
  isCalendarDay,
  mapsUrl,
  toDateTimeLocal,
  todayInGuatemala,
  whatsAppUrl,
  whatsAppShareUrl,
  eventShareText,
  noticeShareText,
} from './index';

describe('Spanish (Guatemala) formats', () => {
  it('computes weekdays from the date instead of trusting a typed one', () => {
    expect(formatDay('2026-06-13')).toBe('Sábado, 13 de junio de 2026');
    expect(formatDay('2026-01-17')).toBe('Sábado, 17 de enero de 2026');
    expect(formatDay('2025-09-23')).toBe('Martes, 23 de septiembre de 2025');
  });

  it('writes amounts in quetzales with thousands separators', () => {
    expect(formatQuetzales(2950)).toBe('Q2,950');
    expect(formatQuetzales(4250)).toBe('Q4,250');
    expect(formatQuetzales(450)).toBe('Q450');
    expect(formatQuetzales(0)).toBe('Q0');
  });

  it('shows UTC instants in Guatemala time (UTC-6)', () => {
    expect(formatDateNumeric('2026-06-14T03:00:00Z')).toBe('13/06/2026');
    expect(formatDate('2026-06-14T03:00:00Z')).toBe('Sábado, 13 de junio de 2026');
    expect(formatTime('2026-06-13T16:00:00Z')).toBe('10:00 a. m.');
    expect(formatDayNumeric('2026-06-13')).toBe('13/06/2026');
  });

  it('formats clock times and ranges', () => {
    expect(formatClock('14:00')).toBe('2:00 p. m.');
    expect(formatClockRange('10:00', '12:00')).toBe('10:00 a. m. - 12:00 p. m.');
  });

  it('ends an event at the last time of its schedule, else at the end of its day in Guatemala', () => {
    const gala = { fecha: '2026-06-21T01:00:00.000Z', horario: '7:00 PM - 11:00 PM' }; // 20 June, 7 p. m.
    expect(eventEnd(gala).toISOString()).toBe('2026-06-21T05:00:00.000Z');
    expect(eventEnd({ fecha: gala.fecha, horario: null }).toISOString()).toBe('2026-06-21T06:00:00.000Z');
    // A schedule that ends past midnight or before its start tells nothing: the day's end.
    expect(eventEnd({ fecha: gala.fecha, horario: '7:00 PM - 1:00 AM' }).toISOString()).toBe('2026-06-21T06:00:00.000Z');
    expect(isEventOver(gala, new Date('2026-06-21T04:59:00.000Z'))).toBe(false);
    expect(isEventOver(gala, new Date('2026-06-21T05:00:00.000Z'))).toBe(true);
  });

  it('writes the times of a typed schedule in the one style of the portal', () => {
    expect(formatSchedule('6:00 PM - 7:00 PM')).toBe('6:00 p. m. - 7:00 p. m.');
    expect(formatSchedule('7:00 pm - 11:00 a.m.')).toBe('7:00 p. m. - 11:00 a. m.');
    expect(formatSchedule('18:00 a 19:30')).toBe('6:00 p. m. a 7:30 p. m.');
    expect(formatSchedule('12:00 AM')).toBe('12:00 a. m.');
    expect(formatSchedule('12:30 PM')).toBe('12:30 p. m.');
    expect(formatSchedule('10:00 a. m. - 12:00 p. m.')).toBe('10:00 a. m. - 12:00 p. m.');
    expect(formatSchedule('Todo el día')).toBe('Todo el día');
    expect(formatSchedule('a las 10:00 amigos')).toBe('a las 10:00 a. m. amigos');
  });

  it('reads the times of a typed schedule on a 24-hour clock', () => {
    expect(scheduleTimes('6:00 PM - 7:30 PM')).toEqual(['18:00', '19:30']);
    expect(scheduleTimes('10:00 a. m. - 12:00 p. m.')).toEqual(['10:00', '12:00']);
    expect(scheduleTimes('18:00 a 19:30')).toEqual(['18:00', '19:30']);
    expect(scheduleTimes('12:00 AM')).toEqual(['00:00']);
    expect(scheduleTimes('13:00 PM - 14:00')).toEqual(['14:00']);
    expect(scheduleTimes('Todo el día')).toEqual([]);
  });

  it('moves a schedule with its event: a range keeps its length, a text that no longer says the start is dropped', () => {
    expect(movedSchedule('6:00 PM - 7:30 PM', '12:00')).toBe('12:00 p. m. - 1:30 p. m.');
    expect(movedSchedule('10:00 PM - 1:00 AM', '23:30')).toBe('11:30 p. m. - 2:30 a. m.');
    expect(movedSchedule('6:00 PM - 7:30 PM', '18:00')).toBe('6:00 PM - 7:30 PM');
    expect(movedSchedule('A partir de las 6:00 PM', '19:00')).toBeNull();
    expect(movedSchedule(null, '19:00')).toBeNull();
    expect(clockMovedWith('19:30', '18:00', '20:15')).toBe('21:45');
    expect(clockMovedWith('01:00', '22:00', '20:00')).toBe('23:00');
  });

  it('round-trips datetime-local values typed in Guatemala', () => {
    expect(fromDateTimeLocal('2026-06-13T10:00')).toBe('2026-06-13T16:00:00.000Z');
    expect(toDateTimeLocal('2026-06-13T16:00:00.000Z')).toBe('2026-06-13T10:00');
    expect(toDateTimeLocal(fromDateTimeLocal('2026-12-31T23:30'))).toBe('2026-12-31T23:30');
  });

  it('knows the Guatemala day even when it is already tomorrow in UTC', () => {
    expect(todayInGuatemala(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-21');
    expect(todayInGuatemala(new Date('2026-11-22T06:00:00Z'))).toBe('2026-11-22');
  });

  it('counts the days to the final payment deadline', () => {
    expect(daysBetween('2026-05-18', '2026-05-30')).toBe(12);
    expect(deadlineText('2026-05-30', '2026-05-18')).toBe('Vence en 12 días');
    expect(deadlineText('2026-05-30', '2026-05-29')).toBe('Vence en 1 día');
    expect(deadlineText('2026-05-30', '2026-05-30')).toBe('Vence hoy');
    expect(deadlineText('2026-05-30', '2026-05-31')).toBe('Plazo vencido');
  });

  it('accepts only real calendar days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-6-1')).toBe(false);
    expect(isCalendarDay('mañana')).toBe(false);
  });
});

describe('doorWindow', () => {
  it('opens the gala day at 12:00 and closes the next day at 06:00 in Guatemala', () => {
    expect(doorWindow('2026-06-13')).toEqual({ from: '2026-06-13T18:00:00.000Z', until: '2026-06-14T12:00:00.000Z' });
    expect(doorWindowText('2026-06-13T18:00:00.000Z')).toBe('el sábado 13/06/2026 de 12:00 a 06:00');
  });
});

describe('mapsUrl', () => {
  it('searches the place in Google Maps, encoded', () => {
    expect(mapsUrl('Hotel Camino Real, 14 calle & 0-20')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Hotel%20Camino%20Real%2C%2014%20calle%20%26%200-20',
    );
  });
});

describe('whatsAppUrl', () => {
  it('adds the country code to a Guatemalan number and encodes the message', () => {
    expect(whatsAppUrl('5555-1002', 'Hola, ¿cómo estás?')).toBe('https://wa.me/50255551002?text=Hola%2C%20%C2%BFc%C3%B3mo%20est%C3%A1s%3F');
  });
  it('keeps a number that carries its own country code, and needs no message', () => {
    expect(whatsAppUrl('+502 5555 2026')).toBe('https://wa.me/50255552026');
    expect(whatsAppUrl('+1 (415) 555-0100')).toBe('https://wa.me/14155550100');
  });
});

describe('sharing on WhatsApp', () => {
  it('writes an event with its weekday, date and time in Guatemala, its place and the link', () => {
    const text = eventShareText(
      { titulo: 'Ceremonia de Premiación', fecha: '2026-06-13T16:00:00.000Z', horario: null, lugar: 'Auditorio del colegio' },
      'https://portal.example.edu.gt/parent/eventos',
    );
    expect(text).toBe(
      '*Ceremonia de Premiación*\nSábado, 13 de junio de 2026, 10:00 a. m.\nLugar: Auditorio del colegio\nMás información en el portal: https://portal.example.edu.gt/parent/eventos',
    );
  });
  it("uses the event's schedule in the portal's style when it has one, and leaves out a missing place", () => {
    const text = eventShareText(
      { titulo: 'Brunch', fecha: '2026-06-15T16:00:00.000Z', horario: '10:00 AM - 2:00 PM', lugar: null },
      'https://x.example',
    );
    expect(text).toBe('*Brunch*\nLunes, 15 de junio de 2026, 10:00 a. m. - 2:00 p. m.\nMás información en el portal: https://x.example');
  });
  it('opens WhatsApp with the message ready for any chat', () => {
    const url = whatsAppShareUrl(noticeShareText({ title: 'Ensayo', message: 'Línea 1\nLínea 2' }, 'https://x.example'));
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url.slice('https://wa.me/?text='.length))).toBe(
      '*Ensayo*\nLínea 1\nLínea 2\n\nMás información en el portal: https://x.example',
    );
  });
});

describe('money words', () => {
  it("names a payment's state the same for the parent and the committee", () => {
    expect(formatPaymentState({ state: 'parcial', received: 450, expected: 2950 })).toBe('Parcial (Q450 de Q2,950)');
    expect(formatPaymentState({ state: 'pagado', received: 2950, expected: 2950 })).toBe('Pagado');
    expect(formatPaymentState({ state: 'pendiente', received: 0, expected: null })).toBe('Pendiente');
  });
  it('names where a credit came from', () => {
    expect(formatLedgerSource({ source: 'comprobante', receiptId: 12, method: null })).toBe('Comprobante #12 verificado');
    expect(formatLedgerSource({ source: 'banco', receiptId: null, method: null })).toBe('Depósito en el banco');
    expect(formatLedgerSource({ source: 'efectivo', receiptId: null, method: 'cheque' })).toBe('Registrado por el comité · Cheque');
    expect(formatLedgerSource({ source: 'efectivo', receiptId: null, method: null })).toBe('Registrado por el comité · Efectivo');
    expect(formatLedgerAmount(-500)).toBe('-Q500');
    expect(formatLedgerAmount(2950)).toBe('Q2,950');
  });
});

describe('formatAgo', () => {
  const now = new Date('2026-11-23T14:30:00Z');
  it('says how long ago, in the largest unit that reads naturally', () => {
    expect(formatAgo('2026-11-23T14:29:40Z', now)).toBe('hace un momento');
    expect(formatAgo('2026-11-23T14:29:00Z', now)).toBe('hace 1 minuto');
    expect(formatAgo('2026-11-23T09:30:00Z', now)).toBe('hace 5 horas');
    expect(formatAgo('2026-11-22T13:30:00Z', now)).toBe('hace 25 horas');
    expect(formatAgo('2026-11-21T08:30:00Z', now)).toBe('hace 2 días');
  });
});

describe('a year later (the next class)', () => {
  it('moves a day and an instant a year on, 29 February to 28 February', () => {
    expect(dayYearLater('2026-03-10')).toBe('2027-03-10');
    expect(dayYearLater('2026-12-31')).toBe('2027-12-31');
    expect(dayYearLater('2028-02-29')).toBe('2029-02-28');
    expect(instantYearLater(new Date('2026-11-20T01:30:00.000Z')).toISOString()).toBe('2027-11-20T01:30:00.000Z');
    expect(instantYearLater(new Date('2028-02-29T16:00:00.000Z')).toISOString()).toBe('2029-02-28T16:00:00.000Z');
  });
});

describe('forNextClass', () => {
  const from = { name: 'Promoción 2026', year: 2026 };
  const to = { name: 'Promoción 2027', year: 2027 };
  it('names the new class where the text named the closed one, and moves a year standing alone', () => {
    expect(forNextClass('Comité de Padres Promoción 2026', from, to)).toBe('Comité de Padres Promoción 2027');
    expect(forNextClass('Comité de Padres 2026', from, to)).toBe('Comité de Padres 2027');
    expect(forNextClass('Asociación 12026 de Padres', from, to)).toBe('Asociación 12026 de Padres');
    expect(forNextClass('Comité de Padres', from, to)).toBe('Comité de Padres');
    expect(
      forNextClass('Comité Generación Dorada', { name: 'Generación Dorada', year: 2026 }, { name: 'Generación Plata', year: 2027 }),
    ).toBe('Comité Generación Plata');
  });
});
