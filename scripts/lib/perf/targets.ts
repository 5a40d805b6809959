/**
 * What `npm run perf` (scripts/perf.ts) measures and against what: the Lighthouse targets, the
 * pages (every route of the route table, each admin dashboard tab, routes with params filled in
 * with the run's values: values.ts) and the `--routes` selection. Nothing here starts a process
 * or touches the network, so it is unit tested (functions/test/perf-targets.test.ts).
 */
import { BRAND, ROUTES, type RouteName } from '@portal/domain';
import { pathLabel, PUBLIC_ROUTES, routeAudience, type RouteAudience } from '../route-access';
import type { PerfValues } from './values';

/** Lighthouse targets (mobile preset, simulated throttling): one place for the script and docs. */
export const PERF_TARGETS = {
  /** Pages anyone can open (the landing page, sign-in and apply, links from emails, the 404). */
  public: { performance: 95, accessibility: 100, lcpMs: 2500, cls: 0.05 },
  /** Pages behind sign-in: the portal, the admin dashboard and its tabs, invoices, packing slip. */
  signedIn: { performance: 90, accessibility: 98, lcpMs: 2500, cls: 0.05 },
} as const;
export type TargetClass = keyof typeof PERF_TARGETS;

/**
 * Who is signed in when the page is measured (each in a Chromium profile of its own): the route's
 * audience (lib/route-access.ts).
 */
export type Persona = RouteAudience;

/**
 * The admin dashboard's tabs (web/src/features/admin/dashboard/admin-dashboard.tsx), in its
 * order. The tab is in ?tab=; Orders, the default, has none. The unit test checks this list
 * against the dashboard's source.
 */
export const ADMIN_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'orders', label: 'Orders' },
  { key: 'claims', label: 'Claims' },
  { key: 'receivables', label: 'Receivables' },
  { key: 'tax', label: 'Tax' },
  { key: 'certificates', label: 'Certificates' },
  { key: 'standing-orders', label: 'Standing orders' },
  { key: 'companies', label: 'Companies' },
  { key: 'catalog', label: 'Catalog' },
  { key: 'price-lists', label: 'Price lists' },
  { key: 'tutorials', label: 'Tutorials' },
  { key: 'site', label: 'Site' },
] as const;
export type AdminTabKey = (typeof ADMIN_TABS)[number]['key'];
export const DEFAULT_ADMIN_TAB: AdminTabKey = 'orders';

export interface PerfPage {
  /** The table's first column: the route's path (its pattern), with the tab for admin tabs. */
  label: string;
  route: RouteName;
  tab?: AdminTabKey;
  persona: Persona;
  targets: TargetClass;
  /** Path and query to open, with this run's values. */
  url(values: PerfValues): string;
  /** The path the page must end on (a redirect elsewhere, to /login say, is a miss). */
  finalPath(values: PerfValues): string;
  /** Texts the page shows once it rendered its real content (checked before Lighthouse runs). */
  expect(values: PerfValues): string[];
}

/** A path no route has: the 404 page. */
export const NOT_FOUND_PATH = '/perf-check/no-such-page';

const enc = encodeURIComponent;

/** The quote the quote pages are measured on when the data has none: its page says not found. */
export const MISSING_QUOTE_ID = 'perf-no-quote';
const QUOTE_NOT_FOUND = 'Quote not found.';

/**
 * How each route is opened and recognised (the 404 under NOT_FOUND_PATH); who opens it is its
 * audience (lib/route-access.ts).
 */
const PAGE_SPECS: Record<
  RouteName,
  {
    url: (v: PerfValues) => string;
    final?: (v: PerfValues) => string;
    expect: (v: PerfValues) => string[];
  }
> = {
  home: { url: () => '/', expect: () => [BRAND.tagline] },
  apply: { url: () => '/apply', expect: () => ['Request Access'] },
  login: { url: () => '/login', expect: () => ['Portal Access'] },
  adminLogin: { url: () => '/admin/login', expect: () => ['Admin Login'] },
  forgotPassword: {
    url: () => '/forgot-password',
    expect: () => ['Reset Password'],
  },
  authAction: {
    url: (v) => `/auth/action?mode=resetPassword&oobCode=${enc(v.oobCode)}`,
    expect: () => ['Choose a new password'],
  },
  // An invitation link (a well-formed token that names no invitation: the page's own refusal).
  join: { url: () => `/join?token=${'A'.repeat(43)}`, expect: () => ['Join your company'] },
  // A reminder's skip link (a well-formed token whose signature is wrong: the page's refusal).
  skip: {
    url: () => `/skip?token=${'A'.repeat(40)}.${'B'.repeat(43)}`,
    expect: () => ["This link can't skip a delivery."],
  },
  newsletter: {
    url: (v) => `/newsletter/confirm?token=${enc(v.newsletterToken)}`,
    expect: () => ["You're subscribed"],
  },
  notFound: { url: () => NOT_FOUND_PATH, expect: () => ['Page not found'] },
  // A policy page: its title is drawn at once, the text after one GET (siteContent).
  policy: { url: () => '/legal/terms', expect: () => ['Terms of Service'] },
  // /payment-success verifies the session with the signed-in buyer's token.
  paymentSuccess: {
    url: (v) =>
      v.sessionId ? `/payment-success?session_id=${enc(v.sessionId)}` : '/payment-success',
    expect: () => ['Payment Successful!'],
  },
  // /portal sends the buyer on to the store.
  portal: {
    url: () => '/portal',
    final: () => ROUTES.store.path,
    expect: (v) => ['VIP Product Catalog', v.productName],
  },
  store: {
    url: () => '/portal/store',
    expect: (v) => ['VIP Product Catalog', v.productName],
  },
  product: {
    url: (v) => `/portal/products/${enc(v.productId)}`,
    expect: (v) => [v.productName, 'Add to Cart'],
  },
  quickOrder: { url: () => '/portal/quick-order', expect: () => ['Quick Order'] },
  orderLists: { url: () => '/portal/lists', expect: () => ['Order lists'] },
  cart: {
    url: () => '/portal/cart',
    expect: (v) => ['Your Cart', v.productName],
  },
  account: {
    url: () => '/portal/my-account',
    expect: (v) => ['My Account', v.storeName],
  },
  invoice: {
    url: (v) => `/portal/orders/${enc(v.orderId)}/invoice`,
    expect: (v) => [`Invoice ${v.invoiceNumber}`],
  },
  admin: { url: () => '/admin', expect: () => ['Admin Dashboard'] },
  adminInvoice: {
    url: (v) => `/admin/orders/${enc(v.orderId)}/invoice`,
    expect: (v) => [`Invoice ${v.invoiceNumber}`],
  },
  // A quote sent to the demo buyer's company; without one in the data, a quote that is not there.
  quote: {
    url: (v) => `/portal/quotes/${enc(v.quote?.id ?? MISSING_QUOTE_ID)}`,
    expect: (v) => [v.quote ? `Quote ${v.quote.number}` : QUOTE_NOT_FOUND],
  },
  adminQuote: {
    url: (v) => `/admin/quotes/${enc(v.quote?.id ?? MISSING_QUOTE_ID)}`,
    expect: (v) => [v.quote ? `Quote ${v.quote.number}` : QUOTE_NOT_FOUND],
  },
  packingSlip: {
    url: (v) => `/admin/orders/${enc(v.orderId)}/packing-slip`,
    expect: (v) => ['Packing slip', v.buyerName],
  },
  // The demo buyer's company: its id is the buyer's uid (they applied).
  adminCompany: {
    url: (v) => `/admin/companies/${enc(v.storeUid)}`,
    expect: (v) => [v.storeName],
  },
};

/** What each admin tab shows once its data is in. */
const TAB_EXPECT: Record<AdminTabKey, (v: PerfValues) => string[]> = {
  overview: () => ['Revenue', 'Orders by status'],
  orders: (v) => ['Recent Orders', v.storeName],
  claims: () => ['Damaged, missing or wrong items buyers reported'],
  receivables: () => ['Open invoices', 'Companies on terms'],
  tax: () => ['Tax report', 'Download CSV'],
  certificates: () => ['Resale certificates'],
  'standing-orders': () => ['All standing orders'],
  companies: (v) => ['Company Management', v.storeName],
  catalog: (v) => [v.productName],
  'price-lists': () => ['New price list'],
  tutorials: () => ['Support Tutorials'],
  site: () => ['Support contact', 'Policy pages'],
};

/** The route's path as the table shows it ('(404)' for the catch-all), as the size report does. */
export function routeLabel(route: RouteName): string {
  return pathLabel(ROUTES[route].path);
}

/** The admin tab's URL: /admin for the default tab, /admin?tab=<key> for the others. */
export function adminTabPath(tab: AdminTabKey): string {
  return tab === DEFAULT_ADMIN_TAB ? ROUTES.admin.path : `${ROUTES.admin.path}?tab=${tab}`;
}

function tabLabel(tab: AdminTabKey): string {
  const name = ADMIN_TABS.find((t) => t.key === tab)?.label ?? tab;
  return `${adminTabPath(tab)} (${name})`;
}

/**
 * Every page to measure, grouped by persona (visitors first, then the buyer, then the manager)
 * and in route-table order within a group: one per route, the admin dashboard once per tab.
 */
export function perfPages(): PerfPage[] {
  const pages: PerfPage[] = [];
  for (const route of Object.keys(ROUTES) as RouteName[]) {
    const spec = PAGE_SPECS[route];
    const targets: TargetClass = PUBLIC_ROUTES.includes(route) ? 'public' : 'signedIn';
    const base = { route, persona: routeAudience(route), targets };
    if (route === 'admin') {
      for (const { key } of ADMIN_TABS) {
        pages.push({
          ...base,
          label: tabLabel(key),
          tab: key,
          url: () => adminTabPath(key),
          finalPath: () => ROUTES.admin.path,
          expect: (v) => ['Admin Dashboard', ...TAB_EXPECT[key](v)],
        });
      }
      continue;
    }
    pages.push({
      ...base,
      label: routeLabel(route),
      url: spec.url,
      finalPath: (v) => spec.final?.(v) ?? new URL(spec.url(v), 'http://x').pathname,
      expect: spec.expect,
    });
  }
  const order: Persona[] = ['visitor', 'buyer', 'manager'];
  return pages
    .map((page, index) => ({ page, index }))
    .sort(
      (a, b) => order.indexOf(a.page.persona) - order.indexOf(b.page.persona) || a.index - b.index,
    )
    .map(({ page }) => page);
}

/**
 * The pages `--routes a,b,…` names: each entry is a route path as in the route table
 * (`/admin` is every tab, `/portal/products/:productId`), a row's label or its URL without the
 * tab name (`/admin?tab=companies`), a route name (`product`), or `404`. Throws on an unknown entry.
 */
export function selectPages(pages: readonly PerfPage[], list: string): PerfPage[] {
  const wanted = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (wanted.length === 0) throw new Error('--routes needs at least one route');
  const chosen = new Set<PerfPage>();
  for (const entry of wanted) {
    // `/admin` names the route, so every tab; `/admin?tab=orders` the default tab only.
    const tab = tabOfEntry(entry);
    const matches = pages.filter(
      (page) =>
        entry === page.label ||
        entry === page.route ||
        entry === ROUTES[page.route].path ||
        (tab !== undefined && page.tab === tab) ||
        ((entry === '404' || entry === '(404)') && page.route === 'notFound'),
    );
    if (matches.length === 0) {
      const known = [...new Set(pages.map((page) => ROUTES[page.route].path))].join(', ');
      throw new Error(`--routes: no page "${entry}". Routes: ${known} (or 404, /admin?tab=<tab>)`);
    }
    for (const page of matches) chosen.add(page);
  }
  return pages.filter((page) => chosen.has(page));
}

/** The tab of an `/admin?tab=<key>` entry, when it names one. */
function tabOfEntry(entry: string): AdminTabKey | undefined {
  const match = /^\/admin\?tab=([\w-]+)$/.exec(entry);
  return ADMIN_TABS.find((tab) => tab.key === match?.[1])?.key;
}
