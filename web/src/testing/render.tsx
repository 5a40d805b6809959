import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderResult } from '@testing-library/react';
import { Profiler, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AntdTheme } from '@/components/antd-theme';
import { AppProviders } from '@/app/providers';
import { PlainToasts } from '@/components/toast-region';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders a page inside the app's providers and an in-memory router. Pass `routes` to add
 * the pages a test navigates to (each can be a simple marker element).
 */
export function renderWithProviders(
  ui: ReactElement,
  options: {
    route?: string;
    path?: string;
    routes?: RouteObject[];
    queryClient?: QueryClient;
    /** Renders inside React StrictMode (effects mount twice), as the app does in development. */
    strict?: boolean;
    /**
     * The layout the page sits in: 'ui' (antd, toasts, query client; the default) or 'public'
     * (the sign-in and application pages: plain toasts only).
     */
    shell?: 'ui' | 'public';
  } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } {
  const route = options.route ?? '/';
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(
    [{ path: options.path ?? route.split('?')[0], element: ui }, ...(options.routes ?? [])],
    { initialEntries: [route] },
  );
  const page = <RouterProvider router={router} />;
  const result = render(
    options.shell === 'public' ? (
      <PlainToasts>{page}</PlainToasts>
    ) : (
      <AppProviders queryClient={queryClient}>
        {/* antd's theme, without motion, for the pages that draw antd components. */}
        <AntdTheme motion={false}>{page}</AntdTheme>
      </AppProviders>
    ),
    { reactStrictMode: options.strict ?? false },
  );
  return { ...result, router, queryClient };
}

/**
 * renderWithProviders, noting after each commit of `ui` what `look` sees on the page then (the
 * cards drawn, a skeleton still there...): `commits` grows as React commits.
 */
export function renderNotingCommits<T>(
  ui: ReactElement,
  look: () => T,
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  const commits: T[] = [];
  const result = renderWithProviders(
    <Profiler id="noted" onRender={() => commits.push(look())}>
      {ui}
    </Profiler>,
    options,
  );
  return { ...result, commits };
}

/**
 * Renders a hook (a query or a mutation) with a fresh query client, and tells which query keys
 * it has invalidated so far.
 */
export function renderQueryHook<T>(useHook: () => T) {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  const invalidatedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { result, invalidatedKeys };
}
