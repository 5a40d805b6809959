export { AdminDashboardPage } from './components/admin-dashboard-page';
export { AdminStorePage } from './components/store-page';
export { totalsQueryOptions } from './api/get-totals';
export { storeDetailsQueryOptions } from './api/search';
export { preloadTabForFirstPaint, tabFromParam } from './tabs/lazy-tabs';
