/**
 * Manager insight from start to end: two stores with orders from the last weeks (written as an
 * import of history would, then the rollups rebuilt with `npm run rollups:rebuild`), and one
 * order paid today through the Stripe sandbox (its figures added in the payment's transaction).
 * A manager opens the Overview: its totals for the last 30 days, then for "Last 7 days" (the
 * discount through price lists among them: one past order was list-priced), match what this test
 * adds up from every order in Firestore; the status chart says the same counts.
 * They find a store by part of its name, export exactly the filtered orders as CSV, open its
 * company's page; and garbage in the URL gets a clear message and the default range.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { checkA11yBothWidths } from './support/a11y';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import {
  listCollection,
  waitForTriggers,
  writeDocuments,
  type Plain,
} from './support/firestore-admin';
import { ARTIFACTS_DIR, E2E_ROOT, journey, UI_TIMEOUT, type Person } from './support/journey';
import { snap } from './support/screens';
import { fillShipTo, onStripePage } from './support/stripe-page';
import {
  at,
  openInApp,
  productCard,
  see,
  seeDialog,
  seeText,
  signInBuyer,
  signInManager,
  usd,
} from './support/ui';

const j = journey('manager-insight', { motion: true });
const PACK = { name: 'Syrup Variety Pack', unit: 15999 };
const DAY_MS = 24 * 3600 * 1000;
let storeA: TestBuyer;
let storeB: TestBuyer;
let manager: Person;

/** The day (YYYY-MM-DD) an instant falls on in Los Angeles, where the business keeps its books. */
function pacificDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(at);
}

function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - days)).toISOString().slice(0, 10);
}

/** A paid order as the functions store one (only what the books and the tables read). */
function pastOrder(
  buyer: TestBuyer,
  id: string,
  paidAt: Date,
  status: string,
  amount: number,
  refunded = 0,
  /** The tier's unit price when a price list set the line's lower one. */
  tierUnit?: number,
) {
  const lines = [
    {
      product_id: 'purple-dream',
      name: 'Purple Dream Syrup',
      description: '',
      image_url: '/products/purple-dream.svg',
      unit_amount: amount / 4,
      quantity: 4,
      line_total: amount,
      ...(tierUnit
        ? { price_list: { id: 'insight-deal', name: 'Insight deal' }, tier_unit_amount: tierUnit }
        : {}),
    },
  ];
  const data: { [key: string]: Plain } = {
    user_id: buyer.uid,
    // The buyer's company (they applied: its id is their uid), as every order carries it.
    company_id: buyer.uid,
    store_name: buyer.storeName,
    seller_permit_id: buyer.sellerPermitId,
    items: lines,
    amount,
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: `cs_test_${id}`,
    stripe_payment_intent_id: null,
    created_at: paidAt,
    updated_at: paidAt,
    paid_at: paidAt,
    status_history: [{ status: 'processing', at: paidAt, by: 'stripe' }],
    cart_fingerprint: id,
    source: 'cart',
    ship_to: null,
    invoice_number: null,
    shipment: null,
    refunds:
      refunded > 0
        ? [
            {
              refund_id: `re_${id}`,
              amount: refunded,
              reason: 'Damaged',
              at: paidAt,
              by: 'manager',
            },
          ]
        : [],
    refunded_amount: refunded,
  };
  return [`orders/${id}`, data] as const;
}

interface Figures {
  revenue: number;
  paidOrders: number;
  average: number;
  statuses: Record<
    | 'awaiting_payment'
    | 'processing'
    | 'partially_shipped'
    | 'shipped'
    | 'delivered'
    | 'cancelled'
    | 'refunded',
    number
  >;
  byStore: Map<string, number>;
  /** Off the tier prices through price lists, on the lines of orders not cancelled. */
  listDiscount: number;
}

/** The figures of the days from..to, added up here from every order in Firestore. */
async function figuresOf(from: string, to: string): Promise<Figures> {
  const orders = await listCollection(j.stack, 'orders');
  const figures: Figures = {
    revenue: 0,
    paidOrders: 0,
    average: 0,
    statuses: {
      awaiting_payment: 0,
      processing: 0,
      partially_shipped: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
      refunded: 0,
    },
    byStore: new Map(),
    listDiscount: 0,
  };
  for (const order of orders.values()) {
    // A claim's replacement order is the claim's settlement, not a sale (the claims journey
    // makes one on this stack when it runs first).
    if (order.replacement_for) continue;
    // An order on payment terms counts on the day it was booked, unless its invoice was voided
    // (docs/payment-terms.md); every other order on the day it was paid.
    const terms =
      order.payment_method === 'terms' ? (order.terms as { state?: unknown } | null) : null;
    if (terms?.state === 'void') continue;
    const countedAt = terms ? order.created_at : order.paid_at;
    if (!(countedAt instanceof Date) || order.status === 'pending') continue;
    const day = pacificDay(countedAt);
    if (day < from || day > to) continue;
    const net = Number(order.amount) - Number(order.refunded_amount ?? 0);
    figures.revenue += net;
    figures.paidOrders += 1;
    figures.statuses[order.status as keyof Figures['statuses']] += 1;
    const uid = String(order.user_id);
    figures.byStore.set(uid, (figures.byStore.get(uid) ?? 0) + net);
    if (order.status === 'cancelled') continue;
    for (const line of order.items as Array<Record<string, unknown>>) {
      if (line.price_list && typeof line.tier_unit_amount === 'number') {
        figures.listDiscount +=
          (line.tier_unit_amount - Number(line.unit_amount)) * Number(line.quantity);
      }
    }
  }
  figures.average = figures.paidOrders === 0 ? 0 : Math.round(figures.revenue / figures.paidOrders);
  return figures;
}

function totalCard(person: Person, title: string) {
  return person.page.locator('.overview-totals .admin-stat').filter({
    // The whole title: "Net revenue" is not "Net revenue after credits".
    has: person.page.locator('.admin-stat__title', { hasText: new RegExp(`^${title}$`) }),
  });
}

async function seeTotals(person: Person, expected: Figures): Promise<void> {
  await seeText(
    totalCard(person, 'Net revenue').locator('.admin-stat__value'),
    usd(expected.revenue),
  );
  await seeText(
    totalCard(person, 'Paid orders').locator('.admin-stat__value'),
    String(expected.paidOrders),
  );
  await seeText(
    totalCard(person, 'Average order value').locator('.admin-stat__value'),
    usd(expected.average),
  );
  await seeText(
    totalCard(person, 'Discount through price lists').locator('.admin-stat__value'),
    usd(expected.listDiscount),
  );
}

function statusSummary(expected: Figures): string {
  const s = expected.statuses;
  return `Paid orders by status: Awaiting payment ${s.awaiting_payment}, Processing ${s.processing}, Partially shipped ${s.partially_shipped}, Shipped ${s.shipped}, Delivered ${s.delivered}, Cancelled ${s.cancelled}, Refunded ${s.refunded}.`;
}

j.step(
  'two stores have orders from the last weeks, and one more is paid today',
  async () => {
    storeA = await createApprovedBuyer(j.stack, 'retailer', 'insight');
    storeB = await createApprovedBuyer(j.stack, 'wholesaler', 'insight');
    const now = Date.now();
    const history = new Map([
      pastOrder(
        storeA,
        `insA1${storeA.uid.slice(0, 6)}`,
        new Date(now - 2 * DAY_MS),
        'delivered',
        20000,
        0,
        // A price list's $50.00 a unit instead of the tier's $55.00: $20.00 off.
        5500,
      ),
      pastOrder(
        storeA,
        `insA2${storeA.uid.slice(0, 6)}`,
        new Date(now - 12 * DAY_MS),
        'processing',
        15000,
      ),
      pastOrder(
        storeB,
        `insB1${storeB.uid.slice(0, 6)}`,
        new Date(now - 20 * DAY_MS),
        'shipped',
        30000,
        5000,
      ),
    ]);
    await writeDocuments(j.stack, history);
    await waitForTriggers(j.stack);
    // History written behind the functions' back is counted by the rebuild, as after an import.
    const firestore = new URL(j.stack.urls.firestore);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(E2E_ROOT, '..', 'scripts/rebuild-sales-rollups.ts'),
        '--apply',
        '--project',
        j.stack.projectId,
      ],
      {
        cwd: path.join(E2E_ROOT, '..'),
        env: {
          ...process.env,
          FIRESTORE_EMULATOR_HOST: firestore.host,
          GOOGLE_APPLICATION_CREDENTIALS: '',
        },
      },
    );
    expect(stdout).toMatch(/rollup documents/);

    // Today's order goes through checkout and the webhook: its figures come with the payment.
    const buyer = await j.person('buyer');
    const { page } = buyer;
    await signInBuyer(page, storeA.email);
    await openInApp(page, '/portal/store?q=variety');
    const card = productCard(page, PACK.name);
    await card.getByRole('button', { name: /^Add to Cart/ }).click();
    await see(card.getByRole('button', { name: /^Add to Cart 1 in cart$/ }));
    await openInApp(page, '/portal/cart');
    await see(page.getByRole('article', { name: PACK.name }));
    await page.getByRole('button', { name: /proceed to checkout/i }).click();
    await onStripePage(page, j.stack);
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', 30_000);
    await see(page.getByText('Payment Successful!').first(), 30_000);
    await buyer.context.close();
  },
  150_000,
);

j.step('the Overview for the last 30 days matches the orders', async () => {
  manager = await j.person('manager');
  const { page } = manager;
  await signInManager(page);
  await openInApp(page, '/admin?tab=overview');
  const today = pacificDay(new Date());
  const expected = await figuresOf(daysBefore(today, 29), today);
  expect(expected.byStore.get(storeA.uid)).toBe(20000 + 15000 + PACK.unit);
  expect(expected.byStore.get(storeB.uid)).toBe(25000);
  expect(expected.listDiscount).toBeGreaterThanOrEqual(2000);
  await seeTotals(manager, expected);
  // A chart draws once near the viewport (chart-card.tsx): scroll to it, as a manager would.
  await page.getByRole('region', { name: 'Orders by status' }).scrollIntoViewIfNeeded();
  await see(page.getByRole('img', { name: statusSummary(expected) }));
});

j.step(
  'picking "Last 7 days" changes the totals and the charts, and they match again',
  async () => {
    const { page } = manager;
    const today = pacificDay(new Date());
    const month = await figuresOf(daysBefore(today, 29), today);
    const week = await figuresOf(daysBefore(today, 6), today);
    expect(week.revenue).toBeLessThan(month.revenue);
    await page.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Last 7 days' });
    await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('last-7-days');
    await seeTotals(manager, week);
    // A chart draws once near the viewport (chart-card.tsx): scroll to it, as a manager would.
    await page.getByRole('region', { name: 'Orders by status' }).scrollIntoViewIfNeeded();
    await see(page.getByRole('img', { name: statusSummary(week) }));
    // Store A's week: today's order and the one from two days ago; store B's order is older.
    const top = page.getByRole('region', { name: /Top 10 stores/ });
    const rowA = top.getByRole('row').filter({ hasText: storeA.storeName });
    await seeText(rowA, usd(20000 + PACK.unit));
    expect(await top.getByRole('row').filter({ hasText: storeB.storeName }).count()).toBe(0);
    const status = page.getByRole('region', { name: 'Orders by status' });
    await status.getByRole('button', { name: 'Show table' }).click();
    const table = status.getByRole('table', { name: /Paid orders by status/ });
    await seeText(
      table.getByRole('row').filter({ hasText: 'Delivered' }),
      String(week.statuses.delivered),
    );
    await snap(page, 'admin-overview');
  },
);

j.step('a store is found by part of its name and exactly its orders are exported', async () => {
  const { page } = manager;
  // Search keys are written by a trigger on each order: today's order's, too.
  await waitForTriggers(j.stack);
  await openInApp(page, '/admin?tab=orders');
  const tag = storeA.storeName.split(' ').at(-1)!;
  const part = `shop ${tag.slice(0, 4)}`;
  await page
    .getByRole('searchbox', { name: 'Search store, email, order or invoice number' })
    .fill(part);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(part);
  const orders = page.getByRole('region', { name: 'Recent Orders' });
  // The unfiltered page may still show while the search loads: wait for exactly store A's rows.
  const rowsOf = (buyer: TestBuyer) =>
    orders.getByRole('row').filter({ hasText: buyer.storeName }).count();
  await expect
    .poll(async () => [await rowsOf(storeA), await rowsOf(storeB)], { timeout: 20_000 })
    .toEqual([3, 0]);
  await see(orders.getByText('1–3 of 3'));
  await snap(page, 'admin-orders-search');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = path.join(ARTIFACTS_DIR, 'manager-insight-orders.csv');
  await (await download).saveAs(file);
  const csv = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toMatch(/^"Order ID","Date","Store",/);
  expect(csv).toHaveLength(4);
  for (const row of csv.slice(1)) expect(row).toContain(storeA.storeName);
});

j.step('the company page shows the company, its orders and lifetime revenue', async () => {
  const { page } = manager;
  await openInApp(page, '/admin?tab=companies');
  await page
    .getByRole('searchbox', { name: 'Search by company, member email or city' })
    .fill(storeA.email);
  // As a manager would: the search has answered (one company) before the company is opened.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(storeA.email);
  const companies = page.getByRole('region', { name: 'Company Management' });
  await see(companies.getByText('1–1 of 1'));
  await companies.getByRole('link', { name: storeA.storeName }).click();
  // The buyer applied: their company's id is their uid.
  await at(page, `/admin/companies/${storeA.uid}`);
  await see(page.getByRole('heading', { level: 1, name: storeA.storeName }));
  const sales = page.getByRole('region', { name: 'Sales' });
  await seeText(sales, usd(20000 + 15000 + PACK.unit));
  await seeText(sales, /Orders\s*3/);
  await see(page.getByText('Applied').first());
  await snap(page, 'admin-store');
});

j.step('garbage in the URL gets a clear message and the default range', async () => {
  const { page } = manager;
  await openInApp(page, '/admin?tab=overview&range=custom&from=2026-03-10&to=2026-03-01');
  await see(page.getByRole('alert').filter({ hasText: 'The end date is before the start date.' }));
  await see(page.getByText(/Showing the last 30 days instead/).first());
  await openInApp(page, '/admin?tab=overview&range=custom&from=2015-01-01&to=2026-01-01');
  await see(page.getByRole('alert').filter({ hasText: 'A range can be at most 5 years.' }));
  await openInApp(page, '/admin?tab=overview&range=forever&interval=hourly');
  await see(page.getByRole('alert').filter({ hasText: 'Unknown date range.' }));
  const today = pacificDay(new Date());
  await seeTotals(manager, await figuresOf(daysBefore(today, 29), today));
  await checkA11yBothWidths(page, 'admin-overview-bad-range');
  await openInApp(page, '/admin?tab=orders&status=bogus&page=abc&size=7');
  await see(page.getByRole('region', { name: 'Recent Orders' }));
  await see(page.getByRole('alert').first());
});

j.step('the Catalog tab, the product form and the import preview pass axe', async () => {
  const { page } = manager;
  await openInApp(page, '/admin?tab=catalog');
  const catalog = page.getByRole('region', { name: 'Catalog' });
  await see(catalog.getByRole('button', { name: /^Edit / }));
  await checkA11yBothWidths(page, 'admin-catalog');

  // The product form, submitted empty: each field says what it needs.
  await catalog.getByRole('button', { name: 'Add Product' }).click();
  const productForm = page.getByRole('dialog', { name: 'Add Product' });
  // Submitted again until the errors show: in one full run under load, the first click on the
  // dialog's footer, made while the dialog was still opening, showed nothing.
  const skuRequired = productForm.getByText('SKU is required').first();
  await expect
    .poll(
      async () => {
        if (!(await skuRequired.isVisible())) {
          await productForm.getByRole('button', { name: 'Create Product' }).click();
        }
        return skuRequired.isVisible();
      },
      { timeout: UI_TIMEOUT, interval: 1000 },
    )
    .toBe(true);
  await checkA11yBothWidths(page, 'admin-product-form-errors');
  await productForm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(() => productForm.isVisible()).toBe(false);

  // The import preview of the catalog's own export: every row an update, nothing imported.
  const download = page.waitForEvent('download');
  await catalog.getByRole('button', { name: 'Export CSV' }).click();
  const file = path.join(ARTIFACTS_DIR, 'manager-insight-catalog.csv');
  await (await download).saveAs(file);
  await page.getByLabel('Catalog CSV file').setInputFiles(file);
  const preview = page.getByRole('dialog', { name: /^Import catalog: / });
  await see(preview.getByText(/to update/));
  await checkA11yBothWidths(page, 'admin-catalog-import-preview');
  await preview.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(() => preview.isVisible()).toBe(false);
});

j.step('the Tutorials tab, its form and a Delete confirmation pass axe', async () => {
  const { page } = manager;
  await openInApp(page, '/admin?tab=tutorials');
  const tutorials = page.getByRole('region', { name: 'Support Tutorials' });
  await see(tutorials.getByRole('button', { name: /^Edit / }));
  await checkA11yBothWidths(page, 'admin-tutorials');
  await tutorials.getByRole('button', { name: 'Add Tutorial' }).click();
  const tutorialForm = page.getByRole('dialog', { name: 'Add Tutorial' });
  // Its opening zoom over first: a click on its button while it zoomed in was lost, beside the
  // other suites (docs/testing.md).
  await seeDialog(tutorialForm);
  await tutorialForm.getByRole('button', { name: 'Add Tutorial' }).click();
  await see(tutorialForm.getByText('Title is required'));
  await checkA11yBothWidths(page, 'admin-tutorial-form-errors');
  await tutorialForm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(() => tutorialForm.isVisible()).toBe(false);

  // A Delete confirmation (a table row on desktop, a card on phones), dismissed.
  const confirm = page.locator('.confirm-popover').filter({ visible: true });
  const openDelete = async () => {
    if (await confirm.isVisible()) return;
    await tutorials
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await see(confirm.getByRole('button', { name: 'Delete', exact: true }));
  };
  await checkA11yBothWidths(page, 'admin-tutorial-delete-confirm', openDelete);
  await openDelete();
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(() => confirm.count()).toBe(0);
});
