import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import type { EventRsvp, Family, PaymentAnswer } from '@portal/contracts';
import { familiesKey, useCreateFamily } from '@portal/api-client/families';
import { mutationHook, type MutationHandlers } from '@portal/api-client/mutation';
import { myFamilyKey } from '@portal/api-client/my-family';
import { myPaymentAnswersKey, useSaveMyPaymentAnswer } from '@portal/api-client/payments';
import { myEventRsvpsKey, useSaveEventRsvp } from '@portal/api-client/rsvps';
import { statsKey } from '@portal/api-client/stats';

/** What the client reads of a fetch answer (jsdom has no Response). */
function answer(status: number, body: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: () => null },
    text: async () => JSON.stringify(body),
  };
}

/** The server: each GET answers `reads[url]`, each change answers `changes['METHOD url']` (else 500). */
function serve(reads: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  global.fetch = jest.fn(async (url: string, init?: { method?: string }) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return url in reads ? answer(200, reads[url]) : answer(500, { message: 'falló' });
    const key = `${method} ${url}`;
    return key in changes ? answer(200, changes[key]) : answer(500, { message: 'falló' });
  }) as unknown as typeof fetch;
}
const fetched = () =>
  (global.fetch as jest.Mock).mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([url]) => url as string);

/** A fresh SWR cache holding these values, and the hook under test beside it. */
function withCache<T>(entries: Record<string, unknown>, useHook: () => T) {
  const cache = new Map<string, unknown>(Object.entries(entries).map(([key, data]) => [key, { data }]));
  const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => cache as never }}>{children}</SWRConfig>;
  const hook = renderHook(() => ({ mutation: useHook(), config: useSWRConfig() }), { wrapper });
  const data = (key: string) => (hook.result.current.config.cache.get(key) as { data?: unknown } | undefined)?.data;
  return { hook, data };
}

const family = (id: number, graduateName: string) => ({ id, graduateName }) as Family;

describe('mutationHook', () => {
  it("refreshes its declared keys after the screen's onSuccess, and nothing when the change fails", async () => {
    serve({ '/api/a': 'nuevo', '/api/b/1': 'nuevo' });
    const steps: string[] = [];
    const useChange = mutationHook((ok: boolean) => (ok ? Promise.resolve('hecho') : Promise.reject(new Error('409'))), {
      refresh: ['/api/a', '/api/b/*'],
    });
    const handlers: MutationHandlers<boolean, string> = {
      onSuccess: () => void steps.push(`onSuccess with ${fetched().length} refetched`),
      onError: () => void steps.push('onError'),
    };
    const { hook, data } = withCache({ '/api/a': 'viejo', '/api/b/1': 'viejo', '/api/c': 'viejo' }, () => useChange(handlers));

    await act(() => hook.result.current.mutation.run(false));
    expect(fetched()).toEqual([]);
    await act(() => hook.result.current.mutation.run(true));
    expect(fetched().sort()).toEqual(['/api/a', '/api/b/1']);
    expect(steps).toEqual(['onError', 'onSuccess with 0 refetched']);
    expect(data('/api/a')).toBe('nuevo');
    expect(data('/api/c')).toBe('viejo');
  });
});

describe("api-client's changes declare what they refresh", () => {
  it("useCreateFamily: the families, the dashboard and every event's answers, nothing else", async () => {
    serve(
      { [familiesKey]: [family(1, 'Ana'), family(2, 'Luis')], [statsKey]: { totalFamilies: 2 }, '/api/event-rsvps/4': [] },
      { [`POST ${familiesKey}`]: family(2, 'Luis') },
    );
    const { hook, data } = withCache(
      { [familiesKey]: [family(1, 'Ana')], [statsKey]: { totalFamilies: 1 }, '/api/event-rsvps/4': [], '/api/events': [] },
      () => useCreateFamily(),
    );
    await act(() => hook.result.current.mutation.run({ graduateName: 'Luis' } as never));
    expect(fetched().sort()).toEqual(['/api/event-rsvps/4', familiesKey, statsKey]);
    expect(data(statsKey)).toEqual({ totalFamilies: 2 });
  });

  it('useSaveMyPaymentAnswer: the answer replaces its payment in the cache at once, with no request', async () => {
    const saved: PaymentAnswer = { paymentNumber: 3, status: 'ya_pague' };
    serve({}, { [`PUT ${myPaymentAnswersKey}/3`]: saved });
    const before: PaymentAnswer[] = [
      { paymentNumber: 1, status: 'ya_pague' },
      { paymentNumber: 3, status: 'no_asistire' },
    ];
    const { hook, data } = withCache({ [myPaymentAnswersKey]: before }, () => useSaveMyPaymentAnswer());
    await act(() => hook.result.current.mutation.run(saved));
    expect(fetched()).toEqual([]);
    expect(data(myPaymentAnswersKey)).toEqual([{ paymentNumber: 1, status: 'ya_pague' }, saved]);
  });

  it('useSaveEventRsvp: asks for the family again only for the awards ceremony or the brunch', async () => {
    const myFamily = { ...family(1, 'Ana'), awardsEventId: 10, brunchEventId: 11 };
    const rsvp = (eventId: number): EventRsvp => ({ eventId, attending: true, guests: 2 }) as EventRsvp;
    serve({ [myFamilyKey]: myFamily }, { 'POST /api/event-rsvps': rsvp(5) });
    const { hook, data } = withCache({ [myFamilyKey]: myFamily, [myEventRsvpsKey]: [] }, () => useSaveEventRsvp());
    await act(() => hook.result.current.mutation.run(rsvp(5)));
    expect(fetched()).toEqual([]);
    expect(data(myEventRsvpsKey)).toEqual([rsvp(5)]);

    serve({ [myFamilyKey]: myFamily }, { 'POST /api/event-rsvps': rsvp(10) });
    await act(() => hook.result.current.mutation.run(rsvp(10)));
    expect(fetched()).toEqual([myFamilyKey]);
    expect(data(myEventRsvpsKey)).toEqual([rsvp(5), rsvp(10)]);
  });
});
