export {
  ALL_STANDING_ORDERS_MAX,
  fetchAllStandingOrders,
  fetchStandingOrders,
  sortStandingOrders,
} from './api';
export {
  standingOrderKeys,
  useAllStandingOrders,
  useManageStandingOrder,
  useStandingOrders,
} from './queries';
