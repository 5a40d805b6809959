export { fetchStockAlerts, subscribeStockAlert, unsubscribeStockAlert } from './api';
export type { StockAlert } from './documents';
export { stockAlertKeys, useStockAlerts, useToggleStockAlert } from './queries';
