import {
  paths,
  storeCreditBalanceSchema,
  storeCreditEntrySchema,
  type StoreCreditEntry,
} from '@portal/domain';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  type DocumentData,
} from 'firebase/firestore/lite';
import { db, parseDocuments, type Parsed } from '../firestore';

/** How many of the balance's latest changes My Account lists. */
export const STORE_CREDIT_ENTRIES_LIMIT = 50;

/**
 * store_credit/{companyId}: the store credit a company may spend (docs/payments.md#store-credit),
 * mirrored from its Stripe customer balance by the functions, which alone write it. Its members
 * and the managers read it. No document, or one that does not read: no credit (0 cents).
 */
export async function fetchStoreCreditBalance(companyId: string): Promise<number> {
  const snapshot = await getDoc(doc(db, paths.storeCredit(companyId)));
  const parsed = storeCreditBalanceSchema.safeParse(snapshot.data());
  return parsed.success ? parsed.data.balance : 0;
}

function parseEntry(id: string, data: DocumentData): Parsed<StoreCreditEntry> {
  const parsed = storeCreditEntrySchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}

/** store_credit/{companyId}/entries: the balance's changes, newest first. */
export async function fetchStoreCreditEntries(companyId: string): Promise<StoreCreditEntry[]> {
  const snapshot = await getDocs(
    query(
      collection(db, paths.storeCreditEntries(companyId)),
      orderBy('at', 'desc'),
      limit(STORE_CREDIT_ENTRIES_LIMIT),
    ),
  );
  return parseDocuments(snapshot.docs, parseEntry, 'skip');
}
