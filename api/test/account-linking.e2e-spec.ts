import type { Account, Family, User } from '@portal/contracts';
import { AccountTokenEntity } from '../src/auth/account-token.entity';
import { MAX_REGISTRATIONS_PER_IP, MAX_VERIFY_EMAILS } from '../src/auth/auth.service';
import { SessionEntity } from '../src/auth/session.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { MailWorker } from '../src/mail/mail-worker';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { UserEntity } from '../src/users/user.entity';
import { createFamily, createUser, expectSpanishError, sessionAgent, snapshotTables } from './fixtures';
import { DATABASES, PASSWORD, startApi, type Agent, type TestApi } from './harness';
import { startSmtp, type TestSmtp } from './smtp';

const FAMILY_NOT_FOUND = 'No encontramos un perfil familiar para tu cuenta. Contacta a la administración.';
const BAD_LINK = 'El enlace no es válido o ya venció. Pide uno nuevo desde tu portal.';

let counter = 0;
const registration = (email: string) => {
  counter += 1;
  return {
    name: `Persona ${counter}`,
    username: `persona.${process.pid}.${counter}`,
    email,
    password: 'una-clave-larga',
    confirmPassword: 'una-clave-larga',
  };
};

/** The one-time link of the newest confirmation e-mail sent to `email`. */
async function linkSentTo(api: TestApi, email: string): Promise<string> {
  const [message] = await api.dataSource
    .getRepository(OutboxMessageEntity)
    .find({ where: { recipient: email.toLowerCase(), kind: 'verify-email' }, order: { id: 'DESC' }, take: 1 });
  if (!message) throw new Error(`no e-mail to ${email}`);
  const link = /https?:\/\/\S+\/auth\/verificar\?token=([\w-]{43})/.exec(message.text);
  if (!link) throw new Error(`no link in: ${message.text}`);
  return link[1]!;
}

async function register(api: TestApi, email: string): Promise<Agent & { user: User }> {
  const agent = api.agent();
  const response = await agent.post<User>('/api/register', registration(email));
  if (response.status !== 201) throw new Error(`register: ${response.status} ${response.text}`);
  return Object.assign(agent, { user: response.body });
}

describe.each(DATABASES)('accounts linked to a family only once their e-mail is proven (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind, { PUBLIC_URL: 'https://portal.example.edu.gt' });
  });
  afterAll(() => api.close());

  it("shows a stranger who registers with a family's e-mail nothing of that family, and lets it change nothing", async () => {
    const family = await createFamily(api, { email: 'victima@example.com', tablesBooked: 2 });
    const before = await snapshotTables(api, { except: ['users', 'sessions', 'account_tokens', 'outbox', 'rate_limits'] });
    const stranger = await register(api, 'VICTIMA@example.com');
    expect(stranger.user.emailVerified).toBe(false);

    for (const url of ['/api/my-family', '/api/my-event-rsvps', '/api/my-payment-confirmations', '/api/my-family/payment-proofs']) {
      const response = await stranger.get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.text).not.toContain(family.graduateName);
    }
    const writes = [
      await stranger.put('/api/my-family/rsvp', { awardsRsvp: true }),
      await stranger.put('/api/my-payment-confirmations/1', { status: 'ya_pague' }),
    ];
    expect(writes.map((response) => response.status)).toEqual([404, 404]);
    expect(await snapshotTables(api, { except: ['users', 'sessions', 'account_tokens', 'outbox', 'rate_limits'] })).toEqual(before);
    expect((await stranger.get<{ message: string }>('/api/my-family')).body.message).toBe(FAMILY_NOT_FOUND);
  });

  it('links the account to its family once it follows the link sent to that address, signed in or not', async () => {
    const family = await createFamily(api, { email: 'confirmada@example.com' });
    const parent = await register(api, 'confirmada@example.com');
    const [message] = await api.dataSource.getRepository(OutboxMessageEntity).findBy({ recipient: 'confirmada@example.com' });
    expect(message).toMatchObject({ status: 'pending', subject: 'Confirma tu correo · Class of 2026' });
    expect(message!.text).toContain('https://portal.example.edu.gt/auth/verificar?token=');
    // Only the token's hash is stored.
    const token = await linkSentTo(api, 'confirmada@example.com');
    expect(await api.dataSource.getRepository(AccountTokenEntity).countBy({ id: token })).toBe(0);

    expect((await api.agent().post('/api/verify-email', { token })).status).toBe(204);
    const user = await parent.get<User>('/api/user');
    expect(user.body.emailVerified).toBe(true);
    const mine = await parent.get<Family>('/api/my-family');
    expect(mine).toMatchObject({ status: 200, body: { id: family.id, graduateName: family.graduateName } });
  });

  it('accepts a link once, never after it expires, never forged, and never for an address the account no longer has', async () => {
    await register(api, 'una.vez@example.com');
    const token = await linkSentTo(api, 'una.vez@example.com');
    expect((await api.agent().post('/api/verify-email', { token })).status).toBe(204);
    const again = await api.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(expectSpanishError(again).message).toBe(BAD_LINK);

    const late = await register(api, 'tarde@example.com');
    const lateToken = await linkSentTo(api, 'tarde@example.com');
    await api.dataSource.getRepository(AccountTokenEntity).update({ userId: late.user.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await api.agent().post('/api/verify-email', { token: lateToken })).status).toBe(400);

    for (const forged of ['A'.repeat(43), `${token.slice(0, 42)}x`, 'corto', '']) {
      expect((await api.agent().post('/api/verify-email', { token: forged })).status).toBe(400);
    }

    const moved = await register(api, 'antes@example.com');
    const movedToken = await linkSentTo(api, 'antes@example.com');
    await api.dataSource.getRepository(UserEntity).update({ id: moved.user.id }, { email: 'despues@example.com' });
    expect((await api.agent().post('/api/verify-email', { token: movedToken })).status).toBe(400);
    expect((await api.dataSource.getRepository(UserEntity).findOneByOrFail({ id: moved.user.id })).emailVerifiedAt).toBeNull();
  });

  it('sends a new link on request, after which the old one no longer works, a limited number of times an hour', async () => {
    const parent = await register(api, 'reenviar@example.com');
    const first = await linkSentTo(api, 'reenviar@example.com');
    expect((await parent.post('/api/verify-email/resend')).status).toBe(204);
    const second = await linkSentTo(api, 'reenviar@example.com');
    expect(second).not.toBe(first);
    expect((await api.agent().post('/api/verify-email', { token: first })).status).toBe(400);
    for (let index = 1; index < MAX_VERIFY_EMAILS; index += 1) expect((await parent.post('/api/verify-email/resend')).status).toBe(204);
    const refused = await parent.post<{ message: string }>('/api/verify-email/resend');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Ya te enviamos varios enlaces/);
    expect(await api.dataSource.getRepository(OutboxMessageEntity).countBy({ recipient: 'reenviar@example.com' })).toBe(
      MAX_VERIFY_EMAILS + 1,
    );
    expect((await api.agent().post('/api/verify-email/resend')).status).toBe(401);
  });

  it('releases an address held by an account that has not proven it for a day to the next registration', async () => {
    const squatter = await register(api, 'ocupada@example.com');
    const taken = await api.agent().post('/api/register', registration('ocupada@example.com'));
    expect(taken).toMatchObject({ status: 409, body: { message: 'Ya existe una cuenta con ese email.' } });
    await api.dataSource.getRepository(UserEntity).update({ id: squatter.user.id }, { emailHeldUntil: new Date(Date.now() - 3_600_000) });
    const owner = await register(api, 'ocupada@example.com');
    expect(owner.user.email).toBe('ocupada@example.com');
    expect((await api.dataSource.getRepository(UserEntity).findOneByOrFail({ id: squatter.user.id })).email).toBeNull();
    // A proven address is never released.
    const proven = await createUser(api, 'parent', 'probada@example.com');
    await api.dataSource.getRepository(UserEntity).update({ id: proven.id }, { createdAt: new Date(Date.now() - 90 * 24 * 3_600_000) });
    expect((await api.agent().post('/api/register', registration('probada@example.com'))).status).toBe(409);
  });

  it('holds an address for a day once a week: registering it again a day later holds nothing, and the parent takes it at once', async () => {
    const first = await register(api, 'renovada@example.com');
    // A day later the stranger registers the address again, with another account.
    await api.dataSource.getRepository(UserEntity).update({ id: first.user.id }, { emailHeldUntil: new Date(Date.now() - 60_000) });
    const again = await register(api, 'renovada@example.com');
    expect(again.user.email).toBe('renovada@example.com');
    // No new hold: the family's parent registers the address right away and can prove it.
    const owner = await register(api, 'renovada@example.com');
    expect(owner.user.email).toBe('renovada@example.com');
    expect((await api.dataSource.getRepository(UserEntity).findOneByOrFail({ id: again.user.id })).email).toBeNull();
  });

  it('limits registrations from one address, counting refused ones, and writes nothing when it refuses', async () => {
    const from = (remoteAddress: string, body: object) =>
      api.app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress });
    const statuses: number[] = [];
    for (let index = 0; index < MAX_REGISTRATIONS_PER_IP; index += 1) {
      // Every other one a duplicate user name: attempts count, not only accounts made.
      const body =
        index % 2 ? { ...registration(`masivo${index}@example.com`), username: 'masivo.dup' } : registration(`masivo${index}@example.com`);
      statuses.push((await from('198.51.100.20', body)).statusCode);
    }
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const users = await api.dataSource.getRepository(UserEntity).count();
    const refused = await from('198.51.100.20', registration('masivo.ultimo@example.com'));
    expect(refused.statusCode).toBe(429);
    expect(expectSpanishError(refused).message).toBe('Demasiados registros desde esta conexión. Intenta de nuevo más tarde.');
    expect(await api.dataSource.getRepository(UserEntity).count()).toBe(users);
    expect((await from('198.51.100.21', registration('otra.red@example.com'))).statusCode).toBe(201);
  });

  describe('the committee manages accounts', () => {
    let admin: Agent & { user: User };
    beforeAll(async () => {
      admin = await api.signedIn('admin');
    });

    it('lists accounts with their proof and their family, and never a hash', async () => {
      const family = await createFamily(api, { email: 'listada@example.com' });
      const linked = await createUser(api, 'parent', 'listada@example.com');
      const pending = await register(api, 'pendiente@example.com');
      const response = await admin.get<Account[]>('/api/accounts');
      expect(response.status).toBe(200);
      expect(response.text).not.toMatch(/scrypt|passwordHash/);
      expect(response.body.find((account) => account.id === linked.id)).toMatchObject({
        emailVerified: true,
        disabled: false,
        role: 'parent',
        family: { id: family.id, graduateName: family.graduateName },
      });
      expect(response.body.find((account) => account.id === pending.user.id)).toMatchObject({ emailVerified: false, family: null });
    });

    it('unlinks a parent from its family at once', async () => {
      await createFamily(api, { email: 'desvincular@example.com' });
      const user = await createUser(api, 'parent', 'desvincular@example.com');
      const parent = await sessionAgent(api, user.id);
      expect((await parent.get('/api/my-family')).status).toBe(200);
      expect((await admin.post(`/api/accounts/${user.id}/unlink`)).status).toBe(204);
      expect((await parent.get('/api/my-family')).status).toBe(404);
      const account = (await admin.get<Account[]>('/api/accounts')).body.find((one) => one.id === user.id);
      expect(account).toMatchObject({ emailVerified: false, family: null });
    });

    it('disables an account: its sessions end at once and it cannot sign in until enabled again', async () => {
      const user = await createUser(api, 'parent', 'desactivar@example.com');
      const parent = await sessionAgent(api, user.id);
      expect((await parent.get('/api/user')).status).toBe(200);
      expect((await admin.post(`/api/accounts/${user.id}/disable`)).status).toBe(204);
      expect((await parent.get('/api/user')).status).toBe(401);
      expect(await api.dataSource.getRepository(SessionEntity).countBy({ userId: user.id })).toBe(0);
      const login = await api.agent().post('/api/login', { username: user.username, password: PASSWORD });
      expect(login).toMatchObject({ status: 403, body: { message: 'Tu cuenta está desactivada. Comunícate con el comité.' } });
      // The wrong password still gets the usual answer: the state is told only to the owner.
      expect((await api.agent().post('/api/login', { username: user.username, password: 'otra-cosa' })).status).toBe(401);
      expect((await admin.post(`/api/accounts/${user.id}/enable`)).status).toBe(204);
      expect((await api.agent().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    });

    it('deletes an account and its sessions; the family and its data stay', async () => {
      const family = await createFamily(api, { email: 'eliminar@example.com' });
      const user = await createUser(api, 'parent', 'eliminar@example.com');
      const parent = await sessionAgent(api, user.id);
      expect((await admin.delete(`/api/accounts/${user.id}`)).status).toBe(204);
      expect((await parent.get('/api/user')).status).toBe(401);
      expect(await api.dataSource.getRepository(UserEntity).countBy({ id: user.id })).toBe(0);
      expect(await api.dataSource.getRepository(FamilyEntity).countBy({ id: family.id })).toBe(1);
    });

    it('refuses to disable or delete the signed-in admin, unknown ids, and parents', async () => {
      for (const request of [admin.post(`/api/accounts/${admin.user.id}/disable`), admin.delete(`/api/accounts/${admin.user.id}`)]) {
        const response = await request;
        expect(response).toMatchObject({ status: 409, body: { message: 'No puedes desactivar ni eliminar tu propia cuenta.' } });
      }
      expect((await admin.post('/api/accounts/999999/disable')).status).toBe(404);
      expect((await admin.post('/api/accounts/abc/disable')).status).toBe(400);
      const parent = await api.signedIn('parent');
      expect((await parent.get('/api/accounts')).status).toBe(403);
      expect((await parent.post(`/api/accounts/${admin.user.id}/disable`)).status).toBe(403);
      expect((await api.agent().get('/api/accounts')).status).toBe(401);
    });
  });
});

describe.each(DATABASES)('the confirmation e-mail through SMTP (%s)', (kind) => {
  let api: TestApi;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.edu.gt', MAIL_POLL_SECONDS: '0' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('delivers the Spanish confirmation e-mail whose link proves the address', async () => {
    const family = await createFamily(api, { email: 'smtp.familia@example.com' });
    const parent = await register(api, 'smtp.familia@example.com');
    expect(await api.app.get(MailWorker).deliverDue()).toBe(1);
    const message = smtp.received.find((one) => one.to.includes('smtp.familia@example.com'));
    expect(message).toBeDefined();
    const decoded = message!.text;
    expect(decoded).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(decoded).toContain('Confirma que este correo es tuyo');
    const token = /https:\/\/portal\.example\.edu\.gt\/auth\/verificar\?token=([\w-]{43})/.exec(decoded)?.[1];
    expect(token).toBeDefined();
    expect(
      (await api.dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ recipient: 'smtp.familia@example.com' })).status,
    ).toBe('sent');
    expect((await api.agent().post('/api/verify-email', { token })).status).toBe(204);
    expect((await parent.get<Family>('/api/my-family')).body.id).toBe(family.id);
  });
});
