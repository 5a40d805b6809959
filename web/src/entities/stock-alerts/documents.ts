import {
  COLLECTIONS,
  stockAlertSchemaOf,
  storedDate,
  type StockAlertResponse,
} from '@portal/domain';
import { collection, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * stock_alerts/{productId}_{uid}: a member's back-in-stock alert, written by the functions only;
 * each account reads its own (docs/catalog.md#back-in-stock-alerts).
 */
export const stockAlertsCollection = () => collection(db, COLLECTIONS.stockAlerts);

const schema = stockAlertSchemaOf(storedDate);

/** An alert as the screens read it (its created_at a Date). */
export interface StockAlert {
  id: string;
  product_id: string;
  product_name: string;
  sku: string;
  created_at: Date;
}

export function parseStockAlert(id: string, data: DocumentData): Parsed<StockAlert> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) return parsed;
  const { product_id, product_name, sku, created_at } = parsed.data;
  return { success: true, data: { id, product_id, product_name, sku, created_at } };
}

export type { StockAlertResponse };
