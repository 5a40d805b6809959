import type { QuoteLineConflict } from '@portal/domain';
import { callableErrorMessage } from '@/lib/callable-errors';

/** Why accepting or declining a quote was refused: the server's words, and each line's problem. */
export interface QuoteRefusal {
  message: string;
  conflicts: QuoteLineConflict[];
}

/**
 * The server's refusal of a quote as the buyer reads it (an expired quote, one being paid, lines
 * the catalog cannot fill: the error's `details.conflicts`, one per line), or our words for a
 * failure that is not written for people (a crash, the network).
 */
export function quoteRefusal(error: unknown, fallback: string): QuoteRefusal {
  return { message: callableErrorMessage(error, fallback), conflicts: conflictsOf(error) };
}

function conflictsOf(error: unknown): QuoteLineConflict[] {
  if (typeof error !== 'object' || error === null || !('details' in error)) return [];
  const { details } = error as { details: unknown };
  if (typeof details !== 'object' || details === null || !('conflicts' in details)) return [];
  const { conflicts } = details as { conflicts: unknown };
  if (!Array.isArray(conflicts)) return [];
  return conflicts.filter(
    (c): c is QuoteLineConflict =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as QuoteLineConflict).productId === 'string' &&
      typeof (c as QuoteLineConflict).message === 'string',
  );
}
