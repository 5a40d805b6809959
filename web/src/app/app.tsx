import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './router';

const router = createBrowserRouter(routes);

export function AppRoot() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
