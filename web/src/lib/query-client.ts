import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';

/** What the app does when the server refuses a read or a write as not allowed. */
export interface QueryClientOptions {
  /**
   * A read (its key) or a write (no key) was refused with permission-denied: access may have
   * changed since the page loaded (a member removed from their company, an account rejected), so
   * the app checks it again. Not called for other failures.
   */
  onAccessRefused?: (client: QueryClient, queryKey: QueryKey | undefined) => void;
}

/** Firestore's and the callables' "not allowed" (`permission-denied`, `functions/permission-denied`). */
export function isPermissionDenied(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'permission-denied' || code === 'functions/permission-denied';
}

/**
 * docs/product.md#19-constants-and-limits: retry 3 times with exponential backoff from 1 s doubling
 * up to 30 s, cache kept 5 minutes. These are TanStack Query's defaults, spelled out so they stay
 * true.
 */
export function createQueryClient({ onAccessRefused }: QueryClientOptions = {}): QueryClient {
  const refused = (error: unknown, queryKey?: QueryKey) => {
    if (onAccessRefused && isPermissionDenied(error)) onAccessRefused(client, queryKey);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => refused(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => refused(error) }),
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
  return client;
}
