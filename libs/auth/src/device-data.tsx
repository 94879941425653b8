// What this phone keeps of the signed-in person for reading offline (the service worker's pages
// and answers, the gala pass) belongs to that person only: it is dropped at sign-out, when the
// session ends, and when someone else signs in on the same phone.

/** The service worker's cache of pages and API answers (shell/src/pwa/sw.ts). */
export const PERSONAL_CACHE = 'portal-data-v1';
/** Kept answers the apps store themselves. */
const PERSONAL_KEYS = ['portal.gala.pass'];
const OWNER_KEY = 'portal.device-owner';

/** Forgets the kept data unless it is `user`'s own; then records `user` as its owner. */
export async function keepDeviceDataFor(user: { id: number } | null): Promise<void> {
  try {
    const owner = user ? String(user.id) : null;
    if (owner !== null && localStorage.getItem(OWNER_KEY) === owner) return;
    for (const key of PERSONAL_KEYS) localStorage.removeItem(key);
    if (typeof caches !== 'undefined') await caches.delete(PERSONAL_CACHE);
    if (owner === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // No storage (a private window's limits): nothing was kept either.
  }
}

/** Forgets everything this phone kept for reading offline (another class is shown next). */
export async function forgetDeviceData(): Promise<void> {
  await keepDeviceDataFor(null);
}
