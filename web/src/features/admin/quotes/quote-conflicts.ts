import type { QuoteConflictDetails, QuoteLineConflict } from '@portal/domain';

/**
 * The lines a refusal names (sendDraftOrder's `details.conflicts`, QuoteConflictDetails): each
 * line the catalog cannot fill as written, with the server's words. Null when the error carries
 * none (another refusal: its message is the whole story). The Functions SDK puts the HttpsError's
 * details on the error it throws; anything not shaped as a conflict is left out.
 */
export function quoteConflictsOf(error: unknown): QuoteLineConflict[] | null {
  if (typeof error !== 'object' || error === null || !('details' in error)) return null;
  const details = (error as { details?: Partial<QuoteConflictDetails> | null }).details;
  const list: unknown = details?.conflicts;
  if (!Array.isArray(list)) return null;
  const conflicts = list.filter(
    (item): item is QuoteLineConflict =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as QuoteLineConflict).productId === 'string' &&
      typeof (item as QuoteLineConflict).message === 'string',
  );
  return conflicts.length > 0 ? conflicts : null;
}

/** The conflicts by product id (a product on two lines has its conflicts on each). */
export function conflictsByProduct(
  conflicts: readonly QuoteLineConflict[],
): ReadonlyMap<string, string[]> {
  const byProduct = new Map<string, string[]>();
  for (const { productId, message } of conflicts) {
    const messages = byProduct.get(productId);
    if (messages) messages.push(message);
    else byProduct.set(productId, [message]);
  }
  return byProduct;
}
