import type { AccountLink, HistoryEntry, HistoryPage, User } from '@portal/contracts';
import { MailWorker } from '../src/mail/mail-worker';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { unsubscribeToken } from '../src/mail/unsubscribe';
import { SettingsEntity } from '../src/settings/settings.entity';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

// 'Historial' records the acts on accounts and a family's mail that had left no trace: each under
// the family, naming the account.

const NEW = 'una-clave-larga';

describe.each(DATABASES)("'Historial' of accounts and e-mail (%s)", (kind) => {
  let api: TestApi;
  let admin: Agent & { user: User };

  beforeAll(async () => {
    api = await startApi(kind, { MAIL_POLL_SECONDS: '0' });
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  const history = async (familyId: number): Promise<HistoryEntry[]> =>
    (await admin.get<HistoryPage>(`/api/history?familyId=${familyId}&limit=100`)).body.items;
  const tokenSentTo = async (recipient: string, kind: string) => {
    const [message] = await api.dataSource
      .getRepository(OutboxMessageEntity)
      .find({ where: { recipient, kind }, order: { id: 'DESC' }, take: 1 });
    return /token=([\w-]{43})/.exec(message!.text)![1]!;
  };

  it('records the e-mail confirmation that links an account, as that account, under its family', async () => {
    const family = await createFamily(api, { email: `historial.confirma.${kind}@example.com` });
    const parent = api.agent();
    const body = { name: 'Rosa Historial', username: `rosa.historial.${kind}`, email: family.email, password: NEW, confirmPassword: NEW };
    const registered = await parent.post<User>('/api/register', body);
    await api.agent().post('/api/verify-email', { token: await tokenSentTo(family.email, 'verify-email') });
    expect(await history(family.id)).toContainEqual(
      expect.objectContaining({
        action: 'account.verify-email',
        entity: 'account',
        entityId: registered.body.id,
        actorUserId: registered.body.id,
        // The account rows name the account and its family (as 'Cuentas' does).
        label: `Rosa Historial (rosa.historial.${kind}) · familia de ${family.graduateName}`,
      }),
    );
  });

  it('records an accepted invitation, a reset by link, sign out everywhere, and the calendar link made and revoked', async () => {
    const family = await createFamily(api, { email: `historial.invita.${kind}@example.com` });
    const { body: invitation } = await admin.post<AccountLink>(`/api/families/${family.id}/invitation`);
    const token = new URL(invitation.link).searchParams.get('token');
    const parent = api.agent();
    const accepted = await parent.post<User>('/api/invitation/accept', {
      token,
      name: 'Marta Historial',
      username: `marta.historial.${kind}`,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(accepted.status).toBe(201);
    expect((await parent.post('/api/my-calendar')).status).toBe(201);
    expect((await parent.delete('/api/my-calendar')).status).toBe(204);
    expect((await parent.post('/api/user/logout-all')).status).toBe(204);
    expect((await api.agent().post('/api/password-reset', { email: family.email })).status).toBe(204);
    const reset = await api.agent().post('/api/password-reset/confirm', {
      token: await tokenSentTo(family.email, 'reset-password'),
      password: 'otra-clave-larga',
      confirmPassword: 'otra-clave-larga',
    });
    expect(reset.status).toBe(204);

    const actions = (await history(family.id)).filter((entry) => entry.entityId === accepted.body.id).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'account.accept-invitation',
        'account.calendar-create',
        'account.calendar-revoke',
        'account.logout-all',
        'account.reset-password',
      ]),
    );
    for (const entry of (await history(family.id)).filter((item) => item.entity === 'account')) {
      expect(entry).toMatchObject({ label: expect.stringMatching(/^Marta Historial \(.+\) · familia de /), familyId: family.id });
      expect(JSON.stringify(entry)).not.toMatch(/token|[\w-]{43}/);
    }
  });

  it("records notice e-mails turned off, by the unsubscribe link or in 'Mi cuenta', and an admin's resend", async () => {
    const family = await createFamily(api, { email: `historial.avisos.${kind}@example.com` });
    await api.dataSource.getRepository(SettingsEntity).update({ id: 1 }, { mailSecret: 'secreto-de-prueba-para-enlaces-de-baja' });
    const link = `/api/unsubscribe/${unsubscribeToken('secreto-de-prueba-para-enlaces-de-baja', family.id)}`;
    expect((await api.agent().request('POST', link)).status).toBe(200);
    const parent = await api.signedIn('parent', { email: family.email });
    expect((await parent.put('/api/my-notice-emails', { enabled: true })).status).toBe(200);
    expect((await parent.put('/api/my-notice-emails', { enabled: false })).status).toBe(200);
    const entries = await history(family.id);
    expect(entries.filter((entry) => entry.action === 'family.notice-emails-off')).toHaveLength(2);
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'family.notice-emails-on', actorUserId: parent.user.id, label: family.graduateName }),
    );

    const [message] = await api.dataSource.getRepository(OutboxMessageEntity).find({ order: { id: 'DESC' }, take: 1 });
    expect((await admin.post(`/api/emails/${message!.id}/resend`)).status).toBe(200);
    await api.app.get(MailWorker).deliverDue();
    const emails = (await admin.get<HistoryPage>('/api/history?entity=email')).body.items;
    expect(emails).toContainEqual(expect.objectContaining({ action: 'email.resend', entityId: message!.id, actorUserId: admin.user.id }));
  });
});
