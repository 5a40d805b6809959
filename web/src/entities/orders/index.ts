export { countOrders, fetchOrder, sumPaidRevenue, type BuyerScope } from './api';
export { orderKeys } from './keys';
export {
  orderQueryOptions,
  ordersQueryOptions,
  recentOrdersQueryOptions,
  useAbandonedCheckouts,
  useOrder,
  useOrderNotes,
  useOrders,
  useRecentOrders,
} from './queries';
export { useRefundOrder, useUpdateOrderStatus } from './changes';
export { fetchBackorderedOrders, shipOrder, useBackorderedOrders, useShipOrder } from './shipments';
export { useLiveCompanyOrders } from './live';
export { useLiveOrderBook } from './live-book';
