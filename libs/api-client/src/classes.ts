// The class (promoción): the committee's closing ('Cierre de la promoción') and a family's view of
// its class, with the frozen report once closed.
import useSWR from 'swr';
import type { ClassView, ClosingInput, MyClass } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { booksKey } from '@portal/api-client/books';

export const classKey = '/api/class';
export const myClassKey = '/api/my-class';
/** The frozen workbook; its SHA-256 is the report's `sha256`. */
export const classWorkbookUrl = '/api/class/report/workbook';

export function useClassView() {
  return useSWR(classKey, getJson<ClassView>, QUERY_OPTIONS);
}

export function useMyClass() {
  return useSWR(myClassKey, getJson<MyClass>, QUERY_OPTIONS);
}

export const proposeClosing = (input: ClosingInput) => apiRequest<ClassView>('POST', '/api/class/closing', input);
export const approveClosing = (id: number) => apiRequest<ClassView>('POST', `/api/class/closing/${id}/approve`);
export const rejectClosing = (id: number) => apiRequest<ClassView>('POST', `/api/class/closing/${id}/reject`);

// Each answers the whole view; approving also writes the closing's entry into the books.
const setClass = { set: (view: ClassView) => [[classKey, view] as const] };
export const useProposeClosing = /* @__PURE__ */ mutationHook(proposeClosing, setClass);
export const useApproveClosing = /* @__PURE__ */ mutationHook(approveClosing, { ...setClass, refresh: [booksKey] });
export const useRejectClosing = /* @__PURE__ */ mutationHook(rejectClosing, setClass);
