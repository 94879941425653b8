// How far a notice went, for the committee's 'Avisos': the families that read it (a parent of the
// family opened 'Notificaciones' once it was posted) and what became of its e-mails.
import type { CreatedNotice, NoticeReach } from '@portal/contracts';
import { FamilyEntity } from '../src/families/family.entity';
import { MailWorker } from '../src/mail/mail-worker';
import { createFamily, createUser, sessionAgent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { startSmtp, type TestSmtp } from './smtp';

const notice = (title: string, sendEmail: boolean) => ({
  title,
  message: 'La reunión de padres es el jueves a las 18:00.',
  type: 'info',
  date: '2026-02-12T00:00:00.000Z',
  sendEmail,
});

describe.each(DATABASES)('how far each notice went (%s)', (kind) => {
  let api: TestApi;
  let smtp: TestSmtp;
  let admin: Agent;
  let ana: Agent;
  let bruno: Agent;
  let unproven: Agent;

  const reach = async () => {
    const response = await admin.get<NoticeReach[]>('/api/notifications/reach');
    expect(response.status).toBe(200);
    return new Map(response.body.map((row) => [row.id, row]));
  };
  const post = async (title: string, sendEmail: boolean) =>
    (await admin.post<CreatedNotice>('/api/notifications', notice(title, sendEmail))).body;
  const opens = async (parent: Agent) => expect((await parent.put('/api/my-notices-seen')).status).toBe(200);

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi(kind, {
      SMTP_URL: smtp.url,
      MAIL_POLL_SECONDS: '0',
      PUBLIC_URL: 'https://portal.example.edu.gt',
      MAIL_RATE_PER_MINUTE: '1000',
    });
    admin = await api.signedIn('admin');
    await createFamily(api, { graduateName: 'Ana López', email: 'marta.lopez@example.com' });
    await createFamily(api, { graduateName: 'Bruno Pérez', email: 'jose.perez@example.com' });
    await createFamily(api, { graduateName: 'Carla Ruiz', email: 'elena.ruiz@example.com' });
    await createFamily(api, { graduateName: 'Diego Castillo', email: 'dora@example.com', noticeEmailsOff: true });
    await createFamily(api, { graduateName: 'Eva Sin Correo', email: '' });
    ana = await sessionAgent(api, (await createUser(api, 'parent', 'marta.lopez@example.com')).id);
    bruno = await sessionAgent(api, (await createUser(api, 'parent', 'jose.perez@example.com')).id);
    // An account that has not proven it owns Carla's family's address is not her family.
    const notProven = await createUser(api, 'parent', 'elena.ruiz@example.com');
    await api.dataSource.query('UPDATE users SET emailVerifiedAt = NULL WHERE id = ?', [notProven.id]);
    unproven = await sessionAgent(api, notProven.id);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('counts the families that opened a notice once each, and what became of its e-mails', async () => {
    const first = await post('Reunión de padres', true);
    expect(first.email).toMatchObject({ queued: 3, unsubscribed: 1 });
    expect((await reach()).get(first.id)).toEqual({
      id: first.id,
      read: 0,
      families: 5,
      email: { sent: 0, pending: 3, failed: 0, unsubscribed: 1, skipped: 1 },
    });
    expect(await api.app.get(MailWorker).deliverDue()).toBe(3);

    await opens(ana);
    await opens(unproven);
    expect((await reach()).get(first.id)).toEqual({
      id: first.id,
      read: 1,
      families: 5,
      email: { sent: 3, pending: 0, failed: 0, unsubscribed: 1, skipped: 1 },
    });

    // A second notice, not e-mailed: read by those who open 'Notificaciones' after it is posted.
    const second = await post('Cambio de salón', false);
    await opens(bruno);
    await opens(ana);
    await opens(ana);
    const now = await reach();
    expect(now.get(first.id)).toMatchObject({ read: 2, families: 5 });
    expect(now.get(second.id)).toEqual({ id: second.id, read: 2, families: 5, email: null });
  });

  it('counts the e-mails the mail server refused every time as bounced', async () => {
    const bounced = await post('Fotos de la promoción', true);
    smtp.state.refuse = true;
    const worker = api.app.get(MailWorker);
    for (let day = 1; day <= 8; day += 1) await worker.deliverDue(new Date(Date.now() + day * 86_400_000));
    smtp.state.refuse = false;
    expect((await reach()).get(bounced.id)!.email).toEqual({ sent: 0, pending: 0, failed: 3, unsubscribed: 1, skipped: 1 });
  });

  it('is for the committee only, and forgets a deleted family or notice', async () => {
    expect((await ana.get('/api/notifications/reach')).status).toBe(403);
    const posted = await post('Recordatorio', false);
    await opens(ana);
    expect((await reach()).get(posted.id)).toMatchObject({ read: 1, families: 5 });
    const anaFamily = await api.dataSource.getRepository(FamilyEntity).findOneByOrFail({ email: 'marta.lopez@example.com' });
    expect((await admin.delete(`/api/families/${anaFamily.id}`)).status).toBe(204);
    expect((await reach()).get(posted.id)).toMatchObject({ read: 0, families: 4 });
    expect((await admin.delete(`/api/notifications/${posted.id}`)).status).toBe(204);
    expect((await reach()).has(posted.id)).toBe(false);
  });
});
