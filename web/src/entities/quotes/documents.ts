import { COLLECTIONS, paths, quoteSchema, type Quote } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * quotes/{quoteId}: draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes),
 * written by the functions only; managers read every one, the company's members read theirs
 * once sent (firestore.rules).
 */
export const quotesCollection = () => collection(db, COLLECTIONS.quotes);

export const quoteDoc = (quoteId: string) => doc(db, paths.quote(quoteId));

/** The one reading of a quote document: the domain schema, its times as Dates. */
export function parseQuote(id: string, data: DocumentData): Parsed<Quote> {
  const parsed = quoteSchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}
