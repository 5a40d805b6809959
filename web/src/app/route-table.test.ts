// @vitest-environment node
import type { RouteObject } from 'react-router';
import { checkoutCancelUrl, checkoutSuccessUrl, ROUTES } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { routeModules } from '../../../scripts/route-sizes';
import { createRoutes, layoutModules, pageModules } from './router';

/** Every path of a route tree, depth first. */
function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);
}

const cart = ROUTES.cart as { path: string };
const original = cart.path;
afterEach(() => {
  cart.path = original;
});

describe('the one route table (packages/domain/src/routes.ts)', () => {
  it('gives the router every route, and the router a lazy module for every page and layout', () => {
    const table = Object.values(ROUTES);
    expect(pathsOf(createRoutes()).sort()).toEqual(table.map((r) => r.path).sort());
    // A module may serve more than one route (the mail links' pages share one).
    expect(Object.keys(pageModules).sort()).toEqual(
      [...new Set(table.map((r) => r.module))].sort(),
    );
    expect(Object.keys(layoutModules).sort()).toEqual(
      [...new Set(table.flatMap((r) => r.layouts))].sort(),
    );
  });

  it('nests pages in their layouts and keeps the catch-all last', () => {
    const [root] = createRoutes();
    const [landing, publicShell, policy, shell] = root?.children ?? [];
    expect(landing).toMatchObject({ path: '/' });
    // The policy pages, like the landing page, have no layout (no antd, no Firebase).
    expect(policy).toMatchObject({ path: '/legal/:page' });
    expect(policy?.lazy).toBe(pageModules.policy);
    // The sign-in and application forms (no antd, Firebase only once a form is used) and the
    // pages our e-mails link to (Auth's REST API; the callables without Auth).
    expect(publicShell?.lazy).toBe(layoutModules['public-shell']);
    expect(pathsOf(publicShell?.children ?? [])).toEqual([
      '/apply',
      '/login',
      '/admin/login',
      '/forgot-password',
      '/auth/action',
      '/join',
      '/newsletter/:action',
      '/skip',
    ]);
    expect(shell?.lazy).toBe(layoutModules['ui-shell']);
    // The 404 page, like the landing page, has no layout (no antd): the root's last child.
    expect(root?.children?.at(-1)).toMatchObject({ path: '*' });
    expect(root?.children?.at(-1)?.lazy).toBe(pageModules['not-found']);
    expect(pathsOf(shell?.children ?? [])).not.toContain('*');
    const firebase = shell?.children?.[0];
    expect(firebase?.lazy).toBe(layoutModules['firebase-layout']);
    const portal = firebase?.children?.find((r) => r.lazy === layoutModules['portal-layout']);
    expect(pathsOf(portal?.children ?? [])).toEqual([
      '/portal',
      '/portal/store',
      '/portal/products/:productId',
      '/portal/quick-order',
      '/portal/lists',
      '/portal/cart',
      '/portal/my-account',
      '/portal/orders/:orderId/invoice',
      '/portal/quotes/:quoteId',
    ]);
  });

  it("wraps no page in antd's theme: the dashboard's pages sit in the Firebase layout", () => {
    const layouts = new Set(Object.values(ROUTES).flatMap((r) => [...r.layouts]));
    expect([...layouts].sort()).toEqual([
      'firebase-layout',
      'portal-layout',
      'public-shell',
      'ui-shell',
    ]);
    expect(ROUTES.admin.layouts).toEqual(['ui-shell', 'firebase-layout']);
    expect(ROUTES.adminCompany.layouts).toEqual(['ui-shell', 'firebase-layout']);
  });

  it('moves the router, the size report and the Stripe return URLs when a path changes there', () => {
    cart.path = '/portal/basket';
    expect(pathsOf(createRoutes())).toContain('/portal/basket');
    expect(pathsOf(createRoutes())).not.toContain(original);
    expect(routeModules().map(([route]) => route)).toContain('/portal/basket');
    expect(checkoutCancelUrl('https://shop.example')).toBe(
      'https://shop.example/portal/basket?checkout=cancelled',
    );
    expect(checkoutSuccessUrl('https://shop.example', 'ord1')).toBe(
      'https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}&order=ord1',
    );
  });
});
