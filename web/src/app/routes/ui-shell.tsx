import { Outlet } from 'react-router';
import { appQueryClient } from '../app-query-client';
import { AppProviders } from '../providers';

/** Layout route for every page except the landing page: toasts and the app's query client. */
export function Component() {
  return (
    <AppProviders queryClient={appQueryClient}>
      <Outlet />
    </AppProviders>
  );
}
