import useSWR from 'swr';
import type { Family, FamilyImportPreview, FamilyImportResult, FamilyInput } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { statsKey } from '@portal/api-client/stats';

export const familiesKey = '/api/families';

export const getFamilies = () => getJson<Family[]>(familiesKey);
export const createFamily = (input: FamilyInput) => apiRequest<Family>('POST', familiesKey, input);
export const updateFamily = ({ id, ...input }: FamilyInput & { id: number }) => apiRequest<Family>('PUT', `${familiesKey}/${id}`, input);
export const deleteFamily = (id: number) => apiRequest<void>('DELETE', `${familiesKey}/${id}`);

/** 'Importar lista del colegio': the school's list read on the server, nothing written. */
export function previewFamilyImport(file: Blob, fileName: string): Promise<FamilyImportPreview> {
  const form = new FormData();
  form.append('file', file, fileName);
  return apiRequest<FamilyImportPreview>('POST', `${familiesKey}/import/preview`, form);
}

/** Creates the rows the preview accepted (its `checksum`), all or none. */
export function importFamilies({
  file,
  fileName,
  checksum,
}: {
  file: Blob;
  fileName: string;
  checksum: string;
}): Promise<FamilyImportResult> {
  const form = new FormData();
  form.append('checksum', checksum);
  form.append('file', file, fileName);
  return apiRequest<FamilyImportResult>('POST', `${familiesKey}/import`, form);
}

export function useFamilies() {
  return useSWR(familiesKey, getFamilies, QUERY_OPTIONS);
}

// A family's change shows in the list, on the dashboard and in every event's answers; and in the
// accounts once read (a parent's proven e-mail links the account to the family that has it). By
// their paths, like the answers': the parents' app reads this file, and importing accounts.ts would
// bring the committee's account changes into its bundle.
const familyChanged = { refresh: [familiesKey, statsKey, '/api/event-rsvps/*', '/api/accounts*'] };
export const useCreateFamily = /* @__PURE__ */ mutationHook(createFamily, familyChanged);
export const useUpdateFamily = /* @__PURE__ */ mutationHook(updateFamily, familyChanged);
export const useDeleteFamily = /* @__PURE__ */ mutationHook(deleteFamily, familyChanged);
export const useImportFamilies = /* @__PURE__ */ mutationHook(importFamilies, familyChanged);
