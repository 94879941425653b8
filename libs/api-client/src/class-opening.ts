// 'Nueva promoción' (docs/classes.md): the committee opens the next class once the current one is
// closed, and sets until when each closed class's families read it. A file of its own, apart from
// classes.ts, which the parents' app reads too: what this one names (the families' list) stays out
// of their bundle.
import useSWR from 'swr';
import type { FamiliesReadUntilRequest, FamilyImportPreview, OpenClassRequest, SchoolClass } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { familiesKey } from '@portal/api-client/families';
import { classKey, myClassKey } from '@portal/api-client/classes';
import { myClassesKey } from '@portal/api-client/my-classes';

/** Every class of the deployment, newest first; a POST opens the next one. */
export const classesKey = '/api/classes';

/** Archives the closed current class and opens the next; answers the new class. */
export const openClass = (request: OpenClassRequest) => apiRequest<SchoolClass>('POST', classesKey, request);

/**
 * The school's list read for the class about to open (its families' step), nothing written; once the
 * class is open, `importFamilies` imports the same file with this preview's checksum.
 */
export function previewNextClassFamilies(file: Blob, fileName: string): Promise<FamilyImportPreview> {
  const form = new FormData();
  form.append('file', file, fileName);
  return apiRequest<FamilyImportPreview>('POST', `${classesKey}/next/families/preview`, form);
}

// Every cached answer was about the archived class: all are asked again. The new class has no
// families yet, so the families' list (where the screen goes next) never shows the old ones meanwhile.
export const useOpenClass = /* @__PURE__ */ mutationHook(openClass, { set: () => [[familiesKey, []] as const], refresh: ['/api/*'] });

export function useClasses() {
  return useSWR(classesKey, getJson<SchoolClass[]>, QUERY_OPTIONS);
}

export const changeFamiliesReadUntil = ({ id, ...request }: FamiliesReadUntilRequest & { id: number }) =>
  apiRequest<SchoolClass>('PUT', `${classesKey}/${id}/families-read-until`, request);

// The day shows in the classes' list, the current class's closing and the class switch.
export const useChangeFamiliesReadUntil = /* @__PURE__ */ mutationHook(changeFamiliesReadUntil, {
  refresh: [classesKey, classKey, myClassKey, myClassesKey],
});
