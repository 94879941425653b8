import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig } from 'swr';
import { getJson } from '@portal/api-client/request';
import { useRefresh, useRetryFailed } from '@portal/api-client/refresh';

/** What the client reads of a fetch answer (jsdom has no Response). */
function answer(status: number, body: string, headers: Record<string, string> = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => headers[name] ?? null },
    text: async () => body,
    blob: async () => new Blob([body]),
  };
}

/** A fresh SWR cache holding these keys, and the hooks under test beside it. */
function withCache(entries: Record<string, { data?: unknown; error?: unknown }>) {
  const cache = new Map<string, unknown>(Object.entries(entries).map(([key, state]) => [key, state]));
  const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => cache as never }}>{children}</SWRConfig>;
  const hook = renderHook(() => ({ refresh: useRefresh(), retry: useRetryFailed(), config: useSWRConfig() }), { wrapper });
  const data = (key: string) => (hook.result.current.config.cache.get(key) as { data?: unknown } | undefined)?.data;
  return { hook, data };
}

function serve(answers: Record<string, unknown>) {
  global.fetch = jest.fn(async (url: string) =>
    url in answers ? answer(200, JSON.stringify(answers[url])) : answer(500, '{"message":"falló"}'),
  ) as unknown as typeof fetch;
}

describe('useRefresh', () => {
  it('asks again for exactly the keys a change touched, and for every key under a prefix*', async () => {
    serve({ '/api/families': ['nueva'], '/api/event-rsvps/1': ['sí'], '/api/event-rsvps/2': ['no'] });
    const { hook, data } = withCache({
      '/api/families': { data: ['vieja'] },
      '/api/event-rsvps/1': { data: [] },
      '/api/event-rsvps/2': { data: [] },
      '/api/stats': { data: { total: 1 } },
    });
    await act(() => hook.result.current.refresh('/api/families', '/api/event-rsvps/*'));
    expect((global.fetch as jest.Mock).mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/event-rsvps/1',
      '/api/event-rsvps/2',
      '/api/families',
    ]);
    expect(data('/api/families')).toEqual(['nueva']);
    expect(data('/api/event-rsvps/2')).toEqual(['no']);
    expect(data('/api/stats')).toEqual({ total: 1 });
  });

  it('keeps what the screen shows when the refetch fails (the change itself succeeded)', async () => {
    serve({});
    const { hook, data } = withCache({ '/api/families': { data: ['vieja'] } });
    await act(() => hook.result.current.refresh('/api/families'));
    expect(data('/api/families')).toEqual(['vieja']);
  });
});

describe('useRetryFailed', () => {
  it('asks again, with the screen’s fetcher, only for the keys whose last load failed', async () => {
    serve({ '/api/families': ['familia'] });
    const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;
    // Both fields of each are read while rendering: SWR re-renders a hook only for the fields it read.
    const state = ({ data, error }: { data?: unknown; error?: unknown }) => ({ data, error });
    const { result } = renderHook(
      () => ({
        events: state(useSWR('/api/events', getJson)),
        families: state(useSWR('/api/families', getJson)),
        retry: useRetryFailed(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.events.error).toBeDefined());
    await waitFor(() => expect(result.current.families.data).toEqual(['familia']));
    serve({ '/api/events': ['evento'], '/api/families': ['otra'] });
    await act(() => result.current.retry());
    expect((global.fetch as jest.Mock).mock.calls.map(([url]) => url)).toEqual(['/api/events']);
    await waitFor(() => expect(result.current.events.data).toEqual(['evento']));
    expect(result.current.families.data).toEqual(['familia']);
  });
});
