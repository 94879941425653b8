// The page's first script (boot.ts), run as the browser runs it: on a page with the server's
// hints, with or without the role hint cookie.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from '@swc/core';
import { FIRST_DATA, FIRST_DATA_ELEMENT_ID, PRELOAD_FAILED_ATTRIBUTE, ROLE_HINT_COOKIE, type InlinedAnswer } from '@portal/contracts';
import { LOCALE, TIME_ZONE } from '@portal/format';

const source = transformSync(readFileSync(path.join(__dirname, 'boot.ts'), 'utf8'), {
  filename: 'boot.ts',
  isModule: false,
  jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
}).code;

function runBoot({
  path: page,
  role,
  inlined,
  code,
}: {
  path: string;
  role?: string;
  inlined?: Record<string, InlinedAnswer> | string;
  /** A prerendered page's <meta name="portal-scripts">. */
  code?: { run: string[] };
}) {
  window.history.replaceState(null, '', page);
  if (role) document.cookie = `${ROLE_HINT_COOKIE}=${role}; path=/`;
  document.head.innerHTML =
    '<meta name="portal-remotes" content="{&quot;admin&quot;:&quot;https://admin.example.com/remoteEntry.js&quot;,&quot;parent&quot;:&quot;/remotes/parent/remoteEntry.js?v=0123456789&quot;}">' +
    '<meta name="portal-preload" content="{&quot;admin&quot;:[&quot;/remotes/admin/1.0123456789.js&quot;],&quot;parent&quot;:[&quot;/remotes/parent/app.0123456789.css&quot;,&quot;/remotes/parent/2.0123456789.js&quot;]}">';
  if (code) {
    const scripts = document.createElement('meta');
    scripts.name = 'portal-scripts';
    scripts.content = JSON.stringify(code);
    document.head.appendChild(scripts);
  }
  if (inlined !== undefined) {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = FIRST_DATA_ELEMENT_ID;
    data.textContent = typeof inlined === 'string' ? inlined : JSON.stringify(inlined);
    document.head.appendChild(data);
  }
  global.fetch = jest.fn();
  new Function(
    '__ROLE_HINT_COOKIE__',
    '__FIRST_DATA__',
    '__FIRST_DATA_ELEMENT_ID__',
    '__PRELOAD_FAILED_ATTRIBUTE__',
    '__LOCALE__',
    '__TIME_ZONE__',
    source,
  )(ROLE_HINT_COOKIE, FIRST_DATA, FIRST_DATA_ELEMENT_ID, PRELOAD_FAILED_ATTRIBUTE, LOCALE, TIME_ZONE);
  // The script asks for data only through preload links, which the app's own requests then use.
  expect(global.fetch).not.toHaveBeenCalled();
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
  const data = links.filter((link) => link.getAttribute('as') === 'fetch');
  for (const link of data) expect(link.getAttribute('crossorigin')).toBe('use-credentials');
  return {
    asked: data.map((link) => link.getAttribute('href')!),
    preloaded: links.filter((link) => !data.includes(link)).map((link) => `${link.getAttribute('as')} ${link.getAttribute('href')}`),
  };
}

afterEach(() => {
  document.cookie = `${ROLE_HINT_COOKIE}=; max-age=0; path=/`;
  document.documentElement.removeAttribute(PRELOAD_FAILED_ATTRIBUTE);
});

it('asks a visitor’s page only for the public configuration', () => {
  expect(runBoot({ path: '/' })).toEqual({ asked: ['/api/config'], preloaded: [] });
});

it('starts a parent’s home: who is signed in, the family and the home’s data, and the parent app’s first files', () => {
  expect(runBoot({ path: '/parent', role: 'parent' })).toEqual({
    asked: [
      '/api/config',
      '/api/user',
      '/api/my-family',
      '/api/my-notices-seen',
      '/api/my-books/answers',
      '/api/my-classes',
      '/api/settings',
      '/api/events',
    ],
    preloaded: [
      'script /remotes/parent/remoteEntry.js?v=0123456789',
      'style /remotes/parent/app.0123456789.css',
      'script /remotes/parent/2.0123456789.js',
    ],
  });
});

it('on another parent page, asks for the family but not for the home’s data', () => {
  expect(runBoot({ path: '/parent/pagos', role: 'parent' }).asked).toEqual([
    '/api/config',
    '/api/user',
    '/api/my-family',
    '/api/my-notices-seen',
    '/api/my-books/answers',
    '/api/my-classes',
  ]);
});

it('never preloads the other role’s app', () => {
  expect(runBoot({ path: '/admin', role: 'parent' })).toEqual({ asked: ['/api/config', '/api/user'], preloaded: [] });
  expect(runBoot({ path: '/admin', role: 'admin' })).toEqual({
    asked: ['/api/config', '/api/user', '/api/books/questions/open', '/api/my-classes', '/api/stats', '/api/backup-status'],
    // An entry not given by its hash is not preloaded: it is revalidated at each visit.
    preloaded: ['script /remotes/admin/1.0123456789.js'],
  });
});

it('ignores a hint naming no role', () => {
  expect(runBoot({ path: '/admin', role: 'root' })).toEqual({ asked: ['/api/config'], preloaded: [] });
});

it('does not ask for the answers the server wrote into the page', () => {
  const { asked } = runBoot({
    path: '/parent',
    role: 'parent',
    inlined: {
      '/api/config': { status: 200, body: '{"classYear":2026}' },
      '/api/my-family': { status: 200, body: '{"id":1}' },
      '/api/user': { status: 401, body: '' },
    },
  });
  // What the server did not write is asked for, as before.
  expect(asked).toEqual(['/api/my-notices-seen', '/api/my-books/answers', '/api/my-classes', '/api/settings', '/api/events']);
});

it('marks the page when a file it preloaded could not be fetched (a retry in place would fail the same way)', () => {
  runBoot({ path: '/parent', role: 'parent' });
  const script = document.head.querySelector<HTMLLinkElement>('link[as="script"]')!;
  expect(document.documentElement.hasAttribute(PRELOAD_FAILED_ATTRIBUTE)).toBe(false);
  script.dispatchEvent(new Event('error'));
  expect(document.documentElement.hasAttribute(PRELOAD_FAILED_ATTRIBUTE)).toBe(true);
});

it('asks for everything when the written answers cannot be read', () => {
  expect(runBoot({ path: '/admin', role: 'admin', inlined: '{not json' }).asked).toEqual([
    '/api/config',
    '/api/user',
    '/api/books/questions/open',
    '/api/my-classes',
    '/api/stats',
    '/api/backup-status',
  ]);
});

it('asks for a prerendered page’s code once its text has painted, not at a first paint of its background', () => {
  jest.useFakeTimers();
  let paints!: (entries: string[]) => void;
  const observed = jest.fn();
  window.PerformanceObserver = class {
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void) {
      paints = (names) => callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, { disconnect: observed });
    }
    observe() {}
  } as unknown as typeof PerformanceObserver;
  const code = () => [...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
  runBoot({ path: '/', code: { run: ['/react-dom.0123456789.js', '/main.0123456789.js'] } });
  paints(['first-paint']);
  jest.advanceTimersByTime(10);
  expect(code()).toEqual([]);
  paints(['first-contentful-paint']);
  jest.advanceTimersByTime(10);
  expect(code()).toEqual(['/react-dom.0123456789.js', '/main.0123456789.js']);
  expect(observed).toHaveBeenCalledTimes(1);
  jest.useRealTimers();
});
