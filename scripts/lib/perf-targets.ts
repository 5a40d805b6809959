/**
 * The pure half of `npm run perf` (scripts/perf.ts): the targets, the pages it measures (every
 * route of the route table, each admin dashboard tab, routes with params filled in from the demo
 * data), the `--routes` selection, the verdict of a measured page and the rows of its table.
 * Nothing here starts a process or touches the network, so it is unit tested
 * (functions/test/perf-targets.test.ts).
 */
import { BRAND, isPaidStatus, ROUTES, type OrderStatus, type RouteName } from '@portal/domain';
import { pathLabel } from '../route-sizes';

/** Lighthouse targets (mobile preset, simulated throttling): one place for the script and docs. */
export const PERF_TARGETS = {
  /** Pages anyone can open (the landing page, sign-in and apply, links from emails, the 404). */
  public: { performance: 95, accessibility: 100, lcpMs: 2500, cls: 0.05 },
  /** Pages behind sign-in: the portal, the admin dashboard and its tabs, invoices, packing slip. */
  signedIn: { performance: 90, accessibility: 98, lcpMs: 2500, cls: 0.05 },
} as const;
export type TargetClass = keyof typeof PERF_TARGETS;

/** Who is signed in when the page is measured (each in a Chromium profile of its own). */
export type Persona = 'visitor' | 'buyer' | 'manager';

/**
 * The admin dashboard's tabs (web/src/features/admin/dashboard/admin-dashboard.tsx), in its
 * order. The tab is in ?tab=; Orders, the default, has none. The unit test checks this list
 * against the dashboard's source.
 */
export const ADMIN_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'orders', label: 'Orders' },
  { key: 'standing-orders', label: 'Standing orders' },
  { key: 'users', label: 'Users' },
  { key: 'catalog', label: 'Catalog' },
  { key: 'tutorials', label: 'Tutorials' },
  { key: 'site', label: 'Site' },
] as const;
export type AdminTabKey = (typeof ADMIN_TABS)[number]['key'];
export const DEFAULT_ADMIN_TAB: AdminTabKey = 'orders';

/** What the pages are measured with: demo data, plus what the run makes (link codes, a payment). */
export interface PerfValues {
  buyerEmail: string;
  buyerName: string;
  /** The buyer's uid, for the manager's store page. */
  storeUid: string;
  storeName: string;
  managerEmail: string;
  productId: string;
  productName: string;
  /** A paid order of the buyer's, with an invoice. */
  orderId: string;
  invoiceNumber: string;
  /** A password reset code from the Auth emulator (/auth/action?mode=resetPassword). */
  oobCode: string;
  /** A pending newsletter subscription's token (/newsletter/confirm). */
  newsletterToken: string;
  /** The Checkout Session the buyer paid in this run; none: /payment-success without one. */
  sessionId?: string;
}

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

/** The public routes; every other route is measured against the signed-in targets. */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'home',
  'apply',
  'login',
  'adminLogin',
  'forgotPassword',
  'authAction',
  'newsletter',
  'policy',
  'paymentSuccess',
  'notFound',
];

/** A path no route has: the 404 page. */
export const NOT_FOUND_PATH = '/perf-check/no-such-page';

const enc = encodeURIComponent;

/** How each route is opened and recognised (the 404 under NOT_FOUND_PATH). */
const PAGE_SPECS: Record<
  RouteName,
  {
    persona: Persona;
    url: (v: PerfValues) => string;
    final?: (v: PerfValues) => string;
    expect: (v: PerfValues) => string[];
  }
> = {
  home: { persona: 'visitor', url: () => '/', expect: () => [BRAND.tagline] },
  apply: { persona: 'visitor', url: () => '/apply', expect: () => ['Request Access'] },
  login: { persona: 'visitor', url: () => '/login', expect: () => ['Portal Access'] },
  adminLogin: { persona: 'visitor', url: () => '/admin/login', expect: () => ['Admin Login'] },
  forgotPassword: {
    persona: 'visitor',
    url: () => '/forgot-password',
    expect: () => ['Reset Password'],
  },
  authAction: {
    persona: 'visitor',
    url: (v) => `/auth/action?mode=resetPassword&oobCode=${enc(v.oobCode)}`,
    expect: () => ['Choose a new password'],
  },
  newsletter: {
    persona: 'visitor',
    url: (v) => `/newsletter/confirm?token=${enc(v.newsletterToken)}`,
    expect: () => ["You're subscribed"],
  },
  notFound: { persona: 'visitor', url: () => NOT_FOUND_PATH, expect: () => ['Page not found'] },
  // A policy page: its title is drawn at once, the text after one GET (siteContent).
  policy: { persona: 'visitor', url: () => '/legal/terms', expect: () => ['Terms of Service'] },
  // /payment-success verifies the session with the signed-in buyer's token.
  paymentSuccess: {
    persona: 'buyer',
    url: (v) => (v.sessionId ? `/payment-success?session_id=${enc(v.sessionId)}` : '/payment-success'),
    expect: () => ['Payment Successful!'],
  },
  // /portal sends the buyer on to the store.
  portal: {
    persona: 'buyer',
    url: () => '/portal',
    final: () => ROUTES.store.path,
    expect: (v) => ['VIP Product Catalog', v.productName],
  },
  store: {
    persona: 'buyer',
    url: () => '/portal/store',
    expect: (v) => ['VIP Product Catalog', v.productName],
  },
  product: {
    persona: 'buyer',
    url: (v) => `/portal/products/${enc(v.productId)}`,
    expect: (v) => [v.productName, 'Add to Cart'],
  },
  quickOrder: { persona: 'buyer', url: () => '/portal/quick-order', expect: () => ['Quick Order'] },
  cart: {
    persona: 'buyer',
    url: () => '/portal/cart',
    expect: (v) => ['Your Cart', v.productName],
  },
  account: {
    persona: 'buyer',
    url: () => '/portal/my-account',
    expect: (v) => ['My Account', v.storeName],
  },
  invoice: {
    persona: 'buyer',
    url: (v) => `/portal/orders/${enc(v.orderId)}/invoice`,
    expect: (v) => [`Invoice ${v.invoiceNumber}`],
  },
  admin: { persona: 'manager', url: () => '/admin', expect: () => ['Admin Dashboard'] },
  adminInvoice: {
    persona: 'manager',
    url: (v) => `/admin/orders/${enc(v.orderId)}/invoice`,
    expect: (v) => [`Invoice ${v.invoiceNumber}`],
  },
  packingSlip: {
    persona: 'manager',
    url: (v) => `/admin/orders/${enc(v.orderId)}/packing-slip`,
    expect: (v) => ['Packing slip', v.buyerName],
  },
  adminStore: {
    persona: 'manager',
    url: (v) => `/admin/stores/${enc(v.storeUid)}`,
    expect: (v) => [v.storeName],
  },
};

/** What each admin tab shows once its data is in. */
const TAB_EXPECT: Record<AdminTabKey, (v: PerfValues) => string[]> = {
  overview: () => ['Revenue', 'Orders by status'],
  orders: (v) => ['Recent Orders', v.storeName],
  'standing-orders': () => ['All standing orders'],
  users: (v) => ['User Management', v.buyerName],
  catalog: (v) => [v.productName],
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
    const base = { route, persona: spec.persona, targets };
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
    .sort((a, b) => order.indexOf(a.page.persona) - order.indexOf(b.page.persona) || a.index - b.index)
    .map(({ page }) => page);
}

/**
 * The pages `--routes a,b,…` names: each entry is a route path as in the route table
 * (`/admin` is every tab, `/portal/products/:productId`), a row's label or its URL without the
 * tab name (`/admin?tab=users`), a route name (`product`), or `404`. Throws on an unknown entry.
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

// -------------------------------------------------------------------------------------------
// Values from the demo data
// -------------------------------------------------------------------------------------------

interface DemoAccountLike {
  uid: string;
  email: string;
  fullName: string;
  storeName: string;
  role: string;
  status: string;
}

/**
 * The demo buyer, order and product the signed-in pages are measured with, from the demo seed
 * (emulator-data/firestore.json's documents) and the demo accounts: the first approved retailer
 * with a paid order that has an invoice, that order, and its first product still on sale.
 */
export function demoValues(
  documents: Readonly<Record<string, Record<string, unknown>>>,
  accounts: readonly DemoAccountLike[],
): Omit<PerfValues, 'oobCode' | 'newsletterToken' | 'sessionId'> {
  const manager = accounts.find((a) => a.role === 'manager' && a.status === 'approved');
  if (!manager) throw new Error('No approved demo manager');
  const orders = Object.entries(documents)
    .filter(([key]) => key.startsWith('orders/') && key.split('/').length === 2)
    .map(([key, data]) => ({ id: key.slice('orders/'.length), data }))
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const buyer of accounts.filter(
    (a) => a.role !== 'manager' && a.status === 'approved',
  )) {
    for (const { id, data } of orders) {
      if (data.user_id !== buyer.uid || typeof data.invoice_number !== 'string') continue;
      if (!isPaidStatus(data.status as OrderStatus)) continue;
      const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
      const item = items.find((line) => {
        const product = documents[`products/${String(line.product_id)}`];
        return product?.is_active === true && typeof product.name === 'string';
      });
      if (!item) continue;
      const productId = String(item.product_id);
      return {
        buyerEmail: buyer.email,
        buyerName: buyer.fullName,
        storeUid: buyer.uid,
        storeName: buyer.storeName,
        managerEmail: manager.email,
        productId,
        productName: String(documents[`products/${productId}`]?.name),
        orderId: id,
        invoiceNumber: data.invoice_number,
      };
    }
  }
  throw new Error('No approved demo buyer with a paid, invoiced order of an active product');
}

// -------------------------------------------------------------------------------------------
// Verdicts and rows
// -------------------------------------------------------------------------------------------

export interface LighthouseNumbers {
  /** 0-100, null when Lighthouse could not score the category. */
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  cls: number | null;
  /** The path of the page Lighthouse ended on. */
  finalPath: string;
}

export interface PageOutcome {
  numbers?: LighthouseNumbers;
  /** Why Lighthouse gave no numbers. */
  error?: string;
  /** What went wrong before Lighthouse ran (the page did not show its content, ...). */
  problems?: readonly string[];
}

export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const formatCls = (cls: number) => cls.toFixed(3);

/** What misses the page's targets, [] when it meets all of them. */
export function misses(page: Pick<PerfPage, 'targets'>, expectedPath: string, outcome: PageOutcome): string[] {
  const target = PERF_TARGETS[page.targets];
  const out = [...(outcome.problems ?? [])];
  const n = outcome.numbers;
  if (!n) return [...out, `not measured${outcome.error ? `: ${outcome.error}` : ''}`];
  if (n.finalPath !== expectedPath) out.push(`ended on ${n.finalPath}`);
  if (n.performance === null) out.push('no performance score');
  else if (n.performance < target.performance)
    out.push(`performance ${n.performance} < ${target.performance}`);
  if (n.accessibility === null) out.push('no accessibility score');
  else if (n.accessibility < target.accessibility)
    out.push(`accessibility ${n.accessibility} < ${target.accessibility}`);
  if (n.lcpMs === null) out.push('no LCP');
  else if (n.lcpMs > target.lcpMs)
    out.push(`LCP ${formatSeconds(n.lcpMs)} > ${formatSeconds(target.lcpMs)}`);
  if (n.cls === null) out.push('no CLS');
  else if (n.cls > target.cls) out.push(`CLS ${formatCls(n.cls)} > ${target.cls}`);
  return out;
}

export function verdict(list: readonly string[]): string {
  return list.length === 0 ? 'ok' : list.join('; ');
}

export const PERF_TABLE_HEADER = [
  'Route (tab)',
  'JS gz first load',
  'Performance',
  'Accessibility',
  'LCP',
  'CLS',
  'Verdict',
];

/** One row of the table. `js` is the first-load JavaScript column, already formatted. */
export function perfRow(label: string, js: string, outcome: PageOutcome, missed: readonly string[]): string[] {
  const n = outcome.numbers;
  const show = (value: number | null | undefined, format: (v: number) => string) =>
    value === null || value === undefined ? 'n/a' : format(value);
  return [
    label,
    js,
    show(n?.performance, String),
    show(n?.accessibility, String),
    show(n?.lcpMs, formatSeconds),
    show(n?.cls, formatCls),
    verdict(missed),
  ];
}

/** A Markdown table, columns padded to their widest cell. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join(
    '\n',
  );
}

/** The targets as one line per class, for the report. */
export function targetLines(): string[] {
  const { public: pub, signedIn } = PERF_TARGETS;
  const line = (t: (typeof PERF_TARGETS)[TargetClass]) =>
    `performance >= ${t.performance}, accessibility >= ${t.accessibility}, LCP <= ${formatSeconds(t.lcpMs)}, CLS <= ${t.cls}`;
  return [
    `Public pages (${PUBLIC_ROUTES.map(routeLabel).join(', ')}): ${line(pub)}.`,
    `Signed-in pages (the rest, each admin tab included): ${line(signedIn)}.`,
  ];
}
