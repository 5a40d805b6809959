/**
 * Which routes are public and who opens each route, for the reports: read from the one route
 * table (packages/domain/src/routes.ts, each route's `access`), never listed again. The size
 * report (scripts/route-sizes.ts) holds a route to its audience's size target and keeps the
 * public pages outside the Firebase layout free of Firebase; `npm run perf` holds a route to the
 * public or the signed-in Lighthouse targets and opens it as its audience.
 */
import { ROUTES, type RouteName } from '@portal/domain';

/** Who opens a route: a visitor (signed out), the demo buyer or the demo manager. */
export type RouteAudience = 'visitor' | 'buyer' | 'manager';

/** A route's name in the reports (sizes, perf): its path, '(404)' for the catch-all. */
export const pathLabel = (path: string) => (path === '*' ? '(404)' : path);

/** The routes anyone may open, signed in or not (access 'public'), in the table's order. */
export const PUBLIC_ROUTES: readonly RouteName[] = (Object.keys(ROUTES) as RouteName[]).filter(
  (name) => ROUTES[name].access === 'public',
);

/**
 * The page Stripe Checkout returns a buyer to: public (it verifies the session it is given), but
 * the buyer who just paid is the one who opens it, signed in.
 */
const CHECKOUT_RETURN: RouteName = 'paymentSuccess';

/** Who opens the route: its access, but for the page Stripe returns a buyer to. */
export function routeAudience(name: RouteName): RouteAudience {
  const { access } = ROUTES[name];
  if (access === 'manager') return 'manager';
  if (access === 'approved-buyer' || name === CHECKOUT_RETURN) return 'buyer';
  return 'visitor';
}

/** The route a report names by its path or its label ('*' or '(404)' for the catch-all). */
export function routeNamed(route: string): RouteName {
  const name = (Object.keys(ROUTES) as RouteName[]).find(
    (candidate) => ROUTES[candidate].path === route || pathLabel(ROUTES[candidate].path) === route,
  );
  if (!name) throw new Error(`No route ${route} in the route table`);
  return name;
}
