// Cross-site request forgery: every state-changing route refuses a request the browser marks as
// coming from another site, bodies must be JSON (a plain HTML form cannot send that), and no GET
// route changes anything.
import { apiRoutes } from '../src/common/routes';
import { ConfigError, loadConfig } from '../src/config';
import { FamilyEntity } from '../src/families/family.entity';
import { unsubscribeToken } from '../src/mail/unsubscribe';
import { SettingsEntity } from '../src/settings/settings.entity';
import { DATABASES, startApi, type TestApi } from './harness';
import { seedTwoFamilies, sessionAgent, snapshotTables, type Snapshot, type TwoFamilies } from './fixtures';

const CROSS_SITE = { statusCode: 403, message: 'No aceptamos solicitudes enviadas desde otro sitio.' };
const MEDIA_TYPE = { statusCode: 415, message: 'Tipo de contenido no admitido: envía los datos como JSON.' };

describe.each(DATABASES)('cross-site requests (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let adminCookie: string;
  let parentCookie: string;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    adminCookie = `portal_session=${(await sessionAgent(api, fx.admin.id)).sessionCookie}`;
    parentCookie = `portal_session=${(await sessionAgent(api, fx.a.parent.id)).sessionCookie}`;
  });
  afterAll(() => api.close());

  /** Sessions without their idle expiry, which any signed-in request may push forward. */
  const tables = async (): Promise<Snapshot> => {
    const snapshot = await snapshotTables(api);
    snapshot.sessions = (snapshot.sessions as Array<{ id: string; userId: number }>).map(({ id, userId }) => ({ id, userId }));
    return snapshot;
  };

  /** Every state-changing route with real ids, so only the check under test can refuse it. */
  const writeRoutes = () =>
    apiRoutes(api.app)
      // The one deliberate exception, tested below: mail providers' one-click unsubscribe.
      .filter((route) => route.method !== 'GET' && route.url !== '/api/unsubscribe/:token')
      .map((route) => ({
        method: route.method,
        url: route.url
          .replace(':paymentNumber', '1')
          .replace('/families/:id', `/families/${fx.a.family.id}`)
          .replace('/events/:id', `/events/${fx.event.id}`)
          .replace(':id', '1'),
      }));

  const send = (method: string, url: string, headers: Record<string, string>, payload = '{}') =>
    api.app.inject({ method: method as 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['an origin on another port', { origin: 'http://localhost:4000' }],
    ['the opaque origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s on every state-changing route with a Spanish 403 and changes nothing', async (_name, headers) => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(10);
    const before = await tables();
    for (const cookie of [adminCookie, parentCookie]) {
      for (const { method, url } of routes) {
        const response = await send(method, url, { host: 'localhost:3000', cookie, ...headers });
        expect({ method, url, status: response.statusCode, body: response.json() }).toEqual({ method, url, status: 403, body: CROSS_SITE });
      }
    }
    expect(await tables()).toEqual(before);
  });

  it('lets a mail provider POST the one-click unsubscribe form from anywhere, on that route alone, for that family alone', async () => {
    const { mailSecret } = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
    const url = `/api/unsubscribe/${unsubscribeToken(mailSecret!, fx.a.family.id)}`;
    const response = await api.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
    const families = await api.dataSource.getRepository(FamilyEntity).find({ order: { id: 'ASC' } });
    expect(families.map((family) => [family.id, family.noticeEmailsOff])).toEqual(
      families.map((family) => [family.id, family.id === fx.a.family.id]),
    );
    await api.dataSource.getRepository(FamilyEntity).update({ id: fx.a.family.id }, { noticeEmailsOff: false });
  });

  it('refuses a cross-site HTML form post, with or without the browser headers', async () => {
    const before = await tables();
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: parentCookie, host: 'localhost:3000' };
    const fromForm = (headers: Record<string, string>, payload: string, url = '/api/my-family/rsvp') =>
      api.app.inject({ method: 'PUT', url, payload, headers: { ...form, ...headers } });
    expect((await fromForm({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'awardsRsvp=true')).json()).toEqual(
      CROSS_SITE,
    );
    // An old browser that sends neither header still cannot send JSON from a form.
    expect((await fromForm({}, 'awardsRsvp=true')).json()).toEqual(MEDIA_TYPE);
    expect((await fromForm({ 'content-type': 'text/plain' }, '{"awardsRsvp":true}')).json()).toEqual(MEDIA_TYPE);
    // An empty form is refused too: it would otherwise sign the parent out.
    const logout = await api.app.inject({ method: 'POST', url: '/api/logout', payload: '', headers: form });
    expect(logout.json()).toEqual(MEDIA_TYPE);
    expect(await tables()).toEqual(before);
  });

  it('accepts requests from its own origin, and from clients that send no Origin', async () => {
    const body = JSON.stringify({ status: 'ya_pague' });
    const url = '/api/my-payment-confirmations/5';
    const ok = async (headers: Record<string, string>) => (await send('PUT', url, { cookie: parentCookie, ...headers }, body)).statusCode;
    expect(await ok({ host: 'portal.example.com', origin: 'https://portal.example.com', 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await ok({ host: 'localhost:3000', origin: 'http://localhost:3000' })).toBe(200);
    expect(await ok({ host: 'Portal.Example.com', origin: 'https://portal.example.com' })).toBe(200);
    expect(await ok({ host: 'portal.example.com' })).toBe(200);
    // A proxy's X-Forwarded-Host counts only when TRUST_PROXY is on.
    expect(await ok({ host: 'api:3000', 'x-forwarded-host': 'portal.example.com', origin: 'https://portal.example.com' })).toBe(403);
  });

  it('trusts X-Forwarded-Host behind a proxy, and the origins listed in ALLOWED_ORIGINS', async () => {
    await api.restart({ TRUST_PROXY: '1', ALLOWED_ORIGINS: 'http://localhost:3001, https://Comite.Example.org/' });
    try {
      const body = JSON.stringify({ awardsRsvp: true });
      const status = async (headers: Record<string, string>) =>
        (await send('PUT', '/api/my-family/rsvp', { cookie: parentCookie, ...headers }, body)).statusCode;
      expect(await status({ host: 'api:3000', 'x-forwarded-host': 'portal.example.com', origin: 'https://portal.example.com' })).toBe(200);
      expect(await status({ host: 'localhost:3000', origin: 'http://localhost:3001' })).toBe(200);
      expect(await status({ host: 'localhost:3000', origin: 'https://comite.example.org' })).toBe(200);
      expect(await status({ host: 'localhost:3000', origin: 'https://otro.example.org' })).toBe(403);
      expect(await status({ host: 'localhost:3000', origin: 'http://localhost:3001', 'sec-fetch-site': 'cross-site' })).toBe(403);
    } finally {
      await api.restart();
    }
  });

  it('never changes a table on GET: every GET route, called twice by every kind of caller', async () => {
    const routes = apiRoutes(api.app)
      .filter((route) => route.method === 'GET' && !route.url.startsWith('/api/docs/'))
      .map((route) => route.url.replace(':eventId', String(fx.event.id)));
    routes.push('/api/payment-confirmations-report?format=xlsx', '/api/event-rsvps-report?format=xlsx');
    expect(routes.length).toBeGreaterThan(15);
    const before = await tables();
    for (const cookie of [undefined, parentCookie, adminCookie]) {
      for (const url of [...routes, ...routes]) {
        const response = await api.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect({ url, status: response.statusCode < 500 }).toEqual({ url, status: true });
      }
    }
    expect(await tables()).toEqual(before);
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('is a comma-separated list of origins, written as browsers write them', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://Portal.Example.com, http://localhost:3001/ ,' }).allowedOrigins).toEqual([
      'https://portal.example.com',
      'http://localhost:3001',
    ]);
  });

  it.each(['portal.example.com', 'ftp://portal.example.com', 'https://portal.example.com/app', 'https://user@portal.example.com'])(
    'refuses %s at start',
    (value) => {
      expect(() => loadConfig({ ALLOWED_ORIGINS: value })).toThrow(ConfigError);
    },
  );
});
