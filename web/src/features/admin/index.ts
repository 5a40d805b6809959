export { AdminDashboardPage } from './dashboard/admin-dashboard-page';
export { AdminCompanyPage } from './companies/company-page';
export { totalsQueryOptions } from './dashboard/get-totals';
export { companyDetailsQueryOptions } from './common/search';
export { preloadTabForFirstPaint, tabFromParam } from './dashboard/lazy-tabs';
