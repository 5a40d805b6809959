import { RouterProvider, createBrowserRouter } from 'react-router';
import { routes } from './router';

const router = createBrowserRouter(routes);

export function AppRoot() {
  return <RouterProvider router={router} />;
}
