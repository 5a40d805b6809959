import { MAX_STOCK_ALERTS } from '@portal/domain';
import { getDocs, limit, query, where } from 'firebase/firestore/lite';
import { callSubscribeStockAlert, callUnsubscribeStockAlert } from '@/lib/stock-alert-callables';
import { parseDocuments } from '../firestore';
import { parseStockAlert, stockAlertsCollection, type StockAlert } from './documents';

/**
 * The signed-in account's alerts, newest first: one query of their own (the rules let an
 * account list only the alerts whose uid is theirs), which the store's cards and My Account
 * share. A document that does not match is left out.
 */
export async function fetchStockAlerts(uid: string): Promise<StockAlert[]> {
  const snapshot = await getDocs(
    query(stockAlertsCollection(), where('uid', '==', uid), limit(MAX_STOCK_ALERTS)),
  );
  return parseDocuments(snapshot.docs, parseStockAlert, 'skip').sort(
    (a, b) => b.created_at.getTime() - a.created_at.getTime(),
  );
}

/** Subscribes through subscribeStockAlert: the function checks the product is out of stock. */
export function subscribeStockAlert(productId: string) {
  return callSubscribeStockAlert({ productId });
}

export function unsubscribeStockAlert(productId: string) {
  return callUnsubscribeStockAlert({ productId });
}
