import { ROLE_HINT_COOKIE } from '@portal/contracts';
import { roleHint, takeEarlyResponse } from '@portal/api-client/early';
import { getJson } from '@portal/api-client/request';
import { getUser } from '@portal/api-client/session';

/** What apiRequest reads of a fetch answer (jsdom has no Response). */
const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) }) as unknown as Response;

function setPath(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => {
  delete window.__portalEarly;
  document.cookie = `${ROLE_HINT_COOKIE}=; max-age=0; path=/`;
  setPath('/');
});

describe('answers the first script already asked for', () => {
  it('are used once, by the first request for their URL; later ones reach the API', async () => {
    global.fetch = jest.fn().mockImplementation(async () => json({ desde: 'api' }));
    window.__portalEarly = { responses: { '/api/my-family': Promise.resolve(json({ desde: 'temprano' })) } };
    await expect(getJson('/api/my-family')).resolves.toEqual({ desde: 'temprano' });
    expect(global.fetch).not.toHaveBeenCalled();
    await expect(getJson('/api/my-family')).resolves.toEqual({ desde: 'api' });
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it('are asked again when the early request failed on the network', async () => {
    global.fetch = jest.fn().mockImplementation(async () => json({ ok: true }));
    window.__portalEarly = { responses: { '/api/events': Promise.reject(new TypeError('Failed to fetch')) } };
    await expect(getJson('/api/events')).resolves.toEqual({ ok: true });
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it('carry the API’s errors like any answer', async () => {
    window.__portalEarly = { responses: { '/api/my-family': Promise.resolve(json({ message: 'Sin familia' }, 404)) } };
    await expect(getJson('/api/my-family')).rejects.toMatchObject({ status: 404 });
  });

  it('are never taken by another URL', () => {
    const early = Promise.resolve(json({}));
    window.__portalEarly = { responses: { '/api/stats': early } };
    expect(takeEarlyResponse('/api/families')).toBeUndefined();
    expect(takeEarlyResponse('/api/stats')).toBe(early);
  });
});

describe('the role hint', () => {
  it('is read from its cookie, and only a known role counts', () => {
    expect(roleHint()).toBeNull();
    document.cookie = `${ROLE_HINT_COOKIE}=parent; path=/`;
    expect(roleHint()).toBe('parent');
    document.cookie = `${ROLE_HINT_COOKIE}=superadmin; path=/`;
    expect(roleHint()).toBeNull();
  });

  it('without it, a public page does not ask who is signed in (no 401 in the console)', async () => {
    global.fetch = jest.fn();
    setPath('/auth');
    await expect(getUser()).resolves.toBeNull();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('without it, a signed-in page still asks (a session from before the hint existed)', async () => {
    global.fetch = jest.fn().mockImplementation(async () => json({ id: 1, role: 'parent' }));
    setPath('/parent/pagos');
    await expect(getUser()).resolves.toEqual({ id: 1, role: 'parent' });
    expect(global.fetch).toHaveBeenCalledWith('/api/user', expect.objectContaining({ method: 'GET' }));
  });

  it('with it, every page asks, and a 401 means signed out', async () => {
    document.cookie = `${ROLE_HINT_COOKIE}=admin; path=/`;
    global.fetch = jest.fn().mockImplementation(async () => json({ message: 'No has iniciado sesión.' }, 401));
    await expect(getUser()).resolves.toBeNull();
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });
});
