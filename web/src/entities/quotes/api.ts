import type { Quote, QuoteState } from '@portal/domain';
import { getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { parseDocuments, parsedOrThrow } from '../firestore';
import { parseQuote, quoteDoc, quotesCollection } from './documents';

/** How many quotes a list reads at most (newest first). */
export const QUOTES_LIMIT = 200;

/** The states a member of the company may read (every state but draft). */
export const SENT_QUOTE_STATES: readonly QuoteState[] = ['sent', 'accepted', 'declined', 'expired'];

/**
 * The company's quotes, newest first (index company_id asc, state asc, created_at desc). The
 * `company_id` and `state in` filters are what the rules prove a member's read with.
 */
export async function fetchCompanyQuotes(companyId: string): Promise<Quote[]> {
  const snapshot = await getDocs(
    query(
      quotesCollection(),
      where('company_id', '==', companyId),
      where('state', 'in', [...SENT_QUOTE_STATES]),
      orderBy('created_at', 'desc'),
      limit(QUOTES_LIMIT),
    ),
  );
  return parseDocuments(snapshot.docs, parseQuote, 'skip');
}

/** The managers' list: drafts and quotes in one state, or all, newest first (index state, created_at). */
export async function fetchQuotes(state: QuoteState | 'all'): Promise<Quote[]> {
  const newest = orderBy('created_at', 'desc');
  const read =
    state === 'all'
      ? query(quotesCollection(), newest, limit(QUOTES_LIMIT))
      : query(quotesCollection(), where('state', '==', state), newest, limit(QUOTES_LIMIT));
  const snapshot = await getDocs(read);
  return parseDocuments(snapshot.docs, parseQuote, 'skip');
}

/** One quote (its document page, the editor); null when there is none. */
export async function fetchQuote(quoteId: string): Promise<Quote | null> {
  try {
    const snap = await getDoc(quoteDoc(quoteId));
    if (!snap.exists()) return null;
    return parsedOrThrow(parseQuote(snap.id, snap.data()));
  } catch (error) {
    // The rules answer another company's quote (or a draft, to a buyer) with permission-denied:
    // to the buyer, it is not there.
    if ((error as { code?: string }).code === 'permission-denied') return null;
    throw error;
  }
}
