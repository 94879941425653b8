import type { OutboxMessageDetail, User } from '@portal/contracts';
import { pathForLogs } from '../src/common/logging';
import { MailWorker } from '../src/mail/mail-worker';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { startSmtp, type TestSmtp } from './smtp';

// Once an e-mail has gone, the copy the outbox keeps (and backups copy) holds no live link; logs never hold one.
describe.each(DATABASES)('no live links kept once sent (%s)', (kind) => {
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

  it('redacts the confirmation link in the stored copy once sent; the link received still works', async () => {
    const parent = api.agent();
    const body = {
      name: 'Luisa',
      username: `luisa.${kind}`,
      email: `luisa.${kind}@example.com`,
      password: 'una-clave-larga',
      confirmPassword: 'una-clave-larga',
    };
    expect((await parent.post('/api/register', body)).status).toBe(201);
    await api.app.get(MailWorker).deliverDue();

    const received = smtp.received.find((mail) => mail.to.includes(body.email))!;
    const token = /token=([\w-]{43})/.exec(received.text)![1]!;
    const stored = await api.dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ recipient: body.email });
    expect(stored.status).toBe('sent');
    for (const text of [stored.text, stored.html ?? '']) {
      expect(text).not.toContain(token);
      expect(text).toContain('token=[enlace enviado]');
    }
    const shown = await admin.get<OutboxMessageDetail>(`/api/emails/${stored.id}`);
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).not.toContain(token);

    expect((await api.agent().post('/api/verify-email', { token })).status).toBe(204);
  });

  it('logs the unsubscribe and one-time link paths without their secrets', () => {
    expect(pathForLogs('/api/unsubscribe/12.AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe('/api/unsubscribe/[enlace]');
    expect(pathForLogs('/auth/verificar?token=abc')).toBe('/auth/verificar');
  });
});
