import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { stockAlertRequest, type StockAlertResponse } from '@portal/domain';
import { callerIp, parseData, requireApprovedBuyer, requireAuth } from '../lib/caller';
import { createContext } from '../lib/context';
import { log } from '../lib/log';
import { limitCallable } from '../lib/rate-limit';
import {
  mailBackInStock,
  subscribeStockAlert,
  unsubscribeStockAlert,
  type AlertDeps,
  type RestockOutcome,
} from '../stock-alerts/stock-alerts';
import { callable } from './edge';

/**
 * Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts): a member subscribes to and
 * unsubscribes from a product that is out of stock; a product's write that brings it back mails
 * each subscriber once. Both callables are rate limited per caller and per IP.
 */

/**
 * Callable subscribeStockAlert({ productId }) (an approved member of a company, any role): the
 * caller's alert for a product that is out of stock. Again: the same answer, nothing new.
 */
export const subscribeStockAlertHandler = callable(
  async (request, ctx): Promise<StockAlertResponse> => {
    const caller = requireApprovedBuyer(request);
    const input = parseData(stockAlertRequest, request.data);
    await limitCallable(ctx.db, 'subscribeStockAlert', { uid: caller.uid, ip: callerIp(request) });
    return subscribeStockAlert(ctx, caller.uid, input);
  },
);

/**
 * Callable unsubscribeStockAlert({ productId }) (any signed-in account, its own alert only):
 * deletes the caller's alert for the product; none is answered the same.
 */
export const unsubscribeStockAlertHandler = callable(
  async (request, ctx): Promise<StockAlertResponse> => {
    const caller = requireAuth(request);
    const input = parseData(stockAlertRequest, request.data);
    await limitCallable(ctx.db, 'unsubscribeStockAlert', {
      uid: caller.uid,
      ip: callerIp(request),
    });
    return unsubscribeStockAlert(ctx, caller.uid, input);
  },
);

type Snapshot = Pick<DocumentSnapshot, 'exists' | 'data'>;

/**
 * A product was written: when the write brought it back in stock, its subscribers are mailed
 * once each and their alerts deleted (stock-alerts/stock-alerts.ts). Alerts made after the
 * write's commit time are left for the next restock. A failure is logged; the write stands.
 */
export async function productRestockedHandler(
  event: Pick<FirestoreEvent<Change<Snapshot> | undefined, { productId: string }>, 'params'> & {
    data?: Change<Snapshot> | undefined;
    time?: string;
  },
  deps: AlertDeps = createContext(),
): Promise<RestockOutcome> {
  const { productId } = event.params;
  const before = event.data?.before.exists ? event.data.before.data() : null;
  const after = event.data?.after.exists ? event.data.after.data() : null;
  const at = event.time ? Date.parse(event.time) : Number.NaN;
  try {
    return await mailBackInStock(
      deps,
      productId,
      before,
      after,
      Number.isFinite(at) ? at : deps.now(),
    );
  } catch (error) {
    log.error('back_in_stock_failed', {
      productId,
      message: error instanceof Error ? error.message : String(error),
    });
    return { alerts: 0, mailed: 0 };
  }
}
