import ExcelJS from 'exceljs';
import type { EventRsvpsReportEntry, PaymentAnswersReportRow, PaymentNumber, PaymentStatus } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { MESSAGES } from '../src/common/api-exception.filter';
import { EventEntity } from '../src/events/event.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { PaymentAnswerEntity } from '../src/payments/payment-answer.entity';
import { ReportsService } from '../src/reports/reports.service';
import { paymentReference } from '../src/families/payment-reference';
import { BAD_REPORT_FORMAT } from '../src/spreadsheets/report-format.pipe';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { answerEvent, answerPayments, createEvent, createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { JUNE_13, PAYMENT_HEADERS, readSheet, RSVP_HEADERS, STATEMENT_HEADERS, XLSX } from './support/report-workbooks';

const PAYMENTS = '/api/payment-confirmations-report';
const RSVPS = '/api/event-rsvps-report';

type FamilySeed = Pick<FamilyEntity, 'graduateName' | 'contactName' | 'email' | 'phone' | 'graduates'>;

describe.each(DATABASES)('reports (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let parent: Agent;
  let sequence = 0;
  let pageSize: number;

  const family = (graduateName: string, overrides: Partial<FamilySeed> = {}) => {
    sequence += 1;
    return createFamily(api, {
      graduateName,
      contactName: `Contacto de ${graduateName}`,
      email: `familia${sequence}@example.com`,
      phone: `5555 ${String(sequence).padStart(4, '0')}`,
      ...overrides,
    });
  };
  const event = (titulo: string, fecha: string) => createEvent(api, { titulo, fecha: new Date(fecha) });
  const rsvp = (eventId: number, familyId: number, attending: boolean, guests?: number | null) =>
    answerEvent(api, eventId, familyId, attending, guests);
  const confirm = (familyId: number, answers: Partial<Record<PaymentNumber, PaymentStatus>>) => answerPayments(api, familyId, answers);

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    parent = await api.signedIn('parent');
    pageSize = api.app.get(ReportsService).pageSize;
  });
  afterAll(() => api.close());

  beforeEach(async () => {
    api.app.get(ReportsService).pageSize = pageSize;
    for (const entity of [EventRsvpEntity, PaymentAnswerEntity, EventEntity, FamilyEntity]) {
      await api.dataSource.getRepository(entity).createQueryBuilder().delete().execute();
    }
  });

  describe('who may read them', () => {
    it.each([PAYMENTS, `${PAYMENTS}?format=xlsx`, RSVPS, `${RSVPS}?format=xlsx`])(
      'refuses %s to parents and anonymous callers',
      async (url) => {
        const forbidden = await parent.get<{ message: string }>(url);
        expect(forbidden.status).toBe(403);
        expect(forbidden.headers['content-type']).toMatch(/^application\/json/);
        expect((await api.agent().get(url)).status).toBe(401);
      },
    );

    it.each([PAYMENTS, RSVPS])('answers an unknown format on %s with a Spanish 400', async (url) => {
      for (const format of ['pdf', '', 'XLSX']) {
        const response = await admin.get<{ statusCode: number; message: string }>(`${url}?format=${format}`);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ statusCode: 400, message: BAD_REPORT_FORMAT });
      }
    });
  });

  describe('payment answers', () => {
    it('lists every family by graduate name with the payments it answered, leaving the others out', async () => {
      const carla = await family('Carla Pérez', { contactName: 'Rosa Pérez', email: 'rosa@example.com', phone: '5555 0003' });
      const ana = await family('Ana López', { contactName: 'Marta López', email: 'marta@example.com', phone: '5555 0001' });
      await family('Bruno Díaz', { contactName: 'Luis Díaz', email: 'luis@example.com', phone: '5555 0002' });
      await confirm(ana.id, { 1: 'ya_pague', 2: 'ya_pague', 6: 'no_asistire' });
      await confirm(carla.id, { 3: 'no_asistire' });

      const response = await admin.get<PaymentAnswersReportRow[]>(PAYMENTS);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        {
          graduateName: 'Ana López',
          contactName: 'Marta López',
          email: 'marta@example.com',
          phone: '5555 0001',
          confirmations: { 1: 'ya_pague', 2: 'ya_pague', 6: 'no_asistire' },
        },
        { graduateName: 'Bruno Díaz', contactName: 'Luis Díaz', email: 'luis@example.com', phone: '5555 0002', confirmations: {} },
        {
          graduateName: 'Carla Pérez',
          contactName: 'Rosa Pérez',
          email: 'rosa@example.com',
          phone: '5555 0003',
          confirmations: { 3: 'no_asistire' },
        },
      ]);
      expect(Object.keys(response.body[0]!.confirmations)).toEqual(['1', '2', '6']);
    });

    it('downloads them as a spreadsheet: one row per family, answers in words, header bold and frozen', async () => {
      const ana = await family('Ana López', { contactName: 'Marta López', email: 'marta@example.com', phone: '5555 0001' });
      await family('Bruno Díaz', { contactName: 'Luis Díaz', email: 'luis@example.com', phone: '5555 0002' });
      await confirm(ana.id, { 1: 'ya_pague', 2: 'no_asistire', 5: 'ya_pague' });

      const before = todayInGuatemala();
      const response = await admin.get(`${PAYMENTS}?format=xlsx`);
      const after = todayInGuatemala();
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      expect(response.headers['cache-control']).toBe('no-store');
      expect([before, after].map((day) => `attachment; filename="confirmaciones-de-pago-${day}.xlsx"`)).toContain(
        response.headers['content-disposition'],
      );

      const { sheet, rows } = await readSheet(response);
      expect(sheet.name).toBe('Confirmaciones de Pago');
      expect(rows).toEqual([
        PAYMENT_HEADERS,
        [
          'Ana López',
          'Marta López',
          'marta@example.com',
          '5555 0001',
          'Ya pagué',
          'No asistiré',
          'Pendiente',
          'Pendiente',
          'Ya pagué',
          'Pendiente',
        ],
        [
          'Bruno Díaz',
          'Luis Díaz',
          'luis@example.com',
          '5555 0002',
          'Pendiente',
          'Pendiente',
          'Pendiente',
          'Pendiente',
          'Pendiente',
          'Pendiente',
        ],
      ]);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.getRow(1).getCell(10).font?.bold).toBe(true);
      expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
      expect(sheet.views).toEqual([expect.objectContaining({ state: 'frozen', ySplit: 1 })]);
      for (let column = 1; column <= 10; column += 1) expect(sheet.getColumn(column).width).toBeGreaterThanOrEqual(10);
    });

    it("adds the 'Estado de cuenta' sheet: owed, verified and balance as quetzales, and each payment's state", async () => {
      const carla = await family('Carla Méndez', { graduates: 2 });
      expect((await admin.post(`/api/families/${carla.id}/payments/1/cash`, { amountReceived: 4000 })).status).toBe(201);
      const { sheet, rows } = await readSheet(await admin.get(`${PAYMENTS}?format=xlsx`), 1);
      expect(rows[0]).toEqual(STATEMENT_HEADERS);
      const row = rows.findIndex((cells) => cells[0] === 'Carla Méndez');
      // Twins owe Q4,250 then Q3,400 (the default amounts); Q4,000 received in cash for the first.
      expect(rows[row]).toEqual([
        'Carla Méndez',
        'Contacto de Carla Méndez',
        paymentReference(2026, carla.id),
        // Numbers, not text.
        2,
        7650,
        4000,
        3650,
        'Parcial (Q4,000 de Q4,250)',
        'Pendiente',
        'Pendiente',
        'Pendiente',
        'Pendiente',
        'Pendiente',
      ]);
      expect(sheet.getRow(row + 1).getCell(5).numFmt).toBe('"Q"#,##0');
      // 'Graduados' is a number cell the sheet adds up, not text.
      expect(sheet.getRow(row + 1).getCell(4).type).toBe(ExcelJS.ValueType.Number);
    });

    it("says in 'Cómo leer' that the first sheet is what families declared and 'Estado de cuenta' the money received", async () => {
      const dora = await family('Dora Ruiz');
      // Money received for the first payment, and nothing declared: 'Pendiente' beside 'Pagado'.
      expect((await admin.post(`/api/families/${dora.id}/payments/1/cash`, { amountReceived: 2950 })).status).toBe(201);
      const response = await admin.get(`${PAYMENTS}?format=xlsx`);
      const declared = (await readSheet(response, 0)).rows.find((cells) => cells[0] === 'Dora Ruiz')!;
      const money = (await readSheet(response, 1)).rows.find((cells) => cells[0] === 'Dora Ruiz')!;
      expect([declared[4], money[7]]).toEqual(['Pendiente', 'Pagado']);
      const { sheet, rows } = await readSheet(response, 3);
      expect(rows[0]).toEqual(['Hoja o columna', 'Qué dice']);
      const says = new Map(rows.slice(1).map((cells) => [cells[0], String(cells[1])]));
      expect(says.get('Confirmaciones de Pago')).toMatch(/^Lo que cada familia declaró en el portal \('Ya pagué', 'No asistiré'\)/);
      expect(says.get('Confirmaciones de Pago')).toContain('no es dinero recibido');
      expect(says.get('Estado de cuenta')).toMatch(/^El dinero recibido/);
      expect(says.get('Movimientos')).toMatch(
        /^Cada línea leída de los estados de cuenta del banco \(depósitos y retiros\) y cada pago en efectivo/,
      );
      expect([...says.values()].join(' ')).toContain(
        "Un 'Pendiente' en 'Confirmaciones de Pago' puede estar junto a un 'Pagado' en 'Estado de cuenta'",
      );
      for (const header of ['Esperado (Q)', 'Recibido (Q)', 'Saldo (Q)', 'Graduados', 'Referencia', 'Pago 1 a Pago 6 (Estado de cuenta)'])
        expect(says.get(header)).toBeTruthy();
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    });

    it('downloads a spreadsheet with only the header when there are no families', async () => {
      expect((await admin.get(PAYMENTS)).body).toEqual([]);
      const { rows } = await readSheet(await admin.get(`${PAYMENTS}?format=xlsx`));
      expect(rows).toEqual([PAYMENT_HEADERS]);
    });
  });

  describe('event RSVPs', () => {
    it('lists every event by date with its answers by graduate name', async () => {
      const ana = await family('Ana López', { contactName: 'Marta López', email: 'marta@example.com', phone: '5555 0001' });
      const bruno = await family('Bruno Díaz', { contactName: 'Luis Díaz', email: 'luis@example.com', phone: '5555 0002' });
      const brunch = await event('Brunch de Graduación', '2026-06-15T16:00:00.000Z');
      const awards = await event('Entrega de Premios', '2026-06-13T16:00:00.000Z');
      await event('Misa de Acción de Gracias', '2026-06-20T15:00:00.000Z');
      await rsvp(brunch.id, bruno.id, false);
      await rsvp(brunch.id, ana.id, true);
      await rsvp(awards.id, ana.id, true);

      const response = await admin.get<EventRsvpsReportEntry[]>(RSVPS);
      expect(response.status).toBe(200);
      const anaRsvp = { graduateName: 'Ana López', contactName: 'Marta López', email: 'marta@example.com', phone: '5555 0001' };
      const brunoRsvp = { graduateName: 'Bruno Díaz', contactName: 'Luis Díaz', email: 'luis@example.com', phone: '5555 0002' };
      expect(response.body).toEqual([
        { eventTitle: 'Entrega de Premios', eventDate: '2026-06-13T16:00:00.000Z', rsvps: [{ ...anaRsvp, attending: true, guests: 1 }] },
        {
          eventTitle: 'Brunch de Graduación',
          eventDate: '2026-06-15T16:00:00.000Z',
          rsvps: [
            { ...anaRsvp, attending: true, guests: 1 },
            { ...brunoRsvp, attending: false, guests: null },
          ],
        },
        { eventTitle: 'Misa de Acción de Gracias', eventDate: '2026-06-20T15:00:00.000Z', rsvps: [] },
      ]);
    });

    it('downloads them as a spreadsheet: one row per answer, the day in Guatemala, Sí or No', async () => {
      const ana = await family('Ana López', { contactName: 'Marta López', email: 'marta@example.com', phone: '5555 0001' });
      const bruno = await family('Bruno Díaz', { contactName: 'Luis Díaz', email: 'luis@example.com', phone: '5555 0002' });
      // 21:00 on 13 June in Guatemala is already 14 June in UTC.
      const dinner = await event('Cena de Gala', '2026-06-14T03:00:00.000Z');
      const awards = await event('Entrega de Premios', '2026-06-13T16:00:00.000Z');
      await event('Sin respuestas', '2026-07-01T16:00:00.000Z');
      await rsvp(dinner.id, bruno.id, false);
      await rsvp(dinner.id, ana.id, true, 6);
      await rsvp(awards.id, bruno.id, true);

      const before = todayInGuatemala();
      const response = await admin.get(`${RSVPS}?format=xlsx`);
      const after = todayInGuatemala();
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      expect([before, after].map((day) => `attachment; filename="rsvps-eventos-${day}.xlsx"`)).toContain(
        response.headers['content-disposition'],
      );

      const { sheet, rows } = await readSheet(response);
      expect(sheet.name).toBe('RSVPs de Eventos');
      expect(rows).toEqual([
        RSVP_HEADERS,
        ['Entrega de Premios', JUNE_13, 'Bruno Díaz', 'Luis Díaz', 'luis@example.com', '5555 0002', 'Sí', 1],
        ['Cena de Gala', JUNE_13, 'Ana López', 'Marta López', 'marta@example.com', '5555 0001', 'Sí', 6],
        ['Cena de Gala', JUNE_13, 'Bruno Díaz', 'Luis Díaz', 'luis@example.com', '5555 0002', 'No'],
      ]);
      // A real date cell (the sheet sorts by it), shown as the spec's dd/MM/yyyy.
      // The guests are number cells; a family that does not come has an empty one.
      expect([2, 3, 4].map((row) => sheet.getRow(row).getCell(8).type)).toEqual([
        ExcelJS.ValueType.Number,
        ExcelJS.ValueType.Number,
        ExcelJS.ValueType.Null,
      ]);
      for (const row of [2, 3, 4]) {
        expect(sheet.getRow(row).getCell(2).type).toBe(ExcelJS.ValueType.Date);
        expect(sheet.getRow(row).getCell(2).numFmt).toBe('dd/mm/yyyy');
      }
      expect(sheet.getRow(1).getCell(7).font?.bold).toBe(true);
      expect(sheet.views).toEqual([expect.objectContaining({ state: 'frozen', ySplit: 1 })]);
      for (let column = 1; column <= 8; column += 1) expect(sheet.getColumn(column).width).toBeGreaterThanOrEqual(10);
    });
  });

  it('stores typed text that looks like a formula as quoted plain text', async () => {
    const hyperlink = '=HYPERLINK("http://x","y")';
    const graduate = await family(hyperlink, { contactName: '+SUM(1)', email: '@evil.example.com', phone: '-2+A1' });
    const tabbed = await family('Ana\tTab', { contactName: '\t=1+1', phone: '\r=2' });
    await family('Luisa Phone', { contactName: 'Luisa', email: 'luisa@example.com', phone: '+502 5555-1001' });
    const party = await event('=SUM(A1:A9)', '2026-06-13T16:00:00.000Z');
    await rsvp(party.id, graduate.id, true);
    await rsvp(party.id, tabbed.id, false);

    const payments = await readSheet(await admin.get(`${PAYMENTS}?format=xlsx`));
    const rsvps = await readSheet(await admin.get(`${RSVPS}?format=xlsx`));
    const cells = (sheet: ExcelJS.Worksheet) => {
      const all: ExcelJS.Cell[] = [];
      sheet.eachRow((row, number) => number > 1 && row.eachCell((cell) => all.push(cell)));
      return all;
    };
    // Every typed text is a string cell; the event's date is a date cell and the guests a number or empty.
    const rsvpColumn = (cell: ExcelJS.Cell, column: number) => cell.worksheet.name === 'RSVPs de Eventos' && Number(cell.col) === column;
    for (const cell of [...cells(payments.sheet), ...cells(rsvps.sheet)]) {
      if (rsvpColumn(cell, 8)) expect([ExcelJS.ValueType.Number, ExcelJS.ValueType.Null]).toContain(cell.type);
      else expect(cell.type).toBe(rsvpColumn(cell, 2) ? ExcelJS.ValueType.Date : ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    const texts = [...payments.rows, ...rsvps.rows].flat();
    expect(texts).toEqual(
      expect.arrayContaining([
        `'${hyperlink}`,
        "'+SUM(1)",
        "'@evil.example.com",
        "'-2+A1",
        "'\t=1+1",
        // XML readers turn a bare carriage return into a line feed; the quote in front is what counts.
        expect.stringMatching(/^'[\r\n]=2$/),
        "'=SUM(A1:A9)",
      ]),
    );
    expect(texts).toContain('Ana\tTab');
    // Phone numbers cannot hide a formula: they keep their '+' as typed.
    expect(texts).toContain('+502 5555-1001');
    // JSON is data, not a spreadsheet: it keeps the text as typed.
    expect((await admin.get<PaymentAnswersReportRow[]>(PAYMENTS)).body.map((row) => row.graduateName)).toContain(hyperlink);
  });

  it('reads in pages without losing or repeating a row, even where names repeat', async () => {
    const events = [await event('Uno', '2026-06-13T16:00:00.000Z'), await event('Dos', '2026-06-13T16:00:00.000Z')];
    await event('Sin respuestas', '2026-06-14T16:00:00.000Z');
    const late = await event('Tres', '2026-06-20T16:00:00.123Z');
    for (const [index, name] of ['Ana', 'Ana', 'Ana', 'Bruno', 'Carla', 'Carla', 'Dora'].entries()) {
      const row = await family(name);
      await confirm(row.id, { [(index % 6) + 1]: index % 2 ? 'ya_pague' : 'no_asistire' });
      for (const target of [...events, late]) await rsvp(target.id, row.id, index % 2 === 0);
    }
    const whole = {
      payments: (await admin.get(PAYMENTS)).body,
      rsvps: (await admin.get(RSVPS)).body,
      paymentsSheet: (await readSheet(await admin.get(`${PAYMENTS}?format=xlsx`))).rows,
      rsvpsSheet: (await readSheet(await admin.get(`${RSVPS}?format=xlsx`))).rows,
    };
    expect(whole.paymentsSheet).toHaveLength(1 + 7);
    expect(whole.rsvpsSheet).toHaveLength(1 + 7 * 3);

    for (const pageSize of [1, 2, 3]) {
      api.app.get(ReportsService).pageSize = pageSize;
      expect((await admin.get(PAYMENTS)).body).toEqual(whole.payments);
      expect((await admin.get(RSVPS)).body).toEqual(whole.rsvps);
      expect((await readSheet(await admin.get(`${PAYMENTS}?format=xlsx`))).rows).toEqual(whole.paymentsSheet);
      expect((await readSheet(await admin.get(`${RSVPS}?format=xlsx`))).rows).toEqual(whole.rsvpsSheet);
    }
  });

  it('answers a database failure before the download starts with the usual JSON error', async () => {
    await family('Ana López');
    // Only the reports' own reads fail: the session lookup before them still works.
    const manager = api.dataSource.manager;
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const createQueryBuilder = manager.createQueryBuilder.bind(manager) as (...args: unknown[]) => unknown;
    const spy = jest.spyOn(manager, 'createQueryBuilder').mockImplementation(((...args: unknown[]) => {
      if (args[0] === FamilyEntity || args[0] === EventRsvpEntity) throw down;
      return createQueryBuilder(...args);
    }) as typeof manager.createQueryBuilder);
    const find = manager.find.bind(manager) as (...args: unknown[]) => Promise<unknown>;
    const findSpy = jest
      .spyOn(manager, 'find')
      .mockImplementation(((...args: unknown[]) =>
        args[0] === EventEntity ? Promise.reject(down) : find(...args)) as typeof manager.find);
    try {
      for (const url of [`${PAYMENTS}?format=xlsx`, `${RSVPS}?format=xlsx`]) {
        const response = await admin.get(url);
        expect(response.status).toBe(503);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['content-disposition']).toBeUndefined();
        expect(response.body).toEqual({ statusCode: 503, message: MESSAGES.unavailable });
      }
    } finally {
      spy.mockRestore();
      findSpy.mockRestore();
    }
  });
});
