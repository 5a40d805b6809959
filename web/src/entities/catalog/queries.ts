import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BuyerRole } from '@portal/domain';
import { fetchAllProducts, fetchProducts, saveProduct } from './api';

export const catalogKeys = {
  /** The buyers' catalog, every role's view. */
  all: () => ['products'] as const,
  /** The buyers' catalog priced for one role (unknown while the profile loads). */
  forRole: (role: BuyerRole | undefined) => [...catalogKeys.all(), role ?? 'unknown'] as const,
  /** The manager's catalog editor: every product with both prices. */
  editor: () => ['admin', 'products'] as const,
};

/**
 * The catalog for a role (undefined while the buyer's profile, which says the role, loads: the
 * query waits rather than fetching a retailer's view first). Keyed by role under
 * catalogKeys.all(), so invalidating that key refreshes every role's view.
 */
const productsQueryOptions = (role: BuyerRole | undefined) =>
  queryOptions({
    queryKey: catalogKeys.forRole(role),
    queryFn: role ? () => fetchProducts(role) : skipToken,
  });

export function useProducts(role: BuyerRole | undefined) {
  return useQuery(productsQueryOptions(role));
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
