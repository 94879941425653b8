// Installs the service worker (shell/src/pwa/sw.ts, served as /sw.js) once the page has loaded and
// gone idle, so it never competes with the first screen, and hands it what it did not see: the
// files and answers this page loaded before the worker took charge (a parent who signs in and taps
// 'Fiesta' loads Mi Portal and the pass with no worker yet), and each app's page (/parent, /admin,
// /door) the first time the app is shown, whatever route led there. The next start, a new tab
// included, then works with no connection. The web app manifest is linked then too: Chrome asks
// for it and an icon as soon as it sees the link, on a phone's line beside the first screen's code
// (on /admin and /parent ~50-100 ms of Lighthouse's LCP, bench/results/history.md).
import { keepDeviceDataFor } from '@portal/auth/device-data';

/** Same-origin files and answers loaded without the worker (a resource's workerStart is 0 then). */
const unseen = new Set<string>();
/** The apps' pages already handed to the worker by this page. */
const pagesSent = new Set<string>();
let pagesOwner: number | null = null;
let worker: Promise<ServiceWorker | null | undefined> | null = null;
let flushing: ReturnType<typeof setTimeout> | undefined;

/** The app a path belongs to, as the worker keeps its page: '/parent/fiesta' -> '/parent'. */
export function appPage(pathname: string): string | null {
  const match = /^\/(parent|admin|door)(\/|$)/.exec(pathname);
  return match ? `/${match[1]}` : null;
}

function send(urls: string[]): void {
  if (!worker || urls.length === 0) return;
  void worker.then((active) => active?.postMessage({ type: 'portal-keep', urls })).catch(() => undefined);
}

function flush(): void {
  flushing = undefined;
  const urls = [...unseen];
  unseen.clear();
  send(urls);
}

function watchResources(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (entry.workerStart === 0 && entry.name.startsWith(location.origin)) unseen.add(entry.name);
    }
    // Once the worker runs: many entries arrive together while an app starts.
    if (worker && unseen.size > 0 && flushing === undefined) flushing = setTimeout(flush, 500);
  });
  try {
    observer.observe({ type: 'resource', buffered: true });
  } catch {
    // An older browser: what the worker sees itself is kept.
  }
}

/** Hands the worker the app's page of `pathname` once per page load and person (called at each route). */
export function keepAppPage(pathname: string, userId: number): void {
  if (userId !== pagesOwner) {
    pagesSent.clear();
    pagesOwner = userId;
  }
  const page = appPage(pathname);
  if (!page || pagesSent.has(page)) return;
  pagesSent.add(page);
  unseen.add(page);
  if (worker) flush();
}

function linkManifest(): void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.appendChild(link);
}

function install(): void {
  linkManifest();
  if (!('serviceWorker' in navigator)) return;
  worker = navigator.serviceWorker
    .register('/sw.js', { updateViaCache: 'none' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active);
  // This page, then what it loaded before the worker ran and the app pages asked for meanwhile.
  send([location.pathname]);
  flush();
}

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV === 'development') return;
  const start = () => {
    // What loads from now on is listed as it arrives; what loaded before, from the buffer.
    watchResources();
    // Once the first screen is drawn too: the page may load before its remote's first render ends,
    // and the worker's start, its copies of the page's files and answers (the page itself asked of
    // the API again) and the manifest's requests would land beside that render.
    if ('requestIdleCallback' in window) window.requestIdleCallback(install, { timeout: 5000 });
    else setTimeout(install, 1000);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Forgets another person's kept data when this page starts as someone else (or signed out). */
export function checkDeviceOwner(user: { id: number } | null, known: boolean): void {
  if (known) void keepDeviceDataFor(user);
}
