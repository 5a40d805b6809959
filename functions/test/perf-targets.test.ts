import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteName } from '@portal/domain';
import { DEMO_ACCOUNTS } from '../../scripts/demo-accounts';
import { parsePerfArgs } from '../../scripts/lib/perf/args';
import {
  markdownTable,
  misses,
  PERF_TABLE_HEADER,
  perfRow,
  type LighthouseNumbers,
} from '../../scripts/lib/perf/report';
import {
  ADMIN_TABS,
  DEFAULT_ADMIN_TAB,
  MISSING_QUOTE_ID,
  PERF_TARGETS,
  perfPages,
  selectPages,
} from '../../scripts/lib/perf/targets';
import { demoValues, type PerfValues } from '../../scripts/lib/perf/values';
import { defaultTab, TAB_LOADERS_FILE, tabModules } from '../../web/build/admin-tab-chunks';

const repo = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

const VALUES: PerfValues = {
  buyerEmail: 'retailer@demo.test',
  buyerName: 'Rico Alvarez',
  storeUid: 'demo-retailer',
  storeName: 'Cloud Nine Smoke Shop',
  managerEmail: 'manager@demo.test',
  productId: 'purple-dream',
  productName: 'Purple Dream Syrup',
  orderId: 'DmR7q2Lk9xPa',
  invoiceNumber: 'INV-000002',
  oobCode: 'code/with+chars',
  newsletterToken: 'a'.repeat(43),
  sessionId: 'cs_test_123',
};

const GOOD: LighthouseNumbers = {
  performance: 100,
  accessibility: 100,
  lcpMs: 1200,
  cls: 0,
  finalPath: '/',
};

describe('the pages npm run perf measures', () => {
  const pages = perfPages();

  it('are every route of the route table, the admin dashboard once per tab', () => {
    const routes = Object.keys(ROUTES) as RouteName[];
    for (const route of routes) {
      const count = pages.filter((page) => page.route === route).length;
      expect(count, route).toBe(route === 'admin' ? ADMIN_TABS.length : 1);
    }
    expect(pages).toHaveLength(routes.length - 1 + ADMIN_TABS.length);
    expect(new Set(pages.map((page) => page.label)).size).toBe(pages.length);
    expect(pages.filter((page) => page.route === 'admin').map((page) => page.url(VALUES))).toEqual([
      '/admin?tab=overview',
      '/admin',
      '/admin?tab=claims',
      '/admin?tab=receivables',
      '/admin?tab=tax',
      '/admin?tab=certificates',
      '/admin?tab=standing-orders',
      '/admin?tab=companies',
      '/admin?tab=catalog',
      '/admin?tab=price-lists',
      '/admin?tab=tutorials',
      '/admin?tab=site',
    ]);
  });

  it('hold public pages to the public targets and the rest to the signed-in ones', () => {
    const publicLabels = pages
      .filter((page) => page.targets === 'public')
      .map((page) => page.label)
      .sort();
    expect(publicLabels).toEqual(
      [
        '/',
        '/apply',
        '/login',
        '/admin/login',
        '/forgot-password',
        '/auth/action',
        // An invitation's link: opened signed out to create the account.
        '/join',
        '/newsletter/:action',
        // A standing order reminder's one-tap skip link: opened signed out.
        '/skip',
        '/legal/:page',
        '/payment-success',
        '(404)',
      ].sort(),
    );
    expect(PERF_TARGETS).toEqual({
      public: { performance: 95, accessibility: 100, lcpMs: 2500, cls: 0.05 },
      signedIn: { performance: 90, accessibility: 98, lcpMs: 2500, cls: 0.05 },
    });
  });

  it('sign in as the persona each route needs, visitors first', () => {
    const personaOf = (route: RouteName) => pages.find((page) => page.route === route)?.persona;
    for (const [name, route] of Object.entries(ROUTES) as [
      RouteName,
      (typeof ROUTES)[RouteName],
    ][]) {
      const expected =
        route.access === 'manager'
          ? 'manager'
          : route.access === 'approved-buyer' || name === 'paymentSuccess'
            ? 'buyer'
            : 'visitor';
      expect(personaOf(name), name).toBe(expected);
    }
    const order = pages.map((page) => page.persona);
    expect(order.lastIndexOf('visitor')).toBeLessThan(order.indexOf('buyer'));
    expect(order.lastIndexOf('buyer')).toBeLessThan(order.indexOf('manager'));
  });

  it('fill every param with this run’s values, encoded', () => {
    const url = (route: RouteName) => pages.find((page) => page.route === route)!.url(VALUES);
    for (const page of pages) expect(page.url(VALUES), page.label).not.toMatch(/:[a-z]/i);
    expect(url('product')).toBe('/portal/products/purple-dream');
    expect(url('invoice')).toBe('/portal/orders/DmR7q2Lk9xPa/invoice');
    expect(url('adminInvoice')).toBe('/admin/orders/DmR7q2Lk9xPa/invoice');
    expect(url('packingSlip')).toBe('/admin/orders/DmR7q2Lk9xPa/packing-slip');
    // The quote pages: a sent quote of the buyer's company, or one that is not there.
    expect(url('quote')).toBe(`/portal/quotes/${MISSING_QUOTE_ID}`);
    expect(pages.find((page) => page.route === 'adminQuote')!.expect(VALUES)).toEqual([
      'Quote not found.',
    ]);
    const withQuote = { ...VALUES, quote: { id: 'q 1', number: 'Q-000001' } };
    expect(pages.find((page) => page.route === 'quote')!.url(withQuote)).toBe(
      '/portal/quotes/q%201',
    );
    expect(pages.find((page) => page.route === 'adminQuote')!.url(withQuote)).toBe(
      '/admin/quotes/q%201',
    );
    expect(pages.find((page) => page.route === 'quote')!.expect(withQuote)).toEqual([
      'Quote Q-000001',
    ]);
    expect(url('adminCompany')).toBe('/admin/companies/demo-retailer');
    expect(url('authAction')).toBe('/auth/action?mode=resetPassword&oobCode=code%2Fwith%2Bchars');
    expect(url('newsletter')).toBe(`/newsletter/confirm?token=${'a'.repeat(43)}`);
    expect(url('paymentSuccess')).toBe('/payment-success?session_id=cs_test_123');
    expect(
      pages
        .find((page) => page.route === 'paymentSuccess')!
        .url({ ...VALUES, sessionId: undefined }),
    ).toBe('/payment-success');
    const notFound = pages.find((page) => page.route === 'notFound')!;
    expect(Object.values(ROUTES).some((r) => r.path === notFound.url(VALUES))).toBe(false);
    // /portal sends the buyer on to the store; the tabs stay on /admin.
    expect(pages.find((page) => page.route === 'portal')!.finalPath(VALUES)).toBe('/portal/store');
    expect(pages.find((page) => page.tab === 'companies')!.finalPath(VALUES)).toBe('/admin');
    expect(pages.find((page) => page.route === 'product')!.expect(VALUES)).toContain(
      'Purple Dream Syrup',
    );
  });
});

describe('the admin tabs', () => {
  it('are the dashboard’s tabs, in its order', () => {
    const source = readFileSync(
      repo('web/src/features/admin/dashboard/admin-dashboard.tsx'),
      'utf8',
    );
    const keys = [...source.matchAll(/\{\s*key: '([a-z-]+)'/g)].map((match) => match[1]);
    expect(keys).toEqual(ADMIN_TABS.map((tab) => tab.key));
  });

  it('are the tabs of the dashboard’s loaders, with its default', () => {
    const source = readFileSync(repo(`web/${TAB_LOADERS_FILE}`), 'utf8');
    const found = tabModules(source, 'src/features/admin/dashboard');
    expect(Object.keys(found).sort()).toEqual(ADMIN_TABS.map((tab) => tab.key).sort());
    expect(defaultTab(source)).toBe(DEFAULT_ADMIN_TAB);
  });
});

describe('the demo values', () => {
  it('are an approved buyer’s paid, invoiced order of a product on sale, from the seed', () => {
    const seed = JSON.parse(readFileSync(repo('emulator-data/firestore.json'), 'utf8')) as {
      documents: Record<string, Record<string, unknown>>;
    };
    const values = demoValues(seed.documents, DEMO_ACCOUNTS);
    const order = seed.documents[`orders/${values.orderId}`]!;
    const buyer = DEMO_ACCOUNTS.find((account) => account.email === values.buyerEmail)!;
    expect(buyer).toMatchObject({ uid: values.storeUid, status: 'approved' });
    expect(buyer.role).not.toBe('manager');
    expect(order.user_id).toBe(buyer.uid);
    expect(order.invoice_number).toBe(values.invoiceNumber);
    expect(['paid', 'processing', 'shipped', 'delivered']).toContain(order.status);
    expect(seed.documents[`products/${values.productId}`]).toMatchObject({
      is_active: true,
      name: values.productName,
    });
    expect(values.managerEmail).toBe('manager@demo.test');
  });

  it("name a quote sent to the buyer's company when the data has one", () => {
    const seed = JSON.parse(readFileSync(repo('emulator-data/firestore.json'), 'utf8')) as {
      documents: Record<string, Record<string, unknown>>;
    };
    const { storeUid } = demoValues(seed.documents, DEMO_ACCOUNTS);
    const quote = (state: string, company_id = storeUid) => ({
      state,
      company_id,
      number: state === 'draft' ? null : 'Q-000007',
    });
    const documents = {
      ...seed.documents,
      'quotes/a-draft': quote('draft'),
      'quotes/b-other': quote('sent', 'another-company'),
      'quotes/c-sent': quote('sent'),
    };
    expect(demoValues(documents, DEMO_ACCOUNTS).quote).toEqual({
      id: 'c-sent',
      number: 'Q-000007',
    });
  });

  it('are refused when the seed has no such order', () => {
    expect(() => demoValues({}, DEMO_ACCOUNTS)).toThrow(/No approved demo buyer/);
    expect(() => demoValues({}, [])).toThrow(/No approved demo manager/);
  });
});

describe('the command line', () => {
  it('reads the options, none by default', () => {
    expect(parsePerfArgs([])).toEqual({ firstVisit: false, help: false });
    expect(
      parsePerfArgs(['--routes', '/,404', '--reports', 'perf-reports', '--first-visit']),
    ).toEqual({
      routes: '/,404',
      reportsDir: path.resolve('perf-reports'),
      firstVisit: true,
      help: false,
    });
    expect(parsePerfArgs(['-h']).help).toBe(true);
  });

  it('refuses an unknown option or a missing value', () => {
    expect(() => parsePerfArgs(['--nope'])).toThrow(/Unknown option '--nope'/);
    expect(() => parsePerfArgs(['--routes'])).toThrow(/argument missing/);
  });
});

describe('--routes', () => {
  const pages = perfPages();
  const labels = (list: string) => selectPages(pages, list).map((page) => page.label);

  it('takes route paths, admin tab URLs, route names and 404, in the table’s order', () => {
    expect(labels('/admin')).toHaveLength(ADMIN_TABS.length);
    expect(labels('/admin?tab=companies, /')).toEqual(['/', '/admin?tab=companies (Companies)']);
    expect(labels('/admin?tab=orders')).toEqual(['/admin (Orders)']);
    // Visitors' pages first (the 404), then the buyer's.
    expect(labels('404,product,/portal/orders/:orderId/invoice')).toEqual([
      '(404)',
      '/portal/products/:productId',
      '/portal/orders/:orderId/invoice',
    ]);
  });

  it('refuses a page it does not know, or none', () => {
    expect(() => labels('/nope')).toThrow(/no page "\/nope"/);
    expect(() => labels('/admin?tab=nope')).toThrow(/no page/);
    expect(() => labels(' , ')).toThrow(/at least one/);
  });
});

describe('the verdict', () => {
  const publicPage = { targets: 'public' } as const;
  const signedIn = { targets: 'signedIn' } as const;

  it('is ok when every target is met, to the limit', () => {
    expect(misses(publicPage, '/', { numbers: GOOD })).toEqual([]);
    expect(
      misses(signedIn, '/admin', {
        numbers: {
          performance: 90,
          accessibility: 98,
          lcpMs: 2500,
          cls: 0.05,
          finalPath: '/admin',
        },
      }),
    ).toEqual([]);
  });

  it('lists every miss', () => {
    expect(
      misses(publicPage, '/', {
        numbers: { performance: 94, accessibility: 99, lcpMs: 2600, cls: 0.06, finalPath: '/' },
      }),
    ).toEqual([
      'performance 94 < 95',
      'accessibility 99 < 100',
      'LCP 2.6 s > 2.5 s',
      'CLS 0.060 > 0.05',
    ]);
    expect(
      misses(signedIn, '/portal/cart', {
        numbers: { ...GOOD, performance: 89, accessibility: 97, finalPath: '/login' },
        problems: ['the page did not show its content'],
      }),
    ).toEqual([
      'the page did not show its content',
      'ended on /login',
      'performance 89 < 90',
      'accessibility 97 < 98',
    ]);
    expect(
      misses(publicPage, '/', {
        numbers: { performance: null, accessibility: null, lcpMs: null, cls: null, finalPath: '/' },
      }),
    ).toEqual(['no performance score', 'no accessibility score', 'no LCP', 'no CLS']);
    expect(misses(publicPage, '/', { error: 'PAGE_HUNG' })).toEqual(['not measured: PAGE_HUNG']);
  });

  it('makes one row of the table', () => {
    const row = perfRow('/admin (Orders)', '400.0 KB', { numbers: { ...GOOD, cls: 0.0123 } }, []);
    expect(row).toEqual(['/admin (Orders)', '400.0 KB', '100', '100', '1.2 s', '0.012', 'ok']);
    expect(row).toHaveLength(PERF_TABLE_HEADER.length);
    expect(perfRow('/', 'n/a', { error: 'x' }, ['not measured: x'])).toEqual([
      '/',
      'n/a',
      'n/a',
      'n/a',
      'n/a',
      'n/a',
      'not measured: x',
    ]);
    expect(markdownTable(['A', 'Bee'], [['long cell', 'x']])).toBe(
      '| A         | Bee |\n| --------- | --- |\n| long cell | x   |',
    );
  });
});
