import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { firestore } from '../lib/admin';
import { log } from '../lib/log';
import {
  foldDirtyStock,
  foldStock,
  STOCK_FOLD_INTERVAL_MS,
  type FoldOutcome,
} from '../orders/stock-shards';

type Snapshot = Pick<DocumentSnapshot, 'exists' | 'get'>;

/**
 * A stock shard was written (orders/stock-shards.ts, docs/stock.md): when a move left it dirty,
 * the product is folded, unless it was folded less than a second ago (the sweep below folds
 * that change). A fold's own writes leave the shards clean and fold nothing.
 */
export async function stockShardWrittenHandler(
  event: Pick<FirestoreEvent<Change<Snapshot> | undefined, { productId: string }>, 'params'> & {
    data?: Change<Snapshot> | undefined;
  },
): Promise<FoldOutcome | 'clean'> {
  const after = event.data?.after;
  if (!after?.exists || after.get('dirty') !== true) return 'clean';
  try {
    return await foldStock(firestore(), event.params.productId, {
      minIntervalMs: STOCK_FOLD_INTERVAL_MS,
    });
  } catch (error) {
    // Contention on the product: the sweep folds it.
    log.warn('stock_fold_failed', { productId: event.params.productId, error: String(error) });
    return 'later';
  }
}

/**
 * Folds every product whose shards a fold has not caught up with: on a schedule in production;
 * the local stack runs it in its sweep worker (scripts/sweep-worker.ts).
 */
export async function sweepStockFoldsHandler(): Promise<number> {
  return foldDirtyStock(firestore());
}
