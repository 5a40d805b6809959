import { COLLECTIONS, paths, storedPriceListSchema, type StoredPriceList } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * price_lists/{listId}: a price list as managers keep it (name, window, companies, entries).
 * Managers read it; only the functions write it (savePriceList, deletePriceList), together with
 * each company's copy under companies/{companyId}/price_lists.
 */
export const priceListsCollection = () => collection(db, COLLECTIONS.priceLists);
export const priceListRef = (listId: string) => doc(db, paths.priceList(listId));

export type PriceListRecord = StoredPriceList;

/** The one reading of a price list document: timestamps become Dates, the entries are checked. */
export function parsePriceList(id: string, data: DocumentData): Parsed<PriceListRecord> {
  const parsed = storedPriceListSchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}
