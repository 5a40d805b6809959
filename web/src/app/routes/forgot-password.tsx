import { ForgotPasswordPage } from '@/features/auth';

export function Component() {
  return <ForgotPasswordPage />;
}
