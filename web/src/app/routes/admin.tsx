import { AdminDashboardPage } from '@/features/admin';

export function Component() {
  return <AdminDashboardPage />;
}
