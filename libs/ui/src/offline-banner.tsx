import { useEffect, useState } from 'react';
import { formatTime } from '@portal/format';

/** The service worker's cache of pages and answers (shell/src/pwa/sw.ts; @portal/auth/device-data). */
const PERSONAL_CACHE = 'portal-data-v1';

/**
 * In the signed-in panels (panel-layout.tsx), so the shell's first screen carries none of it.
 * 'Sin conexión · datos de las 14:05': shown while the page reads what the phone kept (the service
 * worker says when it answers from its cache, and from when), gone once the connection is back.
 */
export function OfflineBanner() {
  const [savedAt, setSavedAt] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; savedAt?: string | null } | null;
      if (data?.type !== 'portal-offline') return;
      // The oldest of the kept answers the page shows.
      setSavedAt((current) => (current && data.savedAt && current < data.savedAt ? current : (data.savedAt ?? current ?? null)));
    };
    const onOnline = () => setSavedAt(undefined);
    const onOffline = () => {
      setSavedAt((current) => current ?? null);
      // When the kept copy of the page was saved (the worker's message may come before this page listens).
      if (typeof caches === 'undefined') return;
      void caches
        .match(location.pathname, { cacheName: PERSONAL_CACHE })
        .then((kept) => kept?.headers.get('x-portal-saved-at'))
        .then((at) => at && setSavedAt((current) => (current && current < at ? current : at)))
        .catch(() => undefined);
    };
    worker?.addEventListener('message', onMessage);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (!navigator.onLine) onOffline();
    return () => {
      worker?.removeEventListener('message', onMessage);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);
  if (savedAt === undefined) return null;
  return (
    <p className="ui-offline" role="status">
      {/* The time in one piece: a phone's line never breaks 'p. m.' apart. */}
      {savedAt ? `Sin conexión · datos de las ${formatTime(savedAt).replace(/\s/g, '\u00a0')}` : 'Sin conexión'}
    </p>
  );
}
