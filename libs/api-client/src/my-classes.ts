// The class switch (docs/classes.md): the classes an account can read and which one this browser
// shows. A file of its own, apart from the committee's closing (classes.ts): the shell's nav reads
// it on every signed-in page, and brings nothing else along.
import useSWR from 'swr';
import type { ReadableClass, ViewClassRequest } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

export const myClassesKey = '/api/my-classes';

export const getMyClasses = () => getJson<ReadableClass[]>(myClassesKey);
export const viewClass = (request: ViewClassRequest) => apiRequest<void>('PUT', `${myClassesKey}/viewing`, request);

/** Newest first; asked only once someone is signed in (`signedIn`), never before the first screen. */
export function useMyClasses(signedIn: boolean) {
  return useSWR(signedIn ? myClassesKey : null, getMyClasses, QUERY_OPTIONS);
}

// Every cached answer is about the class shown before: the screen reloads the page (no cache to refresh).
export const useViewClass = /* @__PURE__ */ mutationHook(viewClass);
