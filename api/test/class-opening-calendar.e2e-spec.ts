// 'Nueva promoción' opens with the calendar the committee confirmed (docs/classes.md): the six
// payments and every event the closed class carries over, each dated today or later in Guatemala,
// and the class's name typed again. A refusal names what is wrong and changes nothing (no archive,
// the class still closed); the class opens with no family overdue and no reminder on its first day.
import { readdirSync } from 'node:fs';
import type {
  Family,
  FamilyImportPreview,
  GraduationEvent,
  OpenClassRequest,
  PaymentDate,
  SchoolClass,
  Settings,
  Statement,
} from '@portal/contracts';
import { formatDateTime, formatDayNumeric, toDateTimeLocal, todayInGuatemala } from '@portal/format';
import { ClassEntity } from '../src/classes/class.entity';
import { PaymentReminderEntity } from '../src/reminders/payment-reminder.entity';
import { RemindersService } from '../src/reminders/reminders.service';
import { SettingsEntity } from '../src/settings/settings.entity';
import { createFamily, createUser, seedTwoFamilies, sessionAgent, setPaymentAmounts, snapshotTables, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { sendForm } from './receipts-fixtures';
import { closeClass, confirmedCalendar, daysAfter, openingRequest, type ConfirmedCalendar } from './support/class-opening';

describe.each(DATABASES)('the calendar the next class opens with (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let president: Agent;
  let treasurerId: number;
  let calendar: ConfirmedCalendar;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    await setPaymentAmounts(api);
    treasurerId = (await createUser(api, 'admin', null, 'Tesorera')).id;
    const treasurer = await sessionAgent(api, treasurerId);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id);
    await closeClass(treasurer, president);
    calendar = await confirmedCalendar(president);
  });
  afterAll(() => api.close());

  const request = (change: Partial<OpenClassRequest> = {}): OpenClassRequest => ({
    ...openingRequest(2027, [treasurerId], calendar),
    ...change,
  });
  const withPayment = (id: number, date: string) =>
    calendar.payments.map((payment) => (payment.id === id ? { ...payment, date } : payment));

  /** Sends `body`, expects a 400 with `message`, and that no row nor file changed. */
  async function refused(body: OpenClassRequest, message: string): Promise<void> {
    const tables = await snapshotTables(api);
    const files = readdirSync(api.config.filesDir, { recursive: true });
    const response = await president.post('/api/classes', body);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 400, body: { message } });
    expect(await snapshotTables(api)).toEqual(tables);
    expect(readdirSync(api.config.filesDir, { recursive: true })).toEqual(files);
    const classes = await api.dataSource.getRepository(ClassEntity).find();
    expect(classes.map((row) => [row.name, row.state, row.archiveFile])).toEqual([['Promoción 2026', 'cerrada', null]]);
  }

  it('refuses a payment dated before today in Guatemala, naming it', async () => {
    const yesterday = daysAfter(todayInGuatemala(), -1);
    await refused(
      request({ payments: withPayment(3, yesterday) }),
      `La fecha del Tercer Pago (${formatDayNumeric(yesterday)}) ya pasó: elige una fecha desde hoy.`,
    );
  });

  it('refuses an event dated in the past, naming it', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const events = calendar.events.map((event) => (event.id === fx.event.id ? { ...event, fecha: hourAgo } : event));
    await refused(request({ events }), `El evento «Cena de graduación» (${formatDateTime(hourAgo)}) ya pasó: elige una fecha desde hoy.`);
  });

  it('refuses a calendar without each of the six payments once, or without an event the class carries over', async () => {
    await refused(
      request({ payments: calendar.payments.filter((payment) => payment.id !== 4) }),
      'Confirma los seis pagos de la nueva promoción, cada uno una vez.',
    );
    const twice = calendar.payments.map((payment) => (payment.id === 4 ? { ...payment, id: 5 as const } : payment));
    await refused(request({ payments: twice }), 'Confirma el Cuarto Pago de la nueva promoción: falta su fecha.');
    await refused(
      request({ events: calendar.events.filter((event) => event.id !== fx.event.id) }),
      'Confirma la fecha del evento «Cena de graduación» en la nueva promoción: falta en el calendario.',
    );
    await refused(
      request({ events: [...calendar.events, { id: 999_999, fecha: calendar.events[0]!.fecha }] }),
      'Uno de los eventos ya no está en la promoción: recarga la página.',
    );
  });

  it('refuses the name not typed again exactly as it is', async () => {
    await refused(
      request({ confirmName: 'promoción 2027' }),
      'Escribe el nombre de la promoción tal como aparece para confirmar: Promoción 2027.',
    );
  });

  it('opens with exactly the confirmed calendar: no family overdue and no reminder on its first day', async () => {
    const amounts = [3100, 3500.5, 1600, 1600, 1200, 900];
    const payments = calendar.payments.map((payment, index) => ({
      ...payment,
      amountQuetzales: amounts[index]!,
      twinsAmountQuetzales: index === 0 ? 4400 : null,
    }));
    // The families' step: the school's list read for the class about to open. A family of 2026
    // (its address) is on it again: nobody holds that address in 2027, so it is not refused.
    const list = Buffer.from(`Graduando;Encargado;Correo;Teléfono\nLucía Núñez;Marta Núñez;${fx.a.family.email};5555-0101\n`, 'utf8');
    const file = { data: list, name: 'lista-2027.csv', type: 'text/csv' };
    const read = await sendForm(api, president, '/api/classes/next/families/preview', {}, file);
    expect(read.statusCode).toBe(200);
    const preview = read.json<FamilyImportPreview>();
    expect([preview.rows.map((row) => row.graduateName), preview.refused]).toEqual([['Lucía Núñez'], []]);
    expect((await api.dataSource.getRepository(ClassEntity).find()).map((row) => row.state)).toEqual(['cerrada']);

    const opened = await president.post<SchoolClass>('/api/classes', request({ payments, confirmName: 'Promoción 2027' }));
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ year: 2027, name: 'Promoción 2027', state: 'activa' });
    // Once open, the same file and the preview's checksum import it.
    const imported = await sendForm(api, president, '/api/families/import', { checksum: preview.checksum }, file);
    expect([imported.statusCode, imported.json<{ created: number }>().created]).toEqual([201, 1]);

    const dates = (await president.get<PaymentDate[]>('/api/payment-dates')).body;
    expect(
      dates.map(({ id, date, amountQuetzales, twinsAmountQuetzales }) => ({ id, date, amountQuetzales, twinsAmountQuetzales })),
    ).toEqual(payments);
    // The text families read says this year's amounts, not last year's.
    expect(dates.map(({ amount }) => amount)).toEqual([
      'Q3,100 (Q4,400 familias con gemelos)',
      'Q3,500.50',
      'Q1,600',
      'Q1,600',
      'Q1,200',
      'Q900',
    ]);
    const events = (await president.get<GraduationEvent[]>('/api/events')).body;
    expect(events.map(({ id, fecha }) => ({ id, fecha })).sort((a, b) => a.id - b.id)).toEqual(
      [...calendar.events].sort((a, b) => a.id - b.id),
    );
    // Confirmed at noon, two hours later than in 2026: the schedule families read moves with them,
    // as long as it was (the event without one stays without).
    expect(events.map(({ titulo, horario }) => [titulo, horario])).toEqual([
      ['Ceremonia de Premiación', '12:00 p. m. - 2:00 p. m.'],
      ['Brunch de Padres y Graduados', '12:00 p. m. - 4:00 p. m.'],
      ['Cena de graduación', null],
    ]);
    // The settings' copy of the awards ceremony's and the brunch's days and times follows their events.
    const settings = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
    const day = (id: number | null) => toDateTimeLocal(calendar.events.find((event) => event.id === id)!.fecha).slice(0, 10);
    expect([settings.awardsDate, settings.brunchDate]).toEqual([day(settings.awardsEventId), day(settings.brunchEventId)]);
    const { awards, brunch, bank } = (await president.get<Settings>('/api/settings')).body;
    // The account families are shown is the same; its holder names the new class, not 2026.
    expect(bank).toMatchObject({ accountNumber: settings.bankAccountNumber, accountHolder: 'Comité de Padres Promoción 2027' });
    expect([awards, brunch].map(({ startTime, endTime }) => [startTime, endTime])).toEqual([
      ['12:00', '14:00'],
      ['12:00', '16:00'],
    ]);

    // 2027's families, the list's and one with twins: nothing is owed on the first day, and no reminder goes out.
    await createFamily(api, { graduateName: 'Tomás y Tatiana Ávila', graduates: 2 });
    const families = (await president.get<Family[]>('/api/families')).body;
    expect(families.map((family) => [family.graduateName, family.owedNow])).toEqual([
      ['Lucía Núñez', 0],
      ['Tomás y Tatiana Ávila', 0],
    ]);
    for (const family of families) {
      const statement = (await president.get<Statement>(`/api/families/${family.id}/statement`)).body;
      expect(statement.lines.map((line) => [line.paymentNumber, line.due, line.expected])).toEqual(
        payments.map((payment, index) => [payment.id, false, family.graduates === 2 && index === 0 ? 4400 : payment.amountQuetzales]),
      );
    }
    const run = await api.app.get(RemindersService).run();
    expect(run).toMatchObject({ enabled: true, queued: 0, skipped: [] });
    expect(await api.dataSource.getRepository(PaymentReminderEntity).count()).toBe(0);
  });
});
