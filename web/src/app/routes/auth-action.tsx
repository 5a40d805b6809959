import { AuthActionPage } from '@/features/auth';

export function Component() {
  return <AuthActionPage />;
}
