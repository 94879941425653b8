// The portal's service worker (served as /sw.js, built by tools/rspack-assets.ts): what lets the installed
// portal open with no connection, the parent's pass and the door's check-in queue included.
//
// - The apps' files (the shell's and both remotes'): those named by their content's hash (and a
//   remote's entry asked with `?v=<hash>`) are kept once and read from here; every other file
//   (a remote's manifest, /remotes.json) is asked of the network first, so a redeployed remote is
//   picked up at the next visit with a connection.
// - The pages and the API's GET answers are the signed-in person's: kept in their own cache, used
//   only when the network fails, and dropped when the session ends or another person signs in
//   (checked on every /api/user answer, and by the page on sign-out: see register.ts). With no
//   connection, any route of an app (/parent/*, /admin/*, /door) opens from that app's kept page
//   (the navigation fallback): the app draws the route from its kept answers. The page hands the
//   worker each app's page when the app is first shown, and what it loaded before the worker ran.
// - Nothing is sent on anyone's behalf: writes (POST, PUT, ...) always go to the network.
//
// A script of its own, with no imports: the browser loads it by this fixed address.

interface FetchEventLike {
  request: Request;
  clientId: string;
  resultingClientId: string;
  respondWith(response: Promise<Response>): void;
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEventLike {
  data: unknown;
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    get(id: string): Promise<{ postMessage(message: unknown): void } | undefined>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const scope = self as unknown as WorkerScope;

/** Names shared with the page (shell/src/pwa/register.ts). */
const FILES = 'portal-files-v1';
const DATA = 'portal-data-v1';
const SAVED_AT = 'x-portal-saved-at';
const USER_KEY = '/__portal/user';

const HASHED = /\.[0-9a-f]{10}\.\w+$/;
/** API answers that are files, downloads or too large to keep: always from the network. */
const NOT_KEPT = /\.(xlsx|pdf|csv)$|\/(file|thumbnail|download)s?(\/|$)|^\/api\/(history|docs)/;

scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener('activate', (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== FILES && name !== DATA).map((name) => caches.delete(name))))
      .then(() => scope.clients.claim()),
  ),
);

/** A copy of the answer stamped with when it was kept. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  return new Response(await response.clone().blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Drops every kept page and answer when the session is over or belongs to someone else. */
async function checkUser(response: Response): Promise<void> {
  const data = await caches.open(DATA);
  if (response.status === 401 || response.status === 403) {
    await caches.delete(DATA);
    return;
  }
  if (!response.ok) return;
  const { id } = (await response.clone().json()) as { id?: number };
  const known = await data.match(USER_KEY);
  const knownId = known ? ((await known.json()) as { id?: number }).id : undefined;
  if (knownId !== id) {
    await caches.delete(DATA);
    await (await caches.open(DATA)).put(USER_KEY, new Response(JSON.stringify({ id })));
  }
}

// `__ROLE_HINT_COOKIE__`: the session's role hint (@portal/contracts ROLE_HINT_COOKIE, set at build
// and declared in boot.ts), dropped by the API at sign-out.

/**
 * Whether the session has ended: a page or an answer that arrives after the sign-out (the late
 * keep of the page the parent just left, say) is not kept. Where the worker cannot read cookies
 * (no cookieStore), what checkUser and the page's sign-out drop is all that is dropped.
 */
async function signedOut(): Promise<boolean> {
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<unknown> } }).cookieStore;
  if (!store) return false;
  return !(await store.get(__ROLE_HINT_COOKIE__).catch(() => true));
}

/** Tells the page its data comes from this phone, and from when. */
async function tellOffline(clientId: string, savedAt: string | null): Promise<void> {
  const client = clientId ? await scope.clients.get(clientId) : undefined;
  client?.postMessage({ type: 'portal-offline', savedAt });
}

/** The network's answer (kept when it is a success), else the kept one. */
async function networkFirst(event: FetchEventLike, cacheName: string, key: string, personal: boolean): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (personal && new URL(event.request.url).pathname === '/api/user') await checkUser(response);
    if (response.ok && response.type === 'basic' && (!personal || !(await signedOut()))) {
      const copy = personal ? await stamped(response) : response.clone();
      event.waitUntil(caches.open(cacheName).then((cache) => cache.put(key, copy)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key, { cacheName });
    if (!kept) throw error;
    if (personal) event.waitUntil(tellOffline(event.clientId || event.resultingClientId, kept.headers.get(SAVED_AT)));
    return kept;
  }
}

async function cacheFirst(event: FetchEventLike): Promise<Response> {
  const kept = await caches.match(event.request, { cacheName: FILES });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    event.waitUntil(caches.open(FILES).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

const OFFLINE_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sin conexión · Portal de graduación</title></head><body style="font-family:system-ui,sans-serif;padding:2rem;color:#1b2430"><h1 style="color:#16324f">Sin conexión</h1><p>Esta página no está guardada en este teléfono. Vuelve a intentarlo cuando tengas conexión.</p></body></html>`;

/** A page of the same app kept earlier: its own address first, else any other of its routes. */
async function keptAppPage(pathname: string): Promise<Response | undefined> {
  const app = /^\/(parent|admin|door)(\/|$)/.exec(pathname)?.[1];
  if (!app) return undefined;
  const data = await caches.open(DATA);
  const home = await data.match(`/${app}`);
  if (home) return home;
  const other = (await data.keys()).find((request) => {
    const path = new URL(request.url).pathname;
    return path.startsWith(`/${app}/`);
  });
  return other ? data.match(other) : undefined;
}

/**
 * A navigation: the network's page (kept), else the one kept for that address, else the app's
 * shell as kept from any of its routes (the app draws the route itself: the navigation fallback),
 * else a page that says this one was never kept.
 */
async function page(event: FetchEventLike): Promise<Response> {
  const url = new URL(event.request.url);
  try {
    return await networkFirst(event, DATA, url.pathname, true);
  } catch {
    const kept = await keptAppPage(url.pathname);
    if (kept) {
      event.waitUntil(tellOffline(event.resultingClientId || event.clientId, kept.headers.get(SAVED_AT)));
      return kept;
    }
    return new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    if (NOT_KEPT.test(url.pathname)) return;
    event.respondWith(networkFirst(event, DATA, url.pathname + url.search, true));
  } else if (request.mode === 'navigate') {
    event.respondWith(page(event));
  } else if (url.pathname === '/sw.js') {
    return;
  } else if (HASHED.test(url.pathname) || (/\/remoteEntry\.js$/.test(url.pathname) && url.searchParams.has('v'))) {
    event.respondWith(cacheFirst(event));
  } else {
    event.respondWith(networkFirst(event, FILES, request.url, false));
  }
});

/**
 * The page loaded before this worker took charge sends what it loaded: the files, its own address
 * and the answers it read, kept now so the next start works with no connection.
 */
scope.addEventListener('message', (event) => {
  const message = event.data as { type?: string; urls?: string[] } | null;
  if (message?.type !== 'portal-keep' || !Array.isArray(message.urls)) return;
  event.waitUntil(
    Promise.all(
      message.urls.map(async (address) => {
        const url = new URL(address, scope.location.origin);
        if (url.origin !== scope.location.origin || NOT_KEPT.test(url.pathname) || url.pathname === '/sw.js') return;
        const personal = url.pathname.startsWith('/api/') || !/\.\w+$/.test(url.pathname);
        const cacheName = personal ? DATA : FILES;
        const key = personal ? url.pathname + (url.pathname.startsWith('/api/') ? url.search : '') : url.href;
        if (!personal && (await caches.match(key, { cacheName }))) return;
        try {
          const response = await fetch(url.href, { credentials: 'same-origin' });
          if (url.pathname === '/api/user') await checkUser(response);
          if (!response.ok || (personal && (await signedOut()))) return;
          await (await caches.open(cacheName)).put(key, personal ? await stamped(response) : response);
        } catch {
          // Offline meanwhile: kept at the next visit.
        }
      }),
    ),
  );
});
