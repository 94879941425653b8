// 'Enviar también por correo': a notice e-mailed to every family through the outbox, with a
// one-click unsubscribe (RFC 8058) that mail providers POST as a form, without a session.
import type { CreatedNotice, NoticeEmails, OutboxMessageDetail } from '@portal/contracts';
import { FamilyEntity } from '../src/families/family.entity';
import { MailWorker } from '../src/mail/mail-worker';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { headerOf, plainTextOf, startSmtp, type ReceivedMail, type TestSmtp } from './smtp';

const PUBLIC_URL = 'https://portal.example.edu.gt';
const LINK = /^<(https:\/\/portal\.example\.edu\.gt\/api\/unsubscribe\/(\d+\.[\w-]{32}))>$/;

const notice = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  message: 'La reunión de padres es el jueves a las 18:00 en el salón de usos múltiples.',
  type: 'info',
  date: '2026-02-12T00:00:00.000Z',
  ...extra,
});

describe.each(DATABASES)('notices by e-mail and one-click unsubscribe (%s)', (kind) => {
  let api: TestApi;
  let smtp: TestSmtp;
  let admin: Agent;
  let families: FamilyEntity[];

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi(kind, { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0', PUBLIC_URL, MAIL_RATE_PER_MINUTE: '1000' });
    admin = await api.signedIn('admin');
    families = [
      await createFamily(api, { graduateName: 'Ana López', contactName: 'Marta López', email: 'marta.lopez@example.com' }),
      await createFamily(api, { graduateName: 'Bruno Pérez', contactName: 'José Pérez', email: 'jose.perez@example.com' }),
      await createFamily(api, { graduateName: 'Carla Ruiz', contactName: 'Elena Ruiz', email: 'elena.ruiz@example.com' }),
    ];
    // Imported before the families form checked addresses: left out, and listed.
    await createFamily(api, { graduateName: 'Diego Sin Arroba', email: 'diego.sin.arroba' });
    await createFamily(api, { graduateName: 'Eva Sin Correo', email: '' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const deliver = () => api.app.get(MailWorker).deliverDue();
  const received = (since: number, to: string) => smtp.received.slice(since).filter((mail) => mail.to.includes(to));
  const unsubscribeLink = (mail: ReceivedMail) => {
    const match = LINK.exec(headerOf(mail, 'List-Unsubscribe') ?? '');
    if (!match) throw new Error(`no List-Unsubscribe link in:\n${mail.raw.slice(0, 800)}`);
    return { url: match[1]!, path: `/api/unsubscribe/${match[2]!}` };
  };

  it('keeps the original payload as it was: no e-mail, and no "email" in the answer', async () => {
    const before = await api.dataSource.getRepository(OutboxMessageEntity).count();
    const response = await admin.post<CreatedNotice>('/api/notifications', notice('Sin correo'));
    expect(response.status).toBe(201);
    expect(response.body).not.toHaveProperty('email');
    expect(await api.dataSource.getRepository(OutboxMessageEntity).count()).toBe(before);
  });

  it('queues one e-mail per family with a valid address, lists those left out, and sends them after answering', async () => {
    const since = smtp.received.length;
    const response = await admin.post<CreatedNotice>('/api/notifications', notice('Reunión de padres', { sendEmail: true }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ title: 'Reunión de padres', type: 'info' });
    expect(response.body.email).toEqual({
      queued: 3,
      unsubscribed: 0,
      skipped: [
        { familyId: expect.any(Number), graduateName: 'Diego Sin Arroba', email: 'diego.sin.arroba', reason: 'Correo no válido' },
        { familyId: expect.any(Number), graduateName: 'Eva Sin Correo', email: '', reason: 'Sin correo' },
      ],
    });
    // Nothing has left yet: the answer came before the sending.
    expect(smtp.received.length).toBe(since);
    expect(await deliver()).toBe(3);
    expect(
      smtp.received
        .slice(since)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual(['elena.ruiz@example.com', 'jose.perez@example.com', 'marta.lopez@example.com']);

    const [mail] = received(since, 'jose.perez@example.com');
    expect(headerOf(mail!, 'Subject')).toBe('Reunión de padres · Class of 2026');
    const text = plainTextOf(mail!);
    expect(text).toContain('Hola, José Pérez:');
    expect(text).toContain('El comité de padres publicó un aviso en el portal de la promoción Class of 2026.');
    expect(text).toContain('La reunión de padres es el jueves a las 18:00 en el salón de usos múltiples.');
    expect(text).toContain('Fecha: 11/02/2026, 6:00 p. m.');
    expect(text).toContain(`Ver en el portal: ${PUBLIC_URL}/parent`);
    // RFC 8058: both headers, the link in the body too.
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLink(mail!);
    expect(text).toContain(`Para dejar de recibir los avisos por correo: ${link.url}`);
    // Each family has its own link.
    const other = unsubscribeLink(received(since, 'marta.lopez@example.com')[0]!);
    expect(other.url).not.toBe(link.url);
    const rows = await api.dataSource.getRepository(OutboxMessageEntity).findBy({ kind: 'aviso' });
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('shows a confirmation page on GET, which changes nothing; the form-encoded one-click POST turns notices off', async () => {
    const since = smtp.received.length;
    await admin.post('/api/notifications', notice('Fotos de la promoción', { sendEmail: true }));
    await deliver();
    const link = unsubscribeLink(received(since, 'jose.perez@example.com')[0]!);
    const jose = () => api.dataSource.getRepository(FamilyEntity).findOneByOrFail({ email: 'jose.perez@example.com' });

    // A link scanner opening the link unsubscribes nobody.
    const page = await api.agent().get(link.path);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('¿Dejar de recibir los avisos por correo?');
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await jose()).noticeEmailsOff).toBe(false);

    // What a mail provider sends: a form body, no cookie, no CSRF token, from its own servers.
    const oneClick = await api.app.inject({
      method: 'POST',
      url: link.path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Listo: ya no recibirás los avisos por correo');
    expect((await jose()).noticeEmailsOff).toBe(true);
    // Again: still off, still fine.
    const again = await api.app.inject({
      method: 'POST',
      url: link.path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://mail.example.net' },
    });
    expect(again.statusCode).toBe(200);
    expect((await api.agent().get(link.path)).text).toContain('Ya no recibes los avisos por correo');

    // The next notice skips that family, and says so.
    const next = smtp.received.length;
    const response = await admin.post<CreatedNotice>('/api/notifications', notice('Ensayo general', { sendEmail: true }));
    expect(response.body.email).toMatchObject({ queued: 2, unsubscribed: 1 });
    await deliver();
    expect(
      smtp.received
        .slice(next)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual(['elena.ruiz@example.com', 'marta.lopez@example.com']);
  });

  it('lets the parent turn notice e-mails back on, for their own family only', async () => {
    const parent = await api.signedIn('parent', { email: 'jose.perez@example.com' });
    expect(await parent.get<NoticeEmails>('/api/my-notice-emails')).toMatchObject({ status: 200, body: { enabled: false } });
    expect(await parent.put<NoticeEmails>('/api/my-notice-emails', { enabled: true })).toMatchObject({
      status: 200,
      body: { enabled: true },
    });
    const bad = await parent.put('/api/my-notice-emails', { enabled: 'sí' });
    expect(bad.status).toBe(400);
    const others = await api.dataSource.getRepository(FamilyEntity).findBy({ noticeEmailsOff: true });
    expect(others).toEqual([]);
    const since = smtp.received.length;
    const response = await admin.post<CreatedNotice>('/api/notifications', notice('Entrega de togas', { sendEmail: true }));
    expect(response.body.email).toMatchObject({ queued: 3, unsubscribed: 0 });
    await deliver();
    expect(received(since, 'jose.perez@example.com')).toHaveLength(1);
  });

  it('takes a form body on the unsubscribe link alone, and refuses a link that is not one of ours', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const [family] = families;
    const forged = `/api/unsubscribe/${family!.id}.${'A'.repeat(32)}`;
    const refused = await api.app.inject({ method: 'POST', url: forged, payload: 'List-Unsubscribe=One-Click', headers: form });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Este enlace para dejar de recibir los avisos por correo no es válido.' });
    expect((await api.agent().get(forged)).status).toBe(404);
    expect((await api.agent().get('/api/unsubscribe/cualquier-cosa')).status).toBe(404);
    // Any other form, or another type of body: refused.
    const [, token] = /\/api\/unsubscribe\/(.+)$/.exec(unsubscribeLink(smtp.received.at(-1)!).path)!;
    const real = `/api/unsubscribe/${token}`;
    const extra = await api.app.inject({ method: 'POST', url: real, payload: 'List-Unsubscribe=One-Click&familyId=2', headers: form });
    expect(extra.statusCode).toBe(415);
    expect(extra.json()).toMatchObject({ message: 'Este enlace solo acepta el formulario «List-Unsubscribe=One-Click».' });
    const text = await api.app.inject({
      method: 'POST',
      url: real,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    // Other routes still refuse forms, and the CSRF check still holds there.
    const elsewhere = await api.app.inject({
      method: 'POST',
      url: '/api/notifications',
      payload: 'title=a&message=b',
      headers: { ...form, cookie: `portal_session=${admin.sessionCookie}` },
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(await api.dataSource.getRepository(FamilyEntity).countBy({ noticeEmailsOff: true })).toBe(0);
  });

  it('keeps the outbox detail readable by the committee; once sent, the unsubscribe link without its signature', async () => {
    const row = await api.dataSource.getRepository(OutboxMessageEntity).findOneOrFail({ where: { kind: 'aviso' }, order: { id: 'DESC' } });
    expect(row.status).toBe('sent');
    expect(JSON.parse(row.headers!)).toEqual({
      'List-Unsubscribe': expect.stringContaining('/api/unsubscribe/[enlace enviado]>'),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(row.text).not.toMatch(/\/api\/unsubscribe\/\d+\.[\w-]{32}/);
    expect(row.text).toContain('/api/unsubscribe/[enlace enviado]');
    const detail = await admin.get<OutboxMessageDetail>(`/api/emails/${row.id}`);
    expect(detail.body.text).toContain('Entrega de togas');
  });
});

describe.each(DATABASES)('the sending rate (%s)', (kind) => {
  it('sends at most MAIL_RATE_PER_MINUTE messages in a minute, the rest in the next ones', async () => {
    const smtp = await startSmtp();
    const api = await startApi(kind, { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0', MAIL_RATE_PER_MINUTE: '3' });
    try {
      const admin = await api.signedIn('admin');
      for (let index = 0; index < 7; index += 1) await createFamily(api);
      const response = await admin.post<CreatedNotice>('/api/notifications', notice('Lote', { sendEmail: true }));
      expect(response.body.email?.queued).toBe(7);
      const worker = api.app.get(MailWorker);
      expect(await worker.deliverDue()).toBe(3);
      expect(await worker.deliverDue()).toBe(0);
      const inAMinute = new Date(Date.now() + 61_000);
      expect(await worker.deliverDue(inAMinute)).toBe(3);
      expect(await worker.deliverDue(inAMinute)).toBe(0);
      expect(await worker.deliverDue(new Date(Date.now() + 122_000))).toBe(1);
      expect(smtp.received).toHaveLength(7);
    } finally {
      await api.close();
      await smtp.close();
    }
  });
});
