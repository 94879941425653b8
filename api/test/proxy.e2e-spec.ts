// Behind a reverse proxy (TRUST_PROXY), the client's address is the one the trusted proxy saw,
// never what the client wrote in X-Forwarded-For: forged addresses neither escape the login
// limit nor use up somebody else's. Proved through the per-address login limit, which counts
// per request.ip: past it, a wrong password is a 429 instead of a 401.
import { MAX_FAILURES_PER_IP } from '../src/auth/login-throttle';
import { ANY_DATABASE, PASSWORD, startApi, type TestApi } from './harness';

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

// Which address is the client's is decided before the database: one database is enough here (the
// limits' counters are tested on both by sign-in-limits.e2e-spec.ts).
describe.each([ANY_DATABASE])('client addresses behind a proxy (%s)', (kind) => {
  let api: TestApi;

  const login = (username: string, password: string, headers: Record<string, string>, remoteAddress = PROXY) =>
    api.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers, remoteAddress });

  /** The per-address limit of failures used up by one client, each attempt from a made-up address. */
  async function exhaustWithForgedAddresses(forward: (forged: string) => string, remoteAddress = PROXY): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < MAX_FAILURES_PER_IP; index += 1) {
      const forged = `198.51.100.${(index % 250) + 1}`;
      statuses.push((await login(`nadie${index}`, 'adivinando', { 'x-forwarded-for': forward(forged) }, remoteAddress)).statusCode);
    }
    return statuses;
  }

  afterEach(() => api.close());

  it.each([
    ['a hop count', '1'],
    ['the proxy’s subnet', '10.0.0.0/8'],
  ])('TRUST_PROXY as %s: a forged left-most X-Forwarded-For does not change the address', async (_name, setting) => {
    api = await startApi(kind, { TRUST_PROXY: setting });
    await api.signedIn('parent', { username: 'vecina' });
    // What an nginx that appends gives: the client's own text, then the address it saw.
    expect(await exhaustWithForgedAddresses((forged) => `${forged}, ${CLIENT}`)).toEqual(Array(MAX_FAILURES_PER_IP).fill(401));
    // Past the ceiling a wrong password is a 429 (the right one of an account nobody failed on still gets in).
    const blocked = await login('vecina', 'adivinando', { 'x-forwarded-for': `192.0.2.99, ${CLIENT}` });
    expect(blocked.statusCode).toBe(429);
    // Another client behind the same proxy is not locked out, even when it names the blocked address.
    expect((await login('vecina', PASSWORD, { 'x-forwarded-for': `${CLIENT}, 203.0.113.8` })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    api = await startApi(kind, { TRUST_PROXY: '10.0.0.0/8' });
    await api.signedIn('parent', { username: 'vecino' });
    const direct = '192.0.2.50';
    expect(await exhaustWithForgedAddresses((forged) => forged, direct)).toEqual(Array(MAX_FAILURES_PER_IP).fill(401));
    expect((await login('vecino', 'adivinando', { 'x-forwarded-for': '198.51.100.200' }, direct)).statusCode).toBe(429);
    // The proxy's clients are counted by their own addresses.
    expect((await login('vecino', PASSWORD, { 'x-forwarded-for': CLIENT })).statusCode).toBe(200);
  });

  it('without TRUST_PROXY counts the socket’s address, whatever the headers say', async () => {
    api = await startApi(kind);
    await api.signedIn('parent', { username: 'vecine' });
    await exhaustWithForgedAddresses((forged) => forged);
    expect((await login('vecine', 'adivinando', { 'x-forwarded-for': '198.51.100.201' })).statusCode).toBe(429);
  });

  it('keeps the same-origin check working through the trusted proxy', async () => {
    api = await startApi(kind, { TRUST_PROXY: '1' });
    await api.signedIn('parent', { username: 'origen' });
    const through = (origin: string) =>
      login('origen', PASSWORD, { host: 'api:3000', 'x-forwarded-host': 'portal.example.com', origin }).then((r) => r.statusCode);
    expect(await through('https://portal.example.com')).toBe(200);
    expect(await through('https://evil.example')).toBe(403);
  });
});
