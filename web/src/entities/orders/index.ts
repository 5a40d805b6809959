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
  useExportOrders,
  useOrders,
  useRecentOrders,
  useUpdateOrderStatus,
} from './queries';
