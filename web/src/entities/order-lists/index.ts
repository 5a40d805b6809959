/**
 * Saved order lists (order_lists/{id}, docs/data-model.md#order_lists): the company's members read
 * them; owners and buyers save and delete them through the callables.
 */
export { fetchOrderLists, sortOrderLists } from './api';
export {
  orderListKeys,
  orderListsQueryOptions,
  useDeleteOrderList,
  useOrderLists,
  useSaveOrderList,
} from './queries';
