import { FIRST_DATA_ELEMENT_ID, PRELOAD_FAILED_ATTRIBUTE, ROLE_HINT_COOKIE, type InlinedAnswer } from '@portal/contracts';
import { renderHook } from '@testing-library/react';
import useSWR from 'swr';
import { forgetWrittenAnswers, keepWrittenAnswers, preloadFailed, roleHint, takeWrittenAnswer } from '@portal/api-client/early';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { getJson } from '@portal/api-client/request';
import { getUser } from '@portal/api-client/session';

/** What apiRequest reads of a fetch answer (jsdom has no Response). */
const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) }) as unknown as Response;

function setPath(path: string) {
  window.history.replaceState(null, '', path);
}

/** A page as the API writes it: its first screen's answers in a JSON data block. */
function writePage(answers: Record<string, InlinedAnswer> | string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_DATA_ELEMENT_ID;
  block.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.head.appendChild(block);
  forgetWrittenAnswers();
}

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute(PRELOAD_FAILED_ATTRIBUTE);
  forgetWrittenAnswers();
  document.cookie = `${ROLE_HINT_COOKIE}=; max-age=0; path=/`;
  setPath('/');
});

describe('answers the server wrote into the page', () => {
  it('are used once, by the first request for their URL; later ones reach the API', async () => {
    global.fetch = jest.fn().mockImplementation(async () => json({ desde: 'api' }));
    writePage({ '/api/my-family': { status: 200, body: '{"desde":"página"}' } });
    await expect(getJson('/api/my-family')).resolves.toEqual({ desde: 'página' });
    expect(global.fetch).not.toHaveBeenCalled();
    await expect(getJson('/api/my-family')).resolves.toEqual({ desde: 'api' });
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it('carry the API’s errors like any answer', async () => {
    writePage({ '/api/my-family': { status: 404, body: '{"message":"Sin familia"}' } });
    await expect(getJson('/api/my-family')).rejects.toMatchObject({ status: 404, userMessage: 'Sin familia' });
  });

  it('are never taken by another URL', () => {
    writePage({ '/api/stats': { status: 200, body: '{}' } });
    expect(takeWrittenAnswer('/api/families')).toBeUndefined();
    expect(takeWrittenAnswer('/api/stats')).toMatchObject({ ok: true, status: 200 });
  });

  it('when the block cannot be read, everything is asked of the API', async () => {
    global.fetch = jest.fn().mockImplementation(async () => json({ ok: true }));
    writePage('{not json');
    await expect(getJson('/api/events')).resolves.toEqual({ ok: true });
    expect(global.fetch).toHaveBeenCalledWith('/api/events', { method: 'GET', credentials: 'include' });
  });

  it('a page without the block (sent by a static server) asks with exactly what the preload asked: GET with the session cookie', async () => {
    global.fetch = jest.fn().mockImplementation(async () => json([]));
    await expect(getJson('/api/events')).resolves.toEqual([]);
    // Anything more (a header, another credentials mode) and the browser would not use the preload.
    expect(global.fetch).toHaveBeenCalledWith('/api/events', { method: 'GET', credentials: 'include' });
  });
});

it('tells when the first script could not preload a file', () => {
  expect(preloadFailed()).toBe(false);
  document.documentElement.setAttribute(PRELOAD_FAILED_ATTRIBUTE, '');
  expect(preloadFailed()).toBe(true);
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

describe('answers kept before the first render', () => {
  it('are in the cache at the first render, taken from the page; errors, the door’s polled lists and the public configuration are left to their request', async () => {
    global.fetch = jest.fn().mockImplementation(async () => json({ desde: 'api' }));
    writePage({
      '/api/stats': { status: 200, body: '{"totalFamilies":6}' },
      '/api/user': { status: 401, body: '{"message":"Inicia sesión"}' },
      '/api/gala/door': { status: 200, body: '{"desde":"página"}' },
      '/api/config': { status: 200, body: '{"classYear":2026}' },
    });
    keepWrittenAnswers();
    const fetcher = jest.fn(getJson);
    const { result } = renderHook(() => useSWR('/api/stats', fetcher, QUERY_OPTIONS));
    // The first render has the figures: no skeleton, no request.
    expect(result.current.data).toEqual({ totalFamilies: 6 });
    expect(fetcher).not.toHaveBeenCalled();
    // Taken: a refresh after a change asks the API, never the page's old answer.
    await expect(getJson('/api/stats')).resolves.toEqual({ desde: 'api' });
    expect(takeWrittenAnswer('/api/user')).toMatchObject({ status: 401 });
    expect(takeWrittenAnswer('/api/gala/door')).toMatchObject({ status: 200 });
    // The public configuration too: rendered at once, it held back /auth's first paint.
    expect(takeWrittenAnswer('/api/config')).toMatchObject({ status: 200 });
  });
});
