// Installs the service worker (shell/src/pwa/sw.ts, served as /sw.js) once the page has loaded,
// so it never competes with the first screen, and hands it what this page already loaded: the
// next start then works with no connection.
import { keepDeviceDataFor } from '@portal/auth/device-data';

function loadedUrls(): string[] {
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin));
  return [location.pathname, ...resources];
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || process.env.NODE_ENV === 'development') return;
  const start = () => {
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
