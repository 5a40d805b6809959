import { FUNCTION_NAMES, type StockAlertRequest, type StockAlertResponse } from '@portal/domain';
import { callable } from './callables';

/**
 * The back-in-stock alert callables (docs/catalog.md#back-in-stock-alerts), apart from
 * callables.ts like manager-callables.ts: only the lazy chunks of the stock alert button and My
 * Account's Stock alerts card load them, so the store's first load carries none of it.
 */
/** A member asks to be mailed when an out-of-stock product is back. */
export const callSubscribeStockAlert = /* @__PURE__ */ callable<
  StockAlertRequest,
  StockAlertResponse
>(FUNCTION_NAMES.subscribeStockAlert);
/** The account's own alert for a product removed. */
export const callUnsubscribeStockAlert = /* @__PURE__ */ callable<
  StockAlertRequest,
  StockAlertResponse
>(FUNCTION_NAMES.unsubscribeStockAlert);
