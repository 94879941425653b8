import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React takes over a page prerendered at build time (and in the prerender itself),
 * true afterwards and on pages it renders from scratch: what only the browser can know (a cookie)
 * waits for it, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
