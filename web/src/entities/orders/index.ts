export { countOrders, fetchOrder, sumPaidRevenue, type BuyerScope } from './api';
export {
  orderKeys,
  orderQueryOptions,
  ordersQueryOptions,
  useAbandonedCheckouts,
  useOrder,
  useOrderNotes,
  useOrders,
  useRecentOrders,
  useRefundOrder,
  useUpdateOrderStatus,
} from './queries';
export {
  backorderKeys,
  fetchBackorderedOrders,
  shipOrder,
  useBackorderedOrders,
  useShipOrder,
} from './shipments';
export { useLiveCompanyOrders, useLiveOrderBook } from './live';
