export { AdminDashboardPage } from './components/admin-dashboard-page';
export { AdminStorePage } from './components/store-page';
