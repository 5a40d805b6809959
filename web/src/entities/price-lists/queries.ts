/**
 * The price lists' TanStack Query hooks: the managers' list, and the save and delete that read it
 * again once the functions have written.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletePriceList, fetchPriceLists, savePriceList } from './api';

export const priceListKeys = {
  /** The managers' Price lists tab: every list. */
  all: () => ['admin', 'price-lists'] as const,
};

export const priceListsQueryOptions = () =>
  queryOptions({ queryKey: priceListKeys.all(), queryFn: fetchPriceLists });

export function usePriceLists() {
  return useQuery(priceListsQueryOptions());
}

/** Saving a list (savePriceList), then reading the lists again. */
export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePriceList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListKeys.all() }),
  });
}

/** Deleting a list (deletePriceList), then reading the lists again. */
export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePriceList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListKeys.all() }),
  });
}
