// 'Nueva promoción' (docs/classes.md): the committee opens the next class once the current one is
// closed. A file of its own, apart from classes.ts, which the parents' app reads too: what this one
// names (the families' list) stays out of their bundle.
import type { OpenClassRequest, SchoolClass } from '@portal/contracts';
import { apiRequest } from '@portal/api-client/request';
import { mutationHook } from '@portal/api-client/mutation';
import { familiesKey } from '@portal/api-client/families';

/** Every class of the deployment, newest first; a POST opens the next one. */
export const classesKey = '/api/classes';

/** Archives the closed current class and opens the next; answers the new class. */
export const openClass = (request: OpenClassRequest) => apiRequest<SchoolClass>('POST', classesKey, request);

// Every cached answer was about the archived class: all are asked again. The new class has no
// families yet, so the families' list (where the screen goes next) never shows the old ones meanwhile.
export const useOpenClass = mutationHook(openClass, { set: () => [[familiesKey, []] as const], refresh: ['/api/*'] });
