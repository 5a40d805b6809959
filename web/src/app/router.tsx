import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { ROUTES, type LayoutModule, type RouteDef } from '@portal/domain';
import { AppLoading } from '@/components/app-loading';
import { RouterErrorScreen } from '@/components/router-error-screen';

/**
 * The router, built from the domain's route table (packages/domain/src/routes.ts): every page is
 * its own lazy chunk inside its lazy layouts. The landing page is plain HTML and CSS (no antd, no
 * Firebase); the sign-in and application pages sit in the public shell (plain toasts, Firebase
 * fetched when a form is used); everything else sits in the UI shell (antd, toasts, query
 * client); routes that need Firebase sit in the Firebase layout; /portal/* sits in the portal
 * layout (approved buyers only).
 *
 * The import() calls are written out so the bundler splits each module into its own chunk; a
 * test checks that every module of the table has one here and the other way round.
 */
type LazyModule = NonNullable<NonIndexRouteObject['lazy']>;
type Branch = NonIndexRouteObject & { children: RouteObject[] };

export const layoutModules: Record<LayoutModule, LazyModule> = {
  'public-shell': () => import('./routes/public-shell'),
  'ui-shell': () => import('./routes/ui-shell'),
  'firebase-layout': () => import('./routes/firebase-layout'),
  'portal-layout': () => import('./routes/portal-layout'),
};

export const pageModules: Record<string, LazyModule> = {
  landing: () => import('./routes/landing'),
  apply: () => import('./routes/apply'),
  login: () => import('./routes/login'),
  'admin-login': () => import('./routes/admin-login'),
  'forgot-password': () => import('./routes/forgot-password'),
  join: () => import('./routes/join'),
  'auth-action': () => import('./routes/auth-action'),
  newsletter: () => import('./routes/newsletter'),
  policy: () => import('./routes/policy'),
  'payment-success': () => import('./routes/payment-success'),
  admin: () => import('./routes/admin'),
  'portal-index': () => import('./routes/portal-index'),
  store: () => import('./routes/store'),
  product: () => import('./routes/product'),
  'quick-order': () => import('./routes/quick-order'),
  cart: () => import('./routes/cart'),
  account: () => import('./routes/account'),
  invoice: () => import('./routes/invoice'),
  'admin-invoice': () => import('./routes/admin-invoice'),
  quote: () => import('./routes/quote'),
  'admin-quote': () => import('./routes/admin-quote'),
  'packing-slip': () => import('./routes/packing-slip'),
  'admin-company': () => import('./routes/admin-company'),
  'not-found': () => import('./routes/not-found'),
};

/**
 * Nests each route inside its layouts, in table order: routes that share a chain of layouts
 * share the layout route objects. The catch-all (`*`) comes last at its level.
 */
export function createRoutes(table: Readonly<Record<string, RouteDef>> = ROUTES): RouteObject[] {
  // HydrateFallback: what shows while the first page's lazy modules load (plain HTML, no antd).
  const root: Branch = {
    errorElement: <RouterErrorScreen />,
    HydrateFallback: AppLoading,
    children: [],
  };
  const layoutNodes = new Map<string, Branch>();
  const defs = Object.values(table).sort((a, b) => Number(a.path === '*') - Number(b.path === '*'));
  for (const def of defs) {
    let parent = root;
    const chain: string[] = [];
    for (const layout of def.layouts) {
      chain.push(layout);
      const key = chain.join('/');
      let node = layoutNodes.get(key);
      if (!node) {
        node = { lazy: layoutModules[layout], children: [] };
        layoutNodes.set(key, node);
        parent.children.push(node);
      }
      parent = node;
    }
    const lazy = pageModules[def.module];
    if (!lazy) throw new Error(`No lazy module '${def.module}' for ${def.path} in router.tsx`);
    parent.children.push({ path: def.path, lazy });
  }
  return [root];
}

export const routes = createRoutes();
