export { countOrders, sumPaidRevenue, type BuyerScope } from './api';
export {
  orderKeys,
  orderQueryOptions,
  ordersQueryOptions,
  useAbandonedCheckouts,
  useBackorderedOrders,
  useOrder,
  useOrderNotes,
  useOrders,
  useRefundOrder,
  useShipOrder,
  useUpdateOrderStatus,
} from './queries';
