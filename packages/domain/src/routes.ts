/**
 * The portal's routes: the one table of paths, the lazy module that renders each page, the
 * layouts around it and who may open it. The web router, the bundle-size report, the
 * perf script and the functions' Stripe return URLs all read it, so a path changes here only.
 * Page titles are not here: each page sets its own (usePageTitle), often from its data, and the
 * table ships in every page's first load.
 */
export type RouteAccess = 'public' | 'approved-buyer' | 'manager';

/**
 * Lazy layout modules, outermost first (web/src/app/routes/<name>.tsx): 'public-shell' is the
 * sign-in and application pages' light frame (plain toasts, no antd, Firebase fetched when a form
 * is used); 'ui-shell' brings the base text style, toasts and the query client; 'firebase-layout'
 * Firebase; 'portal-layout' the buyer's portal. No page loads antd at first: every page draws its
 * look with plain elements, and the dashboard's tabs and dialogs that draw antd components bring
 * its theme in their own chunk.
 */
export type LayoutModule = 'public-shell' | 'ui-shell' | 'firebase-layout' | 'portal-layout';

export interface RouteDef {
  path: string;
  /** The lazy page module (web/src/app/routes/<module>.tsx). */
  module: string;
  layouts: readonly LayoutModule[];
  access: RouteAccess;
}

const publicForm = ['public-shell'] as const satisfies readonly LayoutModule[];
const withFirebase = ['ui-shell', 'firebase-layout'] as const satisfies readonly LayoutModule[];
const portal = [...withFirebase, 'portal-layout'] as const satisfies readonly LayoutModule[];

export const ROUTES = {
  home: { path: '/', module: 'landing', layouts: [], access: 'public' },
  apply: {
    path: '/apply',
    module: 'apply',
    layouts: publicForm,
    access: 'public',
  },
  login: {
    path: '/login',
    module: 'login',
    layouts: publicForm,
    access: 'public',
  },
  adminLogin: {
    path: '/admin/login',
    module: 'admin-login',
    layouts: publicForm,
    access: 'public',
  },
  forgotPassword: {
    path: '/forgot-password',
    module: 'forgot-password',
    layouts: publicForm,
    access: 'public',
  },
  authAction: {
    path: '/auth/action',
    module: 'auth-action',
    layouts: publicForm,
    access: 'public',
  },
  // An invitation mail's link: join a company (docs/companies.md#members-and-invitations).
  join: {
    path: '/join',
    module: 'join',
    layouts: publicForm,
    access: 'public',
  },
  newsletter: {
    path: '/newsletter/:action',
    module: 'newsletter',
    layouts: publicForm,
    access: 'public',
  },
  // A standing order reminder's one-tap skip link (docs/standing-orders.md#the-reminder-mail).
  // It shares the newsletter links' module (routes/newsletter.tsx picks the page by path): each
  // module is an entry of every page's first load, which has no room for another.
  skip: {
    path: '/skip',
    module: 'newsletter',
    layouts: publicForm,
    access: 'public',
  },
  // The footer's policy pages (privacy, terms, shipping, refunds): plain HTML and CSS like the
  // landing page; their text comes from the siteContent function (site-content.ts).
  policy: {
    path: '/legal/:page',
    module: 'policy',
    layouts: [],
    access: 'public',
  },
  paymentSuccess: {
    path: '/payment-success',
    module: 'payment-success',
    layouts: withFirebase,
    access: 'public',
  },
  admin: {
    path: '/admin',
    module: 'admin',
    layouts: withFirebase,
    access: 'manager',
  },
  portal: {
    path: '/portal',
    module: 'portal-index',
    layouts: portal,
    access: 'approved-buyer',
  },
  store: {
    path: '/portal/store',
    module: 'store',
    layouts: portal,
    access: 'approved-buyer',
  },
  product: {
    path: '/portal/products/:productId',
    module: 'product',
    layouts: portal,
    access: 'approved-buyer',
  },
  quickOrder: {
    path: '/portal/quick-order',
    module: 'quick-order',
    layouts: portal,
    access: 'approved-buyer',
  },
  // Saved order lists (docs/product.md, Order lists): the company's lists, added to the cart in one step.
  orderLists: {
    path: '/portal/lists',
    module: 'order-lists',
    layouts: portal,
    access: 'approved-buyer',
  },
  cart: {
    path: '/portal/cart',
    module: 'cart',
    layouts: portal,
    access: 'approved-buyer',
  },
  account: {
    path: '/portal/my-account',
    module: 'account',
    layouts: portal,
    access: 'approved-buyer',
  },
  invoice: {
    path: '/portal/orders/:orderId/invoice',
    module: 'invoice',
    layouts: portal,
    access: 'approved-buyer',
  },
  adminInvoice: {
    path: '/admin/orders/:orderId/invoice',
    module: 'admin-invoice',
    layouts: withFirebase,
    access: 'manager',
  },
  // A quote's printable document (docs/order-lifecycle.md#draft-orders-and-quotes): the company's
  // members open theirs once sent; managers open any, a draft too.
  quote: {
    path: '/portal/quotes/:quoteId',
    module: 'quote',
    layouts: portal,
    access: 'approved-buyer',
  },
  adminQuote: {
    path: '/admin/quotes/:quoteId',
    module: 'admin-quote',
    layouts: withFirebase,
    access: 'manager',
  },
  packingSlip: {
    path: '/admin/orders/:orderId/packing-slip',
    module: 'packing-slip',
    layouts: withFirebase,
    access: 'manager',
  },
  adminCompany: {
    path: '/admin/companies/:companyId',
    module: 'admin-company',
    layouts: withFirebase,
    access: 'manager',
  },
  notFound: {
    path: '*',
    module: 'not-found',
    // No layout: the 404 page is plain HTML and CSS like the landing page (no antd, no Firebase).
    layouts: [],
    access: 'public',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** Every route's path by name: build links and redirects from these only. */
export const appPaths = Object.fromEntries(
  Object.entries(ROUTES).map(([name, r]) => [name, r.path]),
) as {
  readonly [K in RouteName]: (typeof ROUTES)[K]['path'];
};

/** A route path with its `:param`s filled in (each value URL-encoded). */
export function routePath(name: RouteName, params: Readonly<Record<string, string>> = {}): string {
  return ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`routePath(${name}) needs ${key}`);
    return encodeURIComponent(value);
  });
}

/**
 * The payment result page's parameters: the Checkout Session (Stripe fills in its id) and the
 * order it becomes (the checkout's id), which the page reads when the webhook has recorded it.
 */
export const PAYMENT_SUCCESS_PARAMS = { session: 'session_id', order: 'order' } as const;

/** Where Stripe Checkout returns a buyer who paid for checkout `orderId`. */
export function checkoutSuccessUrl(webOrigin: string, orderId: string): string {
  const { session, order } = PAYMENT_SUCCESS_PARAMS;
  return `${webOrigin}${ROUTES.paymentSuccess.path}?${session}={CHECKOUT_SESSION_ID}&${order}=${encodeURIComponent(orderId)}`;
}

/**
 * The flag of the cancel URL (`?checkout=cancelled`): the cart says the payment was cancelled,
 * then drops the flag from its address so a reload does not say it again.
 */
export const CHECKOUT_CANCELLED = { param: 'checkout', value: 'cancelled' } as const;

/** Where Stripe Checkout returns a buyer who cancelled: their cart, with the cancelled flag. */
export function checkoutCancelUrl(webOrigin: string): string {
  return `${webOrigin}${ROUTES.cart.path}?${CHECKOUT_CANCELLED.param}=${CHECKOUT_CANCELLED.value}`;
}
