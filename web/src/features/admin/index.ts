export { AdminDashboardPage } from './dashboard/admin-dashboard-page';
export { AdminStorePage } from './users/store-page';
export { totalsQueryOptions } from './dashboard/get-totals';
export { storeDetailsQueryOptions } from './common/search';
export { preloadTabForFirstPaint, tabFromParam } from './dashboard/lazy-tabs';
