import type { Outbox, OutboxMessage, OutboxMessageDetail, User } from '@portal/contracts';
import { createApp } from '../src/app';
import { MAX_ATTEMPTS, MailWorker } from '../src/mail/mail-worker';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { OutboxService } from '../src/mail/outbox.service';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { startSmtp, type TestSmtp } from './smtp';

async function enqueue(api: TestApi, to: string): Promise<void> {
  await api.dataSource.transaction((manager) =>
    api.app.get(OutboxService).enqueue(manager, { kind: 'prueba', to, subject: 'Asunto', text: `Hola ${to}`, html: `<p>Hola ${to}</p>` }),
  );
}

describe.each(DATABASES)('the outbox and the committee\'s "Correos" (%s)', (kind) => {
  let api: TestApi;
  let smtp: TestSmtp;
  let admin: Agent & { user: User };

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi(kind, { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0' });
    admin = await api.signedIn('admin');
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const worker = () => api.app.get(MailWorker);
  const row = (recipient: string) => api.dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ recipient });

  it('keeps a message pending while the mail server refuses it, retries later, and marks it failed in the end', async () => {
    smtp.state.refuse = true;
    await enqueue(api, 'rechazo@example.com');
    expect(await worker().deliverDue()).toBe(0);
    const first = await row('rechazo@example.com');
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toMatch(/Buzon no disponible/);
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried.
    expect(await worker().deliverDue()).toBe(0);
    expect((await row('rechazo@example.com')).attempts).toBe(1);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await api.dataSource.getRepository(OutboxMessageEntity).update({ recipient: 'rechazo@example.com' }, { nextAttemptAt: new Date(0) });
      await worker().deliverDue();
    }
    expect(await row('rechazo@example.com')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    const list = await admin.get<Outbox>('/api/emails');
    expect(list.body.smtpConfigured).toBe(true);
    const listed = list.body.messages.find((message) => message.recipient === 'rechazo@example.com');
    expect(listed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: expect.stringMatching(/Buzon/) });
    // The list carries no bodies (they may hold one-time links); one message at a time does.
    expect(list.text).not.toContain('Hola rechazo@example.com');
    const detail = await admin.get<OutboxMessageDetail>(`/api/emails/${listed!.id}`);
    expect(detail.body.text).toBe('Hola rechazo@example.com');

    smtp.state.refuse = false;
    const resent = await admin.post<OutboxMessage>(`/api/emails/${listed!.id}/resend`);
    expect(resent).toMatchObject({ status: 200, body: { status: 'pending', attempts: 0, lastError: null } });
    expect(await worker().deliverDue()).toBe(1);
    expect(smtp.recipients()).toContain('rechazo@example.com');
    expect(await row('rechazo@example.com')).toMatchObject({ status: 'sent' });
  });

  it('sends a message claimed by an instance that died once its claim runs out, and not before', async () => {
    await enqueue(api, 'huerfano@example.com');
    const repository = api.dataSource.getRepository(OutboxMessageEntity);
    await repository.update(
      { recipient: 'huerfano@example.com' },
      { lockedBy: 'otra-instancia', lockedUntil: new Date(Date.now() + 60_000) },
    );
    expect(await worker().deliverDue()).toBe(0);
    await repository.update({ recipient: 'huerfano@example.com' }, { lockedUntil: new Date(Date.now() - 1) });
    expect(await worker().deliverDue()).toBe(1);
    expect(smtp.recipients().filter((to) => to === 'huerfano@example.com')).toHaveLength(1);
  });

  // Several instances share MySQL/MariaDB; SQLite is the one-instance database.
  if (kind === 'mariadb')
    it('sends each message once when two API instances deliver at the same time', async () => {
      const second = await createApp(api.config);
      try {
        const recipients = Array.from({ length: 12 }, (_, index) => `una.vez.${index}@example.com`);
        for (const to of recipients) await enqueue(api, to);
        const sent = await Promise.all([worker().deliverDue(), second.get(MailWorker).deliverDue(), worker().deliverDue()]);
        await Promise.all([worker().deliverDue(), second.get(MailWorker).deliverDue()]);
        expect(sent[0]! + sent[1]!).toBeLessThanOrEqual(recipients.length);
        for (const to of recipients) expect({ to, times: smtp.recipients().filter((one) => one === to).length }).toEqual({ to, times: 1 });
      } finally {
        await second.close();
      }
    });

  it('is for admins only, and answers 404 for a message that does not exist', async () => {
    const parent = await api.signedIn('parent');
    expect((await parent.get('/api/emails')).status).toBe(403);
    expect((await api.agent().get('/api/emails')).status).toBe(401);
    expect((await admin.get('/api/emails/999999')).status).toBe(404);
    expect((await admin.post('/api/emails/999999/resend')).status).toBe(404);
  });
});

describe.each(DATABASES)('without a mail server (%s)', (kind) => {
  it('keeps every message in the outbox, for the committee to read', async () => {
    const api = await startApi(kind);
    try {
      const admin = await api.signedIn('admin');
      await enqueue(api, 'espera@example.com');
      expect(await api.app.get(MailWorker).deliverDue()).toBe(0);
      const { body } = await admin.get<Outbox>('/api/emails');
      expect(body.smtpConfigured).toBe(false);
      expect(body.messages[0]).toMatchObject({ recipient: 'espera@example.com', status: 'pending', attempts: 0 });
    } finally {
      await api.close();
    }
  });
});
