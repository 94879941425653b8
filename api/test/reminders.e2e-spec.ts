// Payment reminders: at 08:00 Guatemala time, families whose payment is not verified get one
// e-mail N days before its date and one on the day; never twice for a family, payment and day.
import { SchedulerRegistry } from '@nestjs/schedule';
import type { PaymentReminder, Settings } from '@portal/contracts';
import { createApp } from '../src/app';
import { MailWorker } from '../src/mail/mail-worker';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { nextRunAt } from '../src/common/daily-run';
import { ReminderScheduler } from '../src/reminders/reminder-scheduler';
import { RemindersService } from '../src/reminders/reminders.service';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { paymentReference } from '../src/families/payment-reference';
import { addReceipt, createFamily } from './fixtures';
import { ANY_DATABASE, DATABASES, startApi, type Agent, type TestApi } from './harness';
import { headerOf, plainTextOf, startSmtp, type TestSmtp } from './smtp';

/** 08:00 in Guatemala (UTC-6) on `day`, plus `hours`. */
const at = (day: string, hours = 0) => new Date(Date.parse(`${day}T14:00:00.000Z`) + hours * 3600_000);

describe.each(DATABASES)('payment reminders (%s)', (kind) => {
  let api: TestApi;
  let smtp: TestSmtp;
  let admin: Agent;

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi(kind, { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0', MAIL_RATE_PER_MINUTE: '1000' });
    admin = await api.signedIn('admin');
    for (const id of [1, 3, 4, 5, 6]) await api.dataSource.getRepository(PaymentDateEntity).update({ id: id as 1 }, { date: '2099-01-01' });
    await api.dataSource.getRepository(PaymentDateEntity).update({ id: 2 }, { date: '2026-02-17' });
    await createFamily(api, { graduateName: 'Ana Pendiente', contactName: 'Marta López', email: 'marta@example.com' });
    const verified = await createFamily(api, { graduateName: 'Beto Verificado', email: 'beto@example.com' });
    const paid = await createFamily(api, { graduateName: 'Carla Pagada', email: 'carla@example.com' });
    await createFamily(api, { graduateName: 'Diego Sin Arroba', email: 'diego.sin.arroba' });
    const inReview = await createFamily(api, { graduateName: 'Eva En Revisión', contactName: 'Eva Ruiz', email: 'eva@example.com' });
    // Centavos, as the ledger keeps them.
    const credit = (familyId: number, amount: number) =>
      api.dataSource
        .getRepository(LedgerEntryEntity)
        .insert({ familyId, kind: 'credito', source: 'efectivo', amount, createdByName: 'Comité', createdAt: new Date() });
    // Paid in full: Q3,400, what a family owes for payment 2 by default (the first payment by date here).
    await credit(verified.id, 340000);
    await credit(paid.id, 500000);
    // A receipt still in review is not money; Q450 of Q3,400 is not the payment paid.
    await addReceipt(api, inReview.id, 2, { state: 'en_revision' });
    await credit(inReview.id, 45000);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const reminders = () => api.app.get(RemindersService);
  const deliver = () => api.app.get(MailWorker).deliverDue();
  const reminderRows = () => api.dataSource.getRepository(OutboxMessageEntity).findBy({ kind: 'recordatorio' });

  it('are on, 3 days before, unless the committee says otherwise; the original settings payload keeps working', async () => {
    const settings = (await admin.get<Settings>('/api/settings')).body;
    expect(settings.reminders).toEqual({ enabled: true, daysBefore: 3 });
    const { reminders: _left, ...original } = settings;
    expect((await admin.put<Settings>('/api/settings', original)).body.reminders).toEqual({ enabled: true, daysBefore: 3 });
    const bad = await admin.put('/api/settings', { ...original, reminders: { enabled: true, daysBefore: 31 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Los días de anticipación deben estar entre 0 y 30.');
  });

  it('e-mails the families whose payment is not verified, 3 days before its date, and lists those left out', async () => {
    const since = smtp.received.length;
    const run = await reminders().run(at('2026-02-14'));
    expect(run).toMatchObject({ day: '2026-02-14', enabled: true, queued: 2 });
    expect(run.skipped).toEqual([expect.objectContaining({ graduateName: 'Diego Sin Arroba', reason: 'Correo no válido' })]);
    expect(await deliver()).toBe(2);
    const mails = smtp.received.slice(since);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(['eva@example.com', 'marta@example.com']);
    const marta = mails.find((mail) => mail.to.includes('marta@example.com'))!;
    expect(headerOf(marta, 'Subject')).toBe('Recordatorio: Segundo Pago vence en 3 días · Class of 2026');
    expect(headerOf(marta, 'List-Unsubscribe')).toBeUndefined();
    const text = plainTextOf(marta);
    expect(text).toContain('Hola, Marta López:');
    expect(text).toContain('Te recordamos que el segundo pago de Ana Pendiente');
    expect(text).toContain('vence en 3 días, el martes, 17 de febrero de 2026.');
    expect(text).toContain('Todavía no tenemos registrado el pago completo.');
    // What is still owed, the family's reference and the committee's bank account.
    expect(text).toContain('Monto pendiente de este pago: Q3,400.');
    // Eva paid Q450 of it: the reminder asks for the rest.
    expect(plainTextOf(mails.find((mail) => mail.to.includes('eva@example.com'))!)).toContain('Monto pendiente de este pago: Q2,950.');
    expect(text).toMatch(/Deposita en Banco Industrial, cuenta 000-000000-0 .* y escribe la referencia P26-\d{3}-[A-Z] en la boleta\./);
  });

  it('sends nothing more that day: a second run, a restart, the catch-up at start', async () => {
    expect((await reminders().run(at('2026-02-14', 3))).queued).toBe(0);
    await api.restart({ SMTP_URL: smtp.url });
    expect((await reminders().run(at('2026-02-14', 5))).queued).toBe(0);
    expect(await api.app.get(ReminderScheduler).catchUp(at('2026-02-14', 9))).toMatchObject({ queued: 0, skipped: [] });
    // Before 08:00 there is nothing to catch up.
    expect(await api.app.get(ReminderScheduler).catchUp(at('2026-02-14', -1))).toBeNull();
    expect(await reminderRows()).toHaveLength(2);
  });

  it('sends nothing on the days between, and once more on the due date', async () => {
    expect((await reminders().run(at('2026-02-15'))).queued).toBe(0);
    expect((await reminders().run(at('2026-02-16'))).queued).toBe(0);
    const since = smtp.received.length;
    expect((await reminders().run(at('2026-02-17'))).queued).toBe(2);
    expect((await reminders().run(at('2026-02-17', 2))).queued).toBe(0);
    await deliver();
    const mails = smtp.received.slice(since);
    expect(mails.map((mail) => headerOf(mail, 'Subject'))).toEqual([
      'Recordatorio: Segundo Pago vence hoy · Class of 2026',
      'Recordatorio: Segundo Pago vence hoy · Class of 2026',
    ]);
    expect(await reminderRows()).toHaveLength(4);
  });

  it('shows the committee what was sent and what was left out', async () => {
    const log = await admin.get<PaymentReminder[]>('/api/payment-reminders');
    expect(log.status).toBe(200);
    const lines = log.body.map(({ graduateName, day, status, reason, paymentNumber, dueDate }) => ({
      graduateName,
      day,
      status,
      reason,
      paymentNumber,
      dueDate,
    }));
    expect(lines).toHaveLength(6);
    expect(lines).toEqual(
      expect.arrayContaining([
        { graduateName: 'Ana Pendiente', day: '2026-02-14', status: 'enviado', reason: null, paymentNumber: 2, dueDate: '2026-02-17' },
        {
          graduateName: 'Diego Sin Arroba',
          day: '2026-02-17',
          status: 'omitido',
          reason: 'Correo no válido',
          paymentNumber: 2,
          dueDate: '2026-02-17',
        },
      ]),
    );
    expect(lines.some((line) => line.graduateName === 'Beto Verificado' || line.graduateName === 'Carla Pagada')).toBe(false);
    const parent = await api.signedIn('parent');
    expect((await parent.get('/api/payment-reminders')).status).toBe(403);
  });

  it('sends none while the committee has them off, and follows the days it sets', async () => {
    await api.dataSource.getRepository(PaymentDateEntity).update({ id: 3 }, { date: '2026-03-10' });
    const settings = (await admin.get<Settings>('/api/settings')).body;
    await admin.put('/api/settings', { ...settings, reminders: { enabled: false, daysBefore: 5 } });
    expect(await reminders().run(at('2026-03-10'))).toMatchObject({ enabled: false, queued: 0 });
    expect(await reminders().run(at('2026-03-05'))).toMatchObject({ enabled: false, queued: 0 });
    await admin.put('/api/settings', { ...settings, reminders: { enabled: true, daysBefore: 5 } });
    expect((await reminders().run(at('2026-03-07'))).queued).toBe(0);
    // Payment 3 has no amount yet: no money pays it, so every family with an address is reminded.
    expect((await reminders().run(at('2026-03-05'))).queued).toBe(4);
  });

  // Several instances share MySQL/MariaDB; SQLite is the one-instance database.
  if (kind === 'mariadb')
    it('sends each reminder once when two API instances run the job at the same moment', async () => {
      await api.dataSource.getRepository(PaymentDateEntity).update({ id: 4 }, { date: '2026-04-01', amountCentavos: 150000 });
      for (let index = 0; index < 30; index += 1) await createFamily(api);
      const second = await createApp(api.config);
      try {
        const now = at('2026-04-01');
        const runs = await Promise.all([reminders().run(now), second.get(RemindersService).run(now), reminders().run(now)]);
        // Everyone but Carla (what is left of her Q5,000 pays its Q1,500) and Diego (no valid address): Ana, Beto, Eva and the 30 new.
        const expected = 33;
        expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(expected);
        const rows = await api.dataSource.getRepository(OutboxMessageEntity).find({ where: { kind: 'recordatorio' } });
        const recipients = rows.filter((row) => row.subject.includes('Cuarto Pago')).map((row) => row.recipient);
        expect(new Set(recipients).size).toBe(expected);
        expect(recipients).toHaveLength(expected);
      } finally {
        await second.close();
      }
    });

  it("follows the ledger: money for the Sexto Pago pays it, and a reminder says what is overdue, the reference and the account, with a link to 'Pagos'", async () => {
    const payments = api.dataSource.getRepository(PaymentDateEntity);
    for (const id of [3, 4, 5]) await payments.update({ id: id as 1 }, { date: '2099-01-01' });
    await payments.update({ id: 1 }, { date: '2026-01-10', amountCentavos: 295_000, twinsAmountCentavos: null });
    await payments.update({ id: 6 }, { date: '2026-05-20', amountCentavos: 100_000, twinsAmountCentavos: null });
    const fina = await createFamily(api, { graduateName: 'Fina Sexto', contactName: 'Rosa Pineda', email: 'rosa@example.com' });
    const gil = await createFamily(api, { graduateName: 'Gil Atrasado', contactName: 'Luis Gil', email: 'gil@example.com' });
    // Q1,000 "Para el Sexto Pago": it pays the Sexto Pago, not the older payments.
    expect(
      (await admin.post(`/api/families/${fina.id}/payments/6/cash`, { amountReceived: 1000, note: 'Para el Sexto Pago' })).status,
    ).toBe(201);
    // Five days before the Sexto Pago (the committee set five above).
    expect((await reminders().run(at('2026-05-15'))).queued).toBeGreaterThan(0);
    const queued = (await reminderRows()).filter((row) => row.subject.includes('Sexto Pago'));
    expect(queued.map((row) => row.recipient)).not.toContain('rosa@example.com');
    const text = queued.find((row) => row.recipient === 'gil@example.com')!.text;
    expect(text).toContain('Monto pendiente de este pago: Q1,000.');
    expect(text).toContain('Además tienes Q6,350 vencidos: Primer Pago Q2,950 y Segundo Pago Q3,400.');
    expect(text).toContain(`escribe la referencia ${paymentReference(2026, gil.id)} en la boleta`);
    expect(text).toContain('Deposita en Banco Industrial, cuenta 000-000000-0');
    expect(text).toMatch(/Subir mi comprobante: http\S+\/parent\/pagos(\s|$)/);
  });
});

describe('the daily run', () => {
  it('is a cron job at the next 08:00 Guatemala time while the portal runs, and stops with it', async () => {
    const api = await startApi(ANY_DATABASE, { REMINDERS_SCHEDULED: 'true' });
    const registry = api.app.get(SchedulerRegistry);
    try {
      const next = registry.getCronJob('payment-reminders').nextDate().toJSDate();
      expect(next).toEqual(nextRunAt(new Date()));
      expect(next.toISOString()).toMatch(/T14:00:00\.000Z$/);
    } finally {
      await api.close();
    }
    expect(registry.getCronJobs().size).toBe(0);
  });

  it('is not scheduled where the configuration says so (the API suites)', async () => {
    const api = await startApi(ANY_DATABASE);
    try {
      expect(api.app.get(SchedulerRegistry).getCronJobs().size).toBe(0);
    } finally {
      await api.close();
    }
  });
});
