import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RouterErrorScreen } from '@/components/router-error-screen';

/**
 * The routes of SPEC section 2. Every page is its own chunk (route-level code splitting).
 * Routes that need Firebase sit under the Firebase layout; the landing page and the 404 do not.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorScreen />,
    children: [
      { path: paths.home, lazy: () => import('./routes/landing') },
      {
        lazy: () => import('./routes/firebase-layout'),
        children: [
          { path: paths.apply, lazy: () => import('./routes/apply') },
          { path: paths.login, lazy: () => import('./routes/login') },
          { path: paths.adminLogin, lazy: () => import('./routes/admin-login') },
          { path: paths.paymentSuccess, lazy: () => import('./routes/payment-success') },
          { path: paths.admin, lazy: () => import('./routes/admin') },
          {
            path: '/portal',
            lazy: () => import('./routes/portal-layout'),
            children: [
              { index: true, lazy: () => import('./routes/portal-index') },
              { path: paths.store, lazy: () => import('./routes/store') },
              { path: paths.cart, lazy: () => import('./routes/cart') },
              { path: paths.account, lazy: () => import('./routes/account') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
