// A family's second contact (the second address the school's list writes in the e-mail cell, or
// 'Segundo correo' in the family's dialog): the family's e-mails reach it in copy, one message with
// the family's address in To and the second in Cc. It is no sign-in: an account with that address
// does not see the family.
import type { Family, NoticeEmails, Outbox, Statement } from '@portal/contracts';
import { FamilyEntity } from '../src/families/family.entity';
import { MailWorker } from '../src/mail/mail-worker';
import { createUser, sessionAgent, setPaymentAmounts, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { headerOf, startSmtp, type TestSmtp } from './smtp';

const MINUTE = 60_000;
const messageOf = (response: { body: unknown }) => (response.body as { message: string }).message;

describe.each(DATABASES)('a family’s second contact (%s)', (kind) => {
  let api: TestApi;
  let smtp: TestSmtp;
  let admin: Agent;
  let family: Family;

  const body = (extra: Record<string, unknown> = {}) => ({
    graduateName: 'Lía Morales',
    contactName: 'Carmen Morales',
    email: `carmen.${kind}@example.com`,
    phone: '5555-1310',
    tablesBooked: 0,
    hasPaid: false,
    paymentAmount: 0,
    awardsRsvp: false,
    brunchRsvp: false,
    ...extra,
  });
  /** What the mail server received since `since`, as To and Cc. */
  const deliveredSince = async (since: number, minutes = 0) => {
    await api.app.get(MailWorker).deliverDue(new Date(Date.now() + minutes * MINUTE));
    return smtp.received
      .slice(since)
      .map((mail) => ({ envelope: [...mail.to].sort(), to: headerOf(mail, 'To'), cc: headerOf(mail, 'Cc') ?? null }));
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi(kind, {
      SMTP_URL: smtp.url,
      MAIL_POLL_SECONDS: '0',
      MONEY_MAIL_DELAY_MINUTES: '10',
      MAIL_RATE_PER_MINUTE: '1000',
    });
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Secretaria')).id);
    await setPaymentAmounts(api);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('is kept from the family’s dialog, normalised, and refused in Spanish when it is not an address or is the family’s own', async () => {
    const before = await snapshotTables(api);
    const same = await admin.post('/api/families', body({ secondEmail: `Carmen.${kind}@Example.com` }));
    expect(same.status).toBe(400);
    expect(messageOf(same)).toBe('El segundo correo es el mismo email de la familia: escribe otro o déjalo vacío.');
    const invalid = await admin.post('/api/families', body({ secondEmail: 'jorge(arroba)example.com' }));
    expect(invalid.status).toBe(400);
    expect(messageOf(invalid)).toBe('El segundo correo no es válido.');
    expect(await snapshotTables(api)).toEqual(before);

    const created = await admin.post<Family>('/api/families', body({ secondEmail: 'Jorge.Morales@Example.com' }));
    expect(created.status).toBe(201);
    family = created.body;
    expect(family.secondEmail).toBe('jorge.morales@example.com');
    expect((await admin.get<Family[]>('/api/families')).body.find((one) => one.id === family.id)?.secondEmail).toBe(
      'jorge.morales@example.com',
    );
    // The spec's own body, without the field, keeps it.
    const kept = await admin.put<Family>(`/api/families/${family.id}`, body({ phone: '5555-1311' }));
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ phone: '5555-1311', secondEmail: 'jorge.morales@example.com' });
    const sameOnUpdate = await admin.put(`/api/families/${family.id}`, { secondEmail: family.email });
    expect(sameOnUpdate.status).toBe(400);
  });

  it('gets a notice and a money e-mail in copy: one message, the family in To and the second contact in Cc', async () => {
    const since = smtp.received.length;
    const notice = await admin.post<{ email: NoticeEmails }>('/api/notifications', {
      title: 'Reunión de padres',
      message: 'El jueves a las 18:00 en el salón de usos múltiples.',
      type: 'info',
      date: '2026-02-12T00:00:00.000Z',
      sendEmail: true,
    });
    expect(notice.status).toBe(201);
    const cash = await admin.post<Statement>(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 2950 });
    expect(cash.status).toBe(201);
    const delivered = await deliveredSince(since, 11);
    expect(delivered).toHaveLength(2);
    for (const mail of delivered) {
      expect(mail.envelope).toEqual([family.email, 'jorge.morales@example.com'].sort());
      expect(mail.to).toContain(family.email);
      expect(mail.cc).toContain('jorge.morales@example.com');
    }
    // 'Correos' shows the copy beside the recipient.
    const outbox = (await admin.get<Outbox>('/api/emails')).body.messages.filter((message) => message.recipient === family.email);
    expect(outbox.map((message) => message.cc)).toEqual(['jorge.morales@example.com', 'jorge.morales@example.com']);
  });

  it('stops getting copies once removed', async () => {
    const cleared = await admin.put<Family>(`/api/families/${family.id}`, { secondEmail: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.secondEmail).toBeNull();
    const since = smtp.received.length;
    const notice = await admin.post('/api/notifications', {
      title: 'Fotos de la promoción',
      message: 'El sábado a las 9:00.',
      type: 'info',
      date: '2026-02-14T00:00:00.000Z',
      sendEmail: true,
    });
    expect(notice.status).toBe(201);
    const delivered = await deliveredSince(since);
    expect(delivered).toEqual([{ envelope: [family.email], to: expect.stringContaining(family.email), cc: null }]);
  });

  it('is no sign-in: an account with the second contact’s address does not see the family', async () => {
    await admin.put(`/api/families/${family.id}`, { secondEmail: `jorge.${kind}@example.com` });
    const second = await sessionAgent(api, (await createUser(api, 'parent', `jorge.${kind}@example.com`, 'Jorge Morales')).id);
    const mine = await second.get<Family>('/api/my-family');
    expect(mine.status).not.toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain('Lía Morales');
    expect(await api.dataSource.getRepository(FamilyEntity).countBy({ email: `jorge.${kind}@example.com` })).toBe(0);
  });
});
