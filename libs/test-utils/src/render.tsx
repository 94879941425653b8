import { render, renderHook, type RenderHookResult, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
// Tests route in memory; the apps route through '@portal/ui/router', which has no MemoryRouter.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';

export interface TestApi {
  /** Answers already in the cache, by key (`{ '/api/settings': settings }`). */
  data?: Record<string, unknown>;
  /** With answers given, whether the screen still asks the server on mount (it does by default). */
  revalidateOnMount?: boolean;
  /** The address the router starts at. */
  route?: string;
}

/** A fresh SWR cache (nothing leaks from one test to the next) inside a router. */
export function TestProviders({ data, revalidateOnMount, route = '/', children }: TestApi & { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={[route]}>
      <SWRConfig
        value={{ provider: () => new Map(), fallback: data ?? {}, ...(revalidateOnMount === undefined ? {} : { revalidateOnMount }) }}
      >
        {children}
      </SWRConfig>
    </MemoryRouter>
  );
}

const wrapperFor = (api: TestApi) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <TestProviders {...api}>{children}</TestProviders>;
  };

/** Testing Library's render, inside TestProviders. */
export function renderWithApi(ui: ReactElement, api: TestApi = {}): RenderResult {
  return render(ui, { wrapper: wrapperFor(api) });
}

/** Testing Library's renderHook, inside TestProviders. */
export function renderHookWithApi<Result>(hook: () => Result, api: TestApi = {}): RenderHookResult<Result, unknown> {
  return renderHook(hook, { wrapper: wrapperFor(api) });
}
