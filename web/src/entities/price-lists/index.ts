/** Price lists (price_lists/{listId}): the managers' reads and the callables that change them. */
export type { PriceListRecord } from './documents';
export { deletePriceList, fetchPriceLists, savePriceList } from './api';
export {
  priceListKeys,
  priceListsQueryOptions,
  useDeletePriceList,
  usePriceLists,
  useSavePriceList,
} from './queries';
