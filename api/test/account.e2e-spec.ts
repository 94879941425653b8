// 'Mi cuenta': changing one's password and signing out everywhere, for every role. A change
// ends the sessions of every other browser of the user; bad input changes nothing at all.
import type { User } from '@portal/contracts';
import { FREE_FAILURES_PER_ACCOUNT_AND_IP } from '../src/auth/login-throttle';
import { SessionEntity } from '../src/auth/session.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { UserEntity } from '../src/users/user.entity';
import { DATABASES, PASSWORD, startApi, type Agent, type TestApi } from './harness';
import { sessionAgent, snapshotTables, type Snapshot } from './fixtures';

const NEW_PASSWORD = 'birrete-azul-2026';
const change = (newPassword = NEW_PASSWORD, currentPassword = PASSWORD) => ({ currentPassword, newPassword, confirmPassword: newPassword });

describe.each(DATABASES)('my account (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  /**
   * Every table, sessions without their idle expiry (any signed-in request may push it forward),
   * and without the sign-in counters (a wrong current password is counted, by design).
   */
  const tables = async (): Promise<Snapshot> => {
    const snapshot = await snapshotTables(api, { except: ['rate_limits'] });
    snapshot.sessions = (snapshot.sessions as Array<{ id: string; userId: number }>).map(({ id, userId }) => ({ id, userId }));
    return snapshot;
  };

  const passwordHash = async (userId: number) =>
    (
      await api.dataSource
        .getRepository(UserEntity)
        .createQueryBuilder('user')
        .addSelect('user.passwordHash')
        .where('user.id = :userId', { userId })
        .getOneOrFail()
    ).passwordHash;

  const signInStatus = async (username: string, password: string) => (await api.agent().post('/api/login', { username, password })).status;

  it.each(['parent', 'admin'] as const)('lets a signed-in %s change the password: the old one stops working', async (role) => {
    const agent = await api.signedIn(role);
    const response = await agent.put('/api/user/password', change());
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await signInStatus(agent.user.username, PASSWORD)).toBe(401);
    expect(await signInStatus(agent.user.username, NEW_PASSWORD)).toBe(200);
    expect(await passwordHash(agent.user.id)).toMatch(/^scrypt\$/);
  });

  it('ends every link of the account with a password change: a reset link sent before no longer works', async () => {
    const agent = await api.signedIn('parent', { email: `enlaces.${kind}@example.com` });
    expect((await api.agent().post('/api/password-reset', { email: `enlaces.${kind}@example.com` })).status).toBe(204);
    const [message] = await api.dataSource
      .getRepository(OutboxMessageEntity)
      .find({ where: { recipient: `enlaces.${kind}@example.com`, kind: 'reset-password' }, order: { id: 'DESC' }, take: 1 });
    const token = /token=([\w-]{43})/.exec(message!.text)![1];
    expect((await agent.put('/api/user/password', change())).status).toBe(204);
    const reset = await api
      .agent()
      .post('/api/password-reset/confirm', { token, password: 'otra-clave-larga', confirmPassword: 'otra-clave-larga' });
    expect(reset.status).toBe(400);
    expect(await signInStatus(agent.user.username, NEW_PASSWORD)).toBe(200);
  });

  it('signs out every other browser of the user; the one that changed stays signed in with a new session id', async () => {
    const agent = await api.signedIn('parent');
    const phone = await sessionAgent(api, agent.user.id);
    const tablet = await sessionAgent(api, agent.user.id);
    const someoneElse = await api.signedIn('parent');
    expect((await phone.get('/api/user')).status).toBe(200);
    const before = agent.sessionCookie!;

    const response = await agent.put('/api/user/password', change());
    expect(response.status).toBe(204);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^portal_session=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    expect(agent.sessionCookie).not.toBe(before);
    expect((await agent.get<User>('/api/user')).body.id).toBe(agent.user.id);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await tablet.get('/api/my-family')).status).toBe(401);
    const replay = await api.agent().request('GET', '/api/user', undefined, { cookie: `portal_session=${before}` });
    expect(replay.status).toBe(401);
    // Other people keep their sessions.
    expect((await someoneElse.get('/api/user')).status).toBe(200);
    const rows = await api.dataSource.getRepository(SessionEntity).findBy({ userId: agent.user.id });
    expect(rows).toHaveLength(1);
  });

  it("'Cerrar sesión en todos los dispositivos' ends every session of the user, this one included", async () => {
    const agent = await api.signedIn('admin');
    const phone = await sessionAgent(api, agent.user.id);
    const someoneElse = await sessionAgent(api, (await api.signedIn('parent')).user.id);
    expect((await phone.get('/api/user')).status).toBe(200);

    const response = await agent.post('/api/user/logout-all');
    expect(response.status).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^portal_session=;/);
    expect(agent.sessionCookie).toBeUndefined();

    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/families')).status).toBe(401);
    expect(await api.dataSource.getRepository(SessionEntity).countBy({ userId: agent.user.id })).toBe(0);
    expect((await someoneElse.get('/api/user')).status).toBe(200);
    // The password itself is unchanged.
    expect(await signInStatus(agent.user.username, PASSWORD)).toBe(200);
  });

  describe('refuses with a Spanish 400 on the field, and changes nothing', () => {
    let agent: Agent & { user: User };
    let phone: Agent;

    beforeAll(async () => {
      agent = await api.signedIn('parent');
      phone = await sessionAgent(api, agent.user.id);
    });

    it.each([
      ['a wrong current password', change(NEW_PASSWORD, 'no-es-la-mia'), 'currentPassword', 'La contraseña actual no es correcta.'],
      ['no current password', change(NEW_PASSWORD, ''), 'currentPassword', 'La contraseña actual es requerida.'],
      ['a short new password', change('corta'), 'newPassword', 'La nueva contraseña debe tener al menos 8 caracteres.'],
      ['a common new password', change('Password1'), 'newPassword', 'Esa contraseña es demasiado común. Elige otra.'],
      [
        'a new password over 128 characters',
        change('x'.repeat(129)),
        'newPassword',
        'La nueva contraseña no puede tener más de 128 caracteres.',
      ],
      ['the current password again', change(PASSWORD), 'newPassword', 'La nueva contraseña debe ser distinta de la actual.'],
      [
        'a confirmation that does not match',
        { ...change(), confirmPassword: 'birrete-azul-2027' },
        'confirmPassword',
        'Las contraseñas no coinciden.',
      ],
    ])('%s', async (_case, body, field, message) => {
      const hash = await passwordHash(agent.user.id);
      const cookie = agent.sessionCookie;
      const before = await tables();
      const response = await agent.put('/api/user/password', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message, errors: { [field]: [message] } });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await tables()).toEqual(before);
      expect(await passwordHash(agent.user.id)).toBe(hash);
      expect(agent.sessionCookie).toBe(cookie);
      expect((await agent.get('/api/user')).status).toBe(200);
      expect((await phone.get('/api/user')).status).toBe(200);
    });
  });

  it('counts wrong current passwords as failed sign-ins of the account, so a stolen session cannot guess faster', async () => {
    const agent = await api.signedIn('parent');
    for (let attempt = 0; attempt < FREE_FAILURES_PER_ACCOUNT_AND_IP; attempt += 1) {
      expect((await agent.put('/api/user/password', change(NEW_PASSWORD, `adivinando-${attempt}`))).status).toBe(400);
    }
    const slowed = await agent.put<{ message: string }>('/api/user/password', change());
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe('Demasiados intentos fallidos. Espera 1 segundo e intenta de nuevo.');
    // The sign-in form shares the count.
    expect(await signInStatus(agent.user.username, PASSWORD)).toBe(429);
  });

  it('answers 401 to anonymous callers, and changes nothing', async () => {
    const before = await tables();
    for (const [method, url, body] of [
      ['PUT', '/api/user/password', change()],
      ['POST', '/api/user/logout-all', undefined],
    ] as const) {
      const response = await api.agent().request(method, url, body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: 'Debes iniciar sesión para continuar.' });
    }
    expect(await tables()).toEqual(before);
  });

  it('lets only one of two simultaneous changes from the same current password through', async () => {
    const agent = await api.signedIn('parent');
    const other = await sessionAgent(api, agent.user.id);
    const [first, second] = await Promise.all([
      agent.put('/api/user/password', change('primera-clave-nueva')),
      other.put('/api/user/password', change('segunda-clave-nueva')),
    ]);
    expect([first.status, second.status].sort()).toEqual([204, 400]);
    const loser = first.status === 400 ? first : second;
    expect(loser.body).toMatchObject({ errors: { currentPassword: ['La contraseña actual no es correcta.'] } });
    const winner = first.status === 204 ? 'primera-clave-nueva' : 'segunda-clave-nueva';
    expect(await signInStatus(agent.user.username, winner)).toBe(200);
    // The browser that lost was signed out by the winner's change.
    expect((await (first.status === 400 ? agent : other).get('/api/user')).status).toBe(401);
  });
});
