import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { firstIssueText, paths, quoteSchemasOf } from '@portal/domain';
import * as z from 'zod/mini';
import type { Context } from '../lib/context';

/** What the quotes' services use of the context (the company's clock needs Stripe locally). */
export type QuoteDeps = Pick<Context, 'db' | 'auth' | 'env' | 'stripe' | 'now' | 'webOrigin'>;

/** A stored moment, as the Admin SDK reads and writes it. */
const timestamp = z.custom<Timestamp>(
  (value) => value instanceof Timestamp,
  'Expected a Firestore Timestamp',
);

/**
 * quotes/{quoteId} as the functions read and write it (docs/order-lifecycle.md#draft-orders-and-quotes):
 * the domain's one definition (quoteSchemasOf) with its instants as Firestore Timestamps.
 * `QuoteDoc` is what may be written (fields with a default may be left out), `QuoteRecord` what a
 * read gives back, with its id.
 */
export const quoteDocSchemas = quoteSchemasOf(timestamp);

export type QuoteDoc = z.input<typeof quoteDocSchemas.quote>;
export type QuoteRecord = z.output<typeof quoteDocSchemas.quote> & { id: string };
export type QuoteLineDoc = z.output<typeof quoteDocSchemas.line>;
export type QuoteEventDoc = z.output<typeof quoteDocSchemas.event>;

class CorruptQuoteError extends Error {
  override name = 'CorruptQuoteError';
}

/** Reads a quote through the one schema: a document that does not parse is refused as corrupt. */
export function readQuote(snap: DocumentSnapshot): QuoteRecord | null {
  if (!snap.exists) return null;
  const parsed = quoteDocSchemas.quote.safeParse(snap.data());
  if (!parsed.success) {
    throw new CorruptQuoteError(
      `Quote ${snap.id} does not read as a quote (${firstIssueText(parsed.error)})`,
    );
  }
  return { ...parsed.data, id: snap.id };
}

export function quoteRef(db: Firestore, quoteId: string): DocumentReference {
  return db.doc(paths.quote(quoteId));
}
