import {
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BuyerRole } from '@portal/domain';
import {
  fetchAllProducts,
  fetchProduct,
  fetchProducts,
  importCatalog,
  saveProduct,
  setProductActive,
  type CatalogImportInput,
  type PricedProduct,
} from './api';

export const catalogKeys = {
  /** The buyers' catalog, every role's view. */
  all: () => ['products'] as const,
  /** The buyers' catalog priced for one role (unknown while the profile loads). */
  forRole: (role: BuyerRole | undefined) => [...catalogKeys.all(), role ?? 'unknown'] as const,
  /** One product of a role's catalog (the product page): under forRole, refreshed with it. */
  product: (role: BuyerRole | undefined, id: string) =>
    [...catalogKeys.forRole(role), 'product', id] as const,
  /** The manager's catalog editor: every product with both prices. */
  editor: () => ['admin', 'products'] as const,
};

/**
 * The catalog for a role (undefined while the buyer's profile, which says the role, loads: the
 * query waits rather than fetching a retailer's view first). Keyed by role under
 * catalogKeys.all(), so invalidating that key refreshes every role's view.
 */
export const productsQueryOptions = (role: BuyerRole | undefined) =>
  queryOptions({
    queryKey: catalogKeys.forRole(role),
    queryFn: role ? () => fetchProducts(role) : skipToken,
  });

export function useProducts(role: BuyerRole | undefined) {
  return useQuery(productsQueryOptions(role));
}

/**
 * One product priced for a role (null: not in their catalog), for the product page. Opened from
 * the store, it starts from the catalog already loaded (no wait) and is read again only once
 * that is stale; opened from a link, it reads the one product, not the whole catalog. The page's
 * loader and its hook share these options, so whichever makes the query first starts it so.
 */
export const productQueryOptions = (
  role: BuyerRole | undefined,
  id: string,
  queryClient: QueryClient,
) =>
  queryOptions({
    queryKey: catalogKeys.product(role, id),
    queryFn: role ? () => fetchProduct(role, id) : skipToken,
    initialData: () =>
      queryClient
        .getQueryData<PricedProduct[]>(catalogKeys.forRole(role))
        ?.find((product) => product.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(catalogKeys.forRole(role))?.dataUpdatedAt,
  });

export function useProduct(role: BuyerRole | undefined, id: string) {
  return useQuery(productQueryOptions(role, id, useQueryClient()));
}

/**
 * Several products of a role's catalog (each null when not in it), in the order of `ids`: each
 * read on its own and cached as useProduct caches it.
 */
export function useProductsById(role: BuyerRole | undefined, ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: catalogKeys.product(role, id),
      queryFn: role ? () => fetchProduct(role, id) : skipToken,
    })),
  });
}

const allProductsQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.editor(), queryFn: fetchAllProducts });

export function useAllProducts() {
  return useQuery(allProductsQueryOptions());
}

/** Saving a product refreshes the editor's list and the buyers' catalog. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.editor() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
      ]);
    },
  });
}

/** Activating or deactivating a product (is_active only), then the same refresh as a save. */
export function useSetProductActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setProductActive(id, active),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.editor() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
      ]);
    },
  });
}

/**
 * Importing a checked catalog CSV (importCatalog), then refreshing the editor's list and the
 * buyers' catalog (also after a failed import: the batches before the failure are written).
 */
export function useImportCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      onProgress,
      ...input
    }: CatalogImportInput & {
      onProgress?: (written: number, total: number) => void;
    }) => importCatalog(input, onProgress),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.editor() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
      ]);
    },
  });
}
