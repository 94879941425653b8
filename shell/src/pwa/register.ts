// Installs the service worker (shell/src/pwa/sw.ts, served as /sw.js) once the page has loaded,
// so it never competes with the first screen, and hands it what this page already loaded: the
// next start then works with no connection. The web app manifest is linked then too: Chrome asks
// for it and an icon as soon as it sees the link, on a phone's line beside the first screen's code
// (on /admin and /parent ~50-100 ms of Lighthouse's LCP, bench/results/history.md).
import { keepDeviceDataFor } from '@portal/auth/device-data';

function loadedUrls(): string[] {
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin));
  return [location.pathname, ...resources];
}

function linkManifest(): void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.appendChild(link);
}

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV === 'development') return;
  const start = () => {
    // Once the first screen is drawn too: the page may load before its remote's first render ends.
    if ('requestIdleCallback' in window) window.requestIdleCallback(linkManifest, { timeout: 5000 });
    else setTimeout(linkManifest, 1000);
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .register('/sw.js', { updateViaCache: 'none' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: 'portal-keep', urls: loadedUrls() }))
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Forgets another person's kept data when this page starts as someone else (or signed out). */
export function checkDeviceOwner(user: { id: number } | null, known: boolean): void {
  if (known) void keepDeviceDataFor(user);
}
