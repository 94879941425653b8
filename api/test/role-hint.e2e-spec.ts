// The role hint cookie (`portal_role`): set with the session at every sign-in, kept in step by
// GET /api/user, and gone with the session (sign-out, 'todos los dispositivos', an ended session).
// It is readable by the page's first script and grants nothing: the API decides from the session.
import { ROLE_HINT_COOKIE } from '@portal/contracts';
import { ANY_DATABASE, PASSWORD, startApi, type TestApi } from './harness';

describe('the role hint cookie', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(ANY_DATABASE);
  });
  afterAll(() => api.close());

  const setCookies = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().map(String);
  const hintOf = (headers: Record<string, unknown>) => setCookies(headers).find((cookie) => cookie.startsWith(`${ROLE_HINT_COOKIE}=`));

  it('is set beside the session at sign-in, readable by scripts, with the session’s lifetime', async () => {
    for (const role of ['parent', 'admin'] as const) {
      const { user } = await api.signedIn(role);
      const browser = api.agent();
      const response = await browser.post('/api/login', { username: user.username, password: PASSWORD });
      const hint = hintOf(response.headers);
      expect(hint).toMatch(new RegExp(`^${ROLE_HINT_COOKIE}=${role}; Max-Age=\\d+; Path=/; SameSite=Lax$`));
      expect(hint).not.toMatch(/HttpOnly/);
      const session = setCookies(response.headers).find((cookie) => cookie.startsWith('portal_session='));
      expect(session).toMatch(/HttpOnly/);
      expect(/Max-Age=(\d+)/.exec(hint!)![1]).toBe(/Max-Age=(\d+)/.exec(session!)![1]);
    }
  });

  it('is set at registration', async () => {
    const response = await api.agent().post('/api/register', {
      name: 'Nueva Familia',
      username: 'pista.registro',
      email: 'pista.registro@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(response.status).toBe(201);
    expect(hintOf(response.headers)).toMatch(new RegExp(`^${ROLE_HINT_COOKIE}=parent;`));
  });

  it('is put back by GET /api/user when a live session lacks it, and not re-sent when it is there', async () => {
    const parent = await api.signedIn('parent');
    parent.cookies.delete(ROLE_HINT_COOKIE);
    const first = await parent.get('/api/user');
    expect(first.status).toBe(200);
    expect(hintOf(first.headers)).toMatch(new RegExp(`^${ROLE_HINT_COOKIE}=parent;`));
    expect(hintOf((await parent.get('/api/user')).headers)).toBeUndefined();
  });

  it('is corrected by GET /api/user when it names the wrong role, and grants nothing', async () => {
    const parent = await api.signedIn('parent');
    parent.cookies.set(ROLE_HINT_COOKIE, 'admin');
    expect((await parent.get('/api/families')).status).toBe(403);
    expect(hintOf((await parent.get('/api/user')).headers)).toMatch(new RegExp(`^${ROLE_HINT_COOKIE}=parent;`));
  });

  it('goes with the session: sign-out, sign-out everywhere, and an ended session', async () => {
    const parent = await api.signedIn('parent');
    expect(parent.cookies.get(ROLE_HINT_COOKIE)).toBe('parent');
    expect((await parent.post('/api/logout')).status).toBe(204);
    expect(parent.cookies.has(ROLE_HINT_COOKIE)).toBe(false);
    expect(parent.cookies.has('portal_session')).toBe(false);

    const admin = await api.signedIn('admin');
    expect((await admin.post('/api/user/logout-all')).status).toBe(204);
    expect(admin.cookies.has(ROLE_HINT_COOKIE)).toBe(false);

    // A hint left from a session that ended elsewhere is cleared by the 401.
    const stale = api.agent();
    stale.cookies.set(ROLE_HINT_COOKIE, 'parent');
    stale.cookies.set('portal_session', 'a'.repeat(43));
    expect((await stale.get('/api/user')).status).toBe(401);
    expect(stale.cookies.has(ROLE_HINT_COOKIE)).toBe(false);
  });

  it('is not sent to a visitor with no session', async () => {
    const response = await api.agent().get('/api/user');
    expect(response.status).toBe(401);
    expect(setCookies(response.headers)).toEqual([]);
  });
});
