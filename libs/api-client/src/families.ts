import useSWR from 'swr';
import type { Family, FamilyInput } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { statsKey } from '@portal/api-client/stats';

export const familiesKey = '/api/families';

export const getFamilies = () => getJson<Family[]>(familiesKey);
export const createFamily = (input: FamilyInput) => apiRequest<Family>('POST', familiesKey, input);
export const updateFamily = ({ id, ...input }: FamilyInput & { id: number }) => apiRequest<Family>('PUT', `${familiesKey}/${id}`, input);
export const deleteFamily = (id: number) => apiRequest<void>('DELETE', `${familiesKey}/${id}`);

export function useFamilies() {
  return useSWR(familiesKey, getFamilies, QUERY_OPTIONS);
}

// A family's change shows in the list, on the dashboard and in every event's answers.
const familyChanged = { refresh: [familiesKey, statsKey, '/api/event-rsvps/*'] };
export const useCreateFamily = mutationHook(createFamily, familyChanged);
export const useUpdateFamily = mutationHook(updateFamily, familyChanged);
export const useDeleteFamily = mutationHook(deleteFamily, familyChanged);
