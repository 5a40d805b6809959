import { Outlet } from 'react-router';
import { AppProviders } from '../providers';

/** Layout route for every page except the landing page: antd, toasts, query client. */
export function Component() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
