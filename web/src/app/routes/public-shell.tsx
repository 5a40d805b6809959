import { Outlet } from 'react-router';
import { PlainToasts } from '@/components/toast-region';

/**
 * Layout route of the sign-in and application pages: plain toasts, no antd and no Firebase.
 * Their forms fetch Firebase when they are used (features/auth/api/load-auth-api.ts), so a
 * visitor's first load is the router, the form and its validation.
 */
export function Component() {
  return (
    <PlainToasts>
      <Outlet />
    </PlainToasts>
  );
}
