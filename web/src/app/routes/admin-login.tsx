import { AdminLoginPage } from '@/features/auth';

export function Component() {
  return <AdminLoginPage />;
}
