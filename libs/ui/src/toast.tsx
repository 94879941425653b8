import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastInput, ToastItem } from '@portal/ui/toast-view';

export type { ToastInput, ToastItem } from '@portal/ui/toast-view';

// One toast at a time, 5 s on screen, swipe right 50 px to dismiss, F8 to reach it. This
// module is a shared singleton, so a toast raised inside a remote shows in the shell's region.
// It holds only the store: the Radix view (toast-view.tsx) loads with the first toast, so pages
// that never show one never download it.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: number): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id: number): void {
  setToasts(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  scheduleRemoval(id);
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

const ToastView = lazy(() => import('@portal/ui/toast-view'));

/** The toast region, mounted once by the shell (and by a remote run on its own). */
export function Toaster() {
  const items = useToasts();
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastView items={items} duration={TOAST_DURATION_MS} onDismiss={dismissToast} />
    </Suspense>
  );
}
