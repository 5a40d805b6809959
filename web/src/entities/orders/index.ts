export type { OrderSummary } from './documents';
export {
  countOrders,
  EXPORT_MAX_ORDERS,
  fetchOrdersForExport,
  fetchRecentOrdersPage,
  ORDERS_PAGE_SIZE,
  sumPaidRevenue,
} from './api';
export {
  orderKeys,
  useAbandonedCheckouts,
  useExportOrders,
  useOrder,
  useOrders,
  useRecentOrders,
  useRefundOrder,
  useUpdateOrderStatus,
} from './queries';
