import { createContext, useContext } from 'react';
import { DEFAULT_STORE_QUERY, type StoreQuery } from '@portal/domain';

export interface StoreLinkContext {
  /** The store's current query: a product link carries it to the product page. */
  query: StoreQuery;
  /** Called as a product link is followed: puts a search still being typed into the URL. */
  beforeOpen: () => void;
}

/**
 * The store's query for the product links of its cards (the product page's Back to store
 * returns to it). Read from context so that typing re-renders only the links, not every
 * (memoized) card.
 */
export const StoreQueryContext = createContext<StoreLinkContext>({
  query: DEFAULT_STORE_QUERY,
  beforeOpen: () => undefined,
});

export function useStoreLink(): StoreLinkContext {
  return useContext(StoreQueryContext);
}
