import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteOrderListRequest, SaveOrderListRequest } from '@portal/domain';
import { callDeleteOrderList, callSaveOrderList } from '@/lib/order-list-callables';
import { fetchOrderLists } from './api';

export const orderListKeys = {
  all: ['order-lists'] as const,
  company: (companyId: string) => ['order-lists', companyId] as const,
};

export const orderListsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: orderListKeys.company(companyId),
    queryFn: () => fetchOrderLists(companyId),
  });

/** The company's lists, most recently changed first; disabled without a company. */
export function useOrderLists(companyId: string) {
  return useQuery({ ...orderListsQueryOptions(companyId), enabled: companyId !== '' });
}

/** The lists are read again after every save or delete, whatever its outcome. */
function useOrderListMutation<Req, Res>(call: (request: Req) => Promise<Res>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListKeys.all }),
  });
}

/** Saves a new list (listId null) or a list's new name and lines. */
export const useSaveOrderList = () =>
  useOrderListMutation((request: SaveOrderListRequest) => callSaveOrderList(request));

/** Deletes a list. */
export const useDeleteOrderList = () =>
  useOrderListMutation((request: DeleteOrderListRequest) => callDeleteOrderList(request));
