import {
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  fetchAllProducts,
  fetchProduct,
  fetchProducts,
  importCatalog,
  saveProduct,
  setProductActive,
  type CatalogImportInput,
  type CatalogViewer,
  type PricedProduct,
} from './api';

export const catalogKeys = {
  /** The buyers' catalog, every role's view. */
  all: () => ['products'] as const,
  /**
   * The buyers' catalog priced for one company at its tier (unknown while the profile, which says
   * both, loads).
   */
  forViewer: (viewer: CatalogViewer | undefined) =>
    [...catalogKeys.all(), viewer?.role ?? 'unknown', viewer?.companyId ?? ''] as const,
  /** One product of a company's catalog (the product page): under forViewer, refreshed with it. */
  product: (viewer: CatalogViewer | undefined, id: string) =>
    [...catalogKeys.forViewer(viewer), 'product', id] as const,
  /** The manager's catalog editor: every product with both prices. */
  editor: () => ['admin', 'products'] as const,
};

/**
 * The catalog for a company at its tier (undefined while the buyer's profile, which says both,
 * loads: the query waits rather than fetching a retailer's view first). Keyed by tier and company
 * under catalogKeys.all(), so invalidating that key refreshes every view.
 */
export const productsQueryOptions = (viewer: CatalogViewer | undefined) =>
  queryOptions({
    queryKey: catalogKeys.forViewer(viewer),
    queryFn: viewer ? () => fetchProducts(viewer) : skipToken,
  });

export function useProducts(viewer: CatalogViewer | undefined) {
  return useQuery(productsQueryOptions(viewer));
}

/**
 * One product priced for a role (null: not in their catalog), for the product page. Opened from
 * the store, it starts from the catalog already loaded (no wait) and is read again only once
 * that is stale; opened from a link, it reads the one product, not the whole catalog. The page's
 * loader and its hook share these options, so whichever makes the query first starts it so.
 */
export const productQueryOptions = (
  viewer: CatalogViewer | undefined,
  id: string,
  queryClient: QueryClient,
) =>
  queryOptions({
    queryKey: catalogKeys.product(viewer, id),
    queryFn: viewer ? () => fetchProduct(viewer, id) : skipToken,
    initialData: () =>
      queryClient
        .getQueryData<PricedProduct[]>(catalogKeys.forViewer(viewer))
        ?.find((product) => product.id === id),
    initialDataUpdatedAt: () =>
      queryClient.getQueryState(catalogKeys.forViewer(viewer))?.dataUpdatedAt,
  });

export function useProduct(viewer: CatalogViewer | undefined, id: string) {
  return useQuery(productQueryOptions(viewer, id, useQueryClient()));
}

/**
 * Several products of a company's catalog (each null when not in it), in the order of `ids`: each
 * read on its own and cached as useProduct caches it.
 */
export function useProductsById(viewer: CatalogViewer | undefined, ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: catalogKeys.product(viewer, id),
      queryFn: viewer ? () => fetchProduct(viewer, id) : skipToken,
    })),
  });
}

const allProductsQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.editor(), queryFn: fetchAllProducts });

/** Every product, for the managers (the catalog editor; read only when `enabled`). */
export function useAllProducts(enabled = true) {
  return useQuery({ ...allProductsQueryOptions(), enabled });
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
