/**
 * The price lists' reads and writes: managers list price_lists directly (the rules allow it) and
 * change a list only through the savePriceList and deletePriceList callables (nobody writes a
 * list from the browser: the functions also write each company's copy).
 */
import { compareCodes, compareText, type SavePriceListRequest } from '@portal/domain';
import { getDocs } from 'firebase/firestore/lite';
import { callDeletePriceList, callSavePriceList } from '@/lib/manager-callables';
import { parseDocuments } from '../firestore';
import { parsePriceList, priceListsCollection, type PriceListRecord } from './documents';

/** A to Z by name (case and accents aside), then by id, so equal names keep one order. */
function byName(a: PriceListRecord, b: PriceListRecord): number {
  return compareText(a.name, b.name) || compareCodes(a.id, b.id);
}

/**
 * Every price list (managers only: the rules let them list the collection), sorted by name. A
 * document that does not match the stored shape is left out rather than breaking the tab.
 */
export async function fetchPriceLists(): Promise<PriceListRecord[]> {
  const snapshot = await getDocs(priceListsCollection());
  return parseDocuments(snapshot.docs, parsePriceList, 'skip').sort(byName);
}

/** Creates (no listId) or replaces a list through the savePriceList callable; its id. */
export async function savePriceList(request: SavePriceListRequest): Promise<string> {
  const { listId } = await callSavePriceList(request);
  return listId;
}

/** Deletes a list (and, on the server, every company's copy of it). */
export async function deletePriceList(listId: string): Promise<void> {
  await callDeletePriceList({ listId });
}
