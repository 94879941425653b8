import type { User } from '@portal/contracts';
import { SessionEntity } from '../src/auth/session.entity';
import { apiRoutes } from '../src/common/routes';
import { DEMO_PASSWORD } from '../src/users/demo-accounts';
import { UserEntity } from '../src/users/user.entity';
import { UsersService } from '../src/users/users.service';
import { DATABASES, PASSWORD, startApi, type TestApi } from './harness';

describe.each(DATABASES)('sessions and accounts (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('answers 401 to GET /api/user without a session', async () => {
    const response = await api.agent().get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'No has iniciado sesión.' });
  });

  it('signs in with the user name or the e-mail, in any case, and never returns the hash', async () => {
    const parent = await api.signedIn('parent', { username: 'mariela', email: 'Mariela@Example.com' });
    for (const login of ['mariela', 'MARIELA', 'mariela@example.com', 'Mariela@Example.com']) {
      const agent = api.agent();
      const response = await agent.post<User>('/api/login', { username: login, password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: parent.user.id,
        name: expect.any(String),
        username: 'mariela',
        email: 'mariela@example.com',
        role: 'parent',
        emailVerified: true,
      });
      expect(response.text).not.toMatch(/scrypt|passwordHash/);
      expect((await agent.get('/api/user')).body).toEqual(response.body);
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that is not Secure over plain HTTP', async () => {
    await api.signedIn('parent', { username: 'cookies' });
    const response = await api.agent().post('/api/login', { username: 'cookies', password: PASSWORD });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^portal_session=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    await api.restart({ TRUST_PROXY: '1' });
    await api.signedIn('parent', { username: 'secure' });
    const response = await api
      .agent()
      .request('POST', '/api/login', { username: 'secure', password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    await api.restart();
  });

  it('gives the same 401 message for a wrong password and for an unknown user', async () => {
    await api.signedIn('parent', { username: 'known' });
    const wrong = await api.agent().post('/api/login', { username: 'known', password: 'otra-clave' });
    const unknown = await api.agent().post('/api/login', { username: 'nadie', password: 'otra-clave' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ statusCode: 401, message: 'Usuario o contraseña incorrectos.' });
  });

  it('refuses the demo accounts’ published password when the portal listens beyond this machine', async () => {
    // As `npm start` left them: the demo accounts in the database, with the published password.
    await api.app
      .get(UsersService)
      .create({ name: 'Demo', username: 'demo.padre', email: 'demo.padre@example.com', password: DEMO_PASSWORD, role: 'parent' });
    const login = () => api.agent().post('/api/login', { username: 'demo.padre', password: DEMO_PASSWORD });
    expect((await login()).status).toBe(200);
    const outside: Array<Record<string, string>> = [
      { HOST: '0.0.0.0' },
      { HOST: '192.168.1.20' },
      { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' },
    ];
    for (const env of outside) {
      await api.restart(env);
      const refused = await login();
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ statusCode: 401, message: 'Usuario o contraseña incorrectos.' });
      // Other accounts still sign in.
      await api.signedIn('parent');
    }
    await api.restart();
  });

  it('requires both login fields, with the spec messages', async () => {
    const response = await api.agent().post('/api/login', { username: '', password: '' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      errors: { username: ['El email o nombre de usuario es requerido'], password: ['La contraseña es requerida'] },
    });
  });

  it('issues a new session id at every login and forgets the previous one', async () => {
    const agent = await api.signedIn('parent', { username: 'rotate' });
    const first = agent.sessionCookie!;
    await agent.login('rotate');
    const second = agent.sessionCookie!;
    expect(second).not.toBe(first);
    const replay = await api.agent().request('GET', '/api/user', undefined, { cookie: `portal_session=${first}` });
    expect(replay.status).toBe(401);
  });

  it('destroys the session on the server at logout', async () => {
    const agent = await api.signedIn('parent', { username: 'leaving' });
    const cookie = agent.sessionCookie!;
    const response = await agent.post('/api/logout');
    expect(response.status).toBe(204);
    expect(agent.sessionCookie).toBeUndefined();
    const replay = await api.agent().request('GET', '/api/user', undefined, { cookie: `portal_session=${cookie}` });
    expect(replay.status).toBe(401);
  });

  it('keeps sessions across an API restart', async () => {
    const agent = await api.signedIn('admin', { username: 'steady' });
    await api.restart();
    expect((await agent.get<User>('/api/user')).body.username).toBe('steady');
  });

  it('stores only a hash of the session token', async () => {
    const agent = await api.signedIn('parent', { username: 'hashed' });
    const rows = await api.dataSource.getRepository(SessionEntity).find();
    expect(rows.map((row) => row.id)).not.toContain(agent.sessionCookie);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });

  it('ends a session that stays idle longer than the idle timeout', async () => {
    const agent = await api.signedIn('parent', { username: 'sleepy' });
    await api.dataSource.getRepository(SessionEntity).update({ userId: agent.user.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('ends a session older than the absolute timeout even while in use', async () => {
    const agent = await api.signedIn('parent', { username: 'ancient' });
    const longAgo = new Date(Date.now() - (api.config.sessionAbsoluteHours + 1) * 3_600_000);
    await api.dataSource.getRepository(SessionEntity).update({ userId: agent.user.id }, { createdAt: longAgo });
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  describe('registration', () => {
    const valid = {
      name: 'Rosa Méndez',
      username: 'rosa.mendez',
      email: 'Rosa@Example.com',
      password: 'una-clave-larga',
      confirmPassword: 'una-clave-larga',
    };

    it('creates a parent account, not yet proven, and signs it in', async () => {
      const agent = api.agent();
      const response = await agent.post<User>('/api/register', valid);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: 'Rosa Méndez',
        username: 'rosa.mendez',
        email: 'rosa@example.com',
        role: 'parent',
        emailVerified: false,
      });
      expect((await agent.get<User>('/api/user')).body.username).toBe('rosa.mendez');
    });

    it('never creates an admin, whatever the body says', async () => {
      const response = await api
        .agent()
        .post('/api/register', { ...valid, username: 'sneaky', email: 'sneaky@example.com', role: 'admin' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'El campo «role» no está permitido.' });
      expect(await api.dataSource.getRepository(UserEntity).countBy({ username: 'sneaky' })).toBe(0);
    });

    it('refuses a taken user name or e-mail with 409', async () => {
      const takenName = await api.agent().post('/api/register', { ...valid, email: 'otra@example.com' });
      expect(takenName).toMatchObject({ status: 409, body: { message: 'Ese nombre de usuario ya está en uso.' } });
      const takenEmail = await api.agent().post('/api/register', { ...valid, username: 'otra.rosa', email: 'ROSA@example.com' });
      expect(takenEmail).toMatchObject({ status: 409, body: { message: 'Ya existe una cuenta con ese email.' } });
    });

    it.each(['password1', 'Iloveyou', 'QWERTYUIOP', '12345678', 'trustno1'])(
      'refuses %s, one of the most common passwords, whatever its case',
      async (password) => {
        const before = await api.dataSource.getRepository(UserEntity).count();
        const response = await api
          .agent()
          .post('/api/register', { ...valid, username: 'comun', email: 'comun@example.com', password, confirmPassword: password });
        expect(response).toMatchObject({ status: 400, body: { errors: { password: ['Esa contraseña es demasiado común. Elige otra.'] } } });
        expect(await api.dataSource.getRepository(UserEntity).count()).toBe(before);
      },
    );

    it.each([
      [{ password: 'corta', confirmPassword: 'corta' }, 'password', 'La contraseña debe tener al menos 8 caracteres.'],
      [{ confirmPassword: 'no-coincide' }, 'confirmPassword', 'Las contraseñas no coinciden.'],
      [{ email: 'no-es-email' }, 'email', 'El email no es válido.'],
      [{ username: 'a b' }, 'username', 'El nombre de usuario debe tener de 3 a 30 letras, números, puntos o guiones.'],
      [{ name: '   ' }, 'name', 'El nombre es requerido.'],
    ])('rejects %j with a Spanish message and writes nothing', async (change, field, message) => {
      const before = await api.dataSource.getRepository(UserEntity).count();
      const response = await api.agent().post('/api/register', { ...valid, username: 'nuevo', email: 'nuevo@example.com', ...change });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errors: { [field]: [message] } });
      expect(await api.dataSource.getRepository(UserEntity).count()).toBe(before);
    });
  });

  it('never answers a password hash, on any route', async () => {
    const admin = await api.signedIn('admin', { username: 'hash.admin' });
    const parent = await api.signedIn('parent', { username: 'hash.parent' });
    const texts: string[] = [];
    for (const agent of [admin, parent]) {
      for (const route of apiRoutes(api.app)) {
        if (route.method === 'GET' && !route.url.includes(':') && !route.url.startsWith('/api/docs/')) {
          texts.push((await agent.get(route.url)).text);
        }
      }
    }
    const password = 'promocion-2026-segura';
    const registered = await api
      .agent()
      .post('/api/register', { name: 'Nueva', username: 'hash.new', email: 'hash.new@example.com', password, confirmPassword: password });
    texts.push(registered.text, (await api.agent().post('/api/login', { username: 'hash.new', password })).text);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(text).not.toMatch(/scrypt|passwordHash/);
  });
});
