import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RouterErrorScreen } from '@/components/router-error-screen';

/**
 * The routes of SPEC section 2. Every page is its own chunk (route-level code splitting).
 * The landing page is plain HTML and CSS: no antd, no Firebase. Everything else sits in the UI
 * shell (antd, toasts, query client); routes that need Firebase sit in the Firebase layout.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorScreen />,
    children: [
      { path: paths.home, lazy: () => import('./routes/landing') },
      {
        lazy: () => import('./routes/ui-shell'),
        children: [
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
    ],
  },
];
