import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md#19-constants-and-limits: retry 3 times with exponential backoff from 1 s doubling
 * up to 30 s, cache kept 5 minutes. These are TanStack Query's defaults, spelled out so they stay
 * true.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        staleTime: 30 * 1000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
}
