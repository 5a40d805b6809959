import { Outlet } from 'react-router';
import { useAppQueryClient } from '../app-query-client';
import { AppProviders } from '../providers';

/** Layout route for every page except the landing page: toasts and the app's query client. */
export function Component() {
  const queryClient = useAppQueryClient();
  return (
    <AppProviders queryClient={queryClient}>
      <Outlet />
    </AppProviders>
  );
}
