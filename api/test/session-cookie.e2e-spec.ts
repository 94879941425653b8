// The session cookie is Secure whenever the browser reached the portal over HTTPS, also through
// the shell's nginx behind a TLS-terminating balancer (it passes X-Forwarded-Proto on), and
// always with COOKIE_SECURE=always; a client that is not a trusted proxy cannot claim HTTPS.
import { ANY_DATABASE, PASSWORD, startApi, type TestApi } from './harness';

describe('the session cookie’s Secure flag', () => {
  let api: TestApi;

  afterEach(() => api.close());

  const cookieOf = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
    const username = `cookie${Math.random().toString(36).slice(2, 8)}`;
    await api.signedIn('parent', { username });
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: PASSWORD },
      headers,
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']);
  };

  it('follows the scheme the trusted proxy reports (COOKIE_SECURE=auto, the default)', async () => {
    api = await startApi(ANY_DATABASE, { TRUST_PROXY: '10.0.0.0/8' });
    expect(await cookieOf({ 'x-forwarded-proto': 'https' }, '10.0.0.2')).toMatch(/; Secure/);
    expect(await cookieOf({ 'x-forwarded-proto': 'http' }, '10.0.0.2')).not.toMatch(/Secure/);
    // Not a listed proxy: its claim is ignored, the socket was plain http.
    expect(await cookieOf({ 'x-forwarded-proto': 'https' }, '192.0.2.1')).not.toMatch(/Secure/);
  });

  it('is always Secure with COOKIE_SECURE=always, even when the request looks like plain http', async () => {
    api = await startApi(ANY_DATABASE, { COOKIE_SECURE: 'always' });
    const cookie = await cookieOf();
    expect(cookie).toMatch(/^portal_session=[\w-]{43};/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });
});
