// The class (promoción): the committee's closing ('Cierre de la promoción') and a family's view of
// its class, with the frozen report once closed.
import useSWR from 'swr';
import type { ClassView, ClosingInput, MyClass, OpenClassRequest, SchoolClass } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { booksKey } from '@portal/api-client/books';
import { familiesKey } from '@portal/api-client/families';

export const classKey = '/api/class';
export const myClassKey = '/api/my-class';
/** Every class of the deployment, newest first (the committee's). */
export const classesKey = '/api/classes';
/** The frozen workbook; its SHA-256 is the report's `sha256`. */
export const classWorkbookUrl = '/api/class/report/workbook';

export function useClassView() {
  return useSWR(classKey, getJson<ClassView>, QUERY_OPTIONS);
}

export function useClasses() {
  return useSWR(classesKey, getJson<SchoolClass[]>, QUERY_OPTIONS);
}

export function useMyClass() {
  return useSWR(myClassKey, getJson<MyClass>, QUERY_OPTIONS);
}

export const proposeClosing = (input: ClosingInput) => apiRequest<ClassView>('POST', '/api/class/closing', input);
export const approveClosing = (id: number) => apiRequest<ClassView>('POST', `/api/class/closing/${id}/approve`);
export const rejectClosing = (id: number) => apiRequest<ClassView>('POST', `/api/class/closing/${id}/reject`);

// Each answers the whole view; approving also writes the closing's entry into the books.
const setClass = { set: (view: ClassView) => [[classKey, view] as const] };
export const useProposeClosing = mutationHook(proposeClosing, setClass);
export const useApproveClosing = mutationHook(approveClosing, { ...setClass, refresh: [booksKey] });
export const useRejectClosing = mutationHook(rejectClosing, setClass);

/** 'Nueva promoción': archives the closed current class and opens the next; answers the new class. */
export const openClass = (request: OpenClassRequest) => apiRequest<SchoolClass>('POST', classesKey, request);
// Every cached answer was about the archived class: all are asked again. The new class has no
// families yet, so the families' list (where the screen goes next) never shows the old ones meanwhile.
export const useOpenClass = mutationHook(openClass, { set: () => [[familiesKey, []] as const], refresh: ['/api/*'] });
