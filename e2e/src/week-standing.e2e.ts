/**
 * Standing orders speak up, and the Overview says what it shows (from a week of real use).
 * A fresh retailer starts a standing order every 2 weeks: the payment page and the first
 * confirmation state the cadence, the next charge and how to cancel. They skip the next
 * delivery, undo it, change the quantities and cancel, in My Account; each action's mail arrives
 * in MailDev once, with the total and the next date, and the cancellation reaches the manager too.
 * Then a manager opens the Overview for Last month: the all-time totals and the period's figures
 * are labelled apart, the comparison is the whole month before, and long product names that share
 * their start are labelled by what tells them apart, full names in the tooltip and the table.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { mailClient, type CaughtMail } from '../../scripts/lib/maildev';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import {
  listCollection,
  waitForStackStill,
  waitForTriggers,
  writeDocuments,
  type Plain,
} from './support/firestore-admin';
import { E2E_ROOT, journey, type Person } from './support/journey';
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

const j = journey('week-standing');
const mails = mailClient(j.stack.urls.mail);
const PACK = { name: 'Syrup Variety Pack', unit: 15999 };
const MANAGER = 'manager@demo.test';
let account: TestBuyer;
let buyer: Person;

function standingCard(person: Person) {
  return person.page.getByRole('listitem', { name: /standing order every 2 weeks/i }).first();
}

/** The one mail to `address` whose subject matches, once a late duplicate would have come. */
async function exactlyOne(address: string, subject: RegExp): Promise<CaughtMail> {
  const found = await mails.waitFor(address, (m) => subject.test(m.subject));
  await waitForStackStill(j.stack);
  const all = (await mails.to(address)).filter((m) => subject.test(m.subject));
  expect(all.map((m) => m.subject)).toHaveLength(1);
  return found;
}

/** Shows a mail's HTML as the inbox would, for a screenshot. */
async function showMail(person: Person, mail: CaughtMail, name: string) {
  await person.page.setContent(mail.html);
  await snap(person.page, name);
}

function pacificDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(at);
}

function order(buyerOf: TestBuyer, id: string, day: string, lines: [string, string, number][]) {
  const paidAt = new Date(`${day}T20:00:00Z`);
  const items = lines.map(([productId, name, amount]) => ({
    product_id: productId,
    name,
    description: '',
    image_url: '/products/purple-dream.svg',
    unit_amount: amount / 4,
    quantity: 4,
    line_total: amount,
  }));
  const amount = lines.reduce((sum, line) => sum + line[2], 0);
  const data: { [key: string]: Plain } = {
    user_id: buyerOf.uid,
    store_name: buyerOf.storeName,
    seller_permit_id: buyerOf.sellerPermitId,
    items,
    amount,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'delivered',
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
    refunds: [],
    refunded_amount: 0,
  };
  return [`orders/${id}`, data] as const;
}

/** Net revenue of the orders paid on the Pacific days from..to (as the Overview counts it). */
async function revenueOf(from: string, to: string): Promise<number> {
  let total = 0;
  for (const doc of (await listCollection(j.stack, 'orders')).values()) {
    if (!(doc.paid_at instanceof Date) || doc.status === 'pending') continue;
    const day = pacificDay(doc.paid_at);
    if (day >= from && day <= to) total += Number(doc.amount) - Number(doc.refunded_amount ?? 0);
  }
  return total;
}

const NAMES: [string, string][] = [
  ['bc-cherry', 'Blue Coast Syrup - Wild Cherry Lime'],
  ['bc-rasp', 'Blue Coast Syrup - Blue Raspberry Ice'],
  ['bc-mango', 'Blue Coast Syrup - Mango Peach Sunrise'],
  ['bc-grape', 'Blue Coast Syrup - Grape Soda Classic'],
];

j.step(
  'the Overview: All time apart from Last month, compared with the whole month before, products labelled by what differs',
  async () => {
    const today = pacificDay(new Date());
    const [y, m] = today.split('-').map(Number);
    const month = (offset: number) =>
      new Date(Date.UTC(y!, m! - 1 + offset, 1)).toISOString().slice(0, 7);
    const lastDay = (offset: number) =>
      new Date(Date.UTC(y!, m! + offset, 0)).toISOString().slice(0, 10);
    const last = { from: `${month(-1)}-01`, to: lastDay(-1) };
    const before = { from: `${month(-2)}-01`, to: lastDay(-2) };
    const owner = await createApprovedBuyer(j.stack, 'retailer', 'week-overview');
    const tag = owner.uid.slice(0, 6);
    await writeDocuments(
      j.stack,
      new Map([
        order(
          owner,
          `wk14a${tag}`,
          `${month(-1)}-03`,
          NAMES.map(([id, n], i) => [id, n, 8000 * (i + 1)]),
        ),
        order(
          owner,
          `wk14b${tag}`,
          `${month(-1)}-20`,
          NAMES.slice(0, 2).map(([id, n]) => [id, n, 12000]),
        ),
        // The 1st of the month before: in "the whole month before", not in "the 30 days before".
        order(
          owner,
          `wk14c${tag}`,
          `${month(-2)}-01`,
          NAMES.slice(0, 1).map(([id, n]) => [id, n, 40000]),
        ),
        order(
          owner,
          `wk14d${tag}`,
          `${month(-2)}-15`,
          NAMES.slice(1, 2).map(([id, n]) => [id, n, 10000]),
        ),
      ]),
    );
    await waitForTriggers(j.stack);
    const firestore = new URL(j.stack.urls.firestore);
    await promisify(execFile)(
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

    const manager = await j.person('manager');
    const { page } = manager;
    await signInManager(page);
    await openInApp(page, '/admin?tab=overview&range=last-month');
    await see(page.getByRole('region', { name: 'All time' }));
    const period = page.getByRole('region', { name: /^Last month: / });
    await see(period);
    const lastRevenue = await revenueOf(last.from, last.to);
    const beforeRevenue = await revenueOf(before.from, before.to);
    expect(beforeRevenue).toBeGreaterThanOrEqual(50000);
    const revenueTile = period
      .locator('.admin-stat')
      .filter({ has: page.locator('.admin-stat__title', { hasText: /^Net revenue$/ }) });
    await seeText(revenueTile.locator('.admin-stat__value'), usd(lastRevenue));
    const change = ((lastRevenue - beforeRevenue) / beforeRevenue) * 100;
    await seeText(revenueTile, new RegExp(`${Math.abs(change).toFixed(1)}%`));
    // "vs." the whole month before: from its 1st.
    await seeText(revenueTile, /vs\. [A-Z][a-z]{2} 1(, \d{4})? – [A-Z][a-z]{2} (28|29|30|31)/);
    await snap(page, 'week-14-overview-wording-after');

    const products = page.getByRole('region', { name: /Top 10 products/ });
    await products.scrollIntoViewIfNeeded();
    const chart = products.getByRole('img', { name: /Top \d+ products by revenue/ });
    await see(chart);
    for (const label of ['Wild Cherry Lime', 'Blue Raspberry Ice', 'Mango Peach Sunrise']) {
      await see(chart.locator('text', { hasText: label }).first());
    }
    expect(await chart.locator('text', { hasText: 'Blue Coast Syrup - …' }).count()).toBe(0);
    const title = chart.locator('text > title', { hasText: 'Blue Coast Syrup - Wild Cherry Lime' });
    expect(await title.count()).toBe(1);
    await snap(page, 'week-14-chart-labels-after');
    await products.getByRole('button', { name: 'Show table' }).click();
    await see(products.getByRole('cell', { name: 'Blue Coast Syrup - Wild Cherry Lime' }));
  },
  300_000,
);

j.step(
  'a standing order: the payment page and the first confirmation state cadence, next charge and how to cancel',
  async () => {
    account = await createApprovedBuyer(j.stack, 'retailer', 'week-standing');
    buyer = await j.person('retailer');
    const { page } = buyer;
    await signInBuyer(page, account.email);
    await openInApp(page, '/portal/store?q=variety');
    const card = productCard(page, PACK.name);
    await card.getByRole('button', { name: /^Add to Cart/ }).click();
    await see(card.getByRole('button', { name: /^Add to Cart 1 in cart$/ }));
    await openInApp(page, '/portal/cart');
    await page.getByRole('radio', { name: 'Deliver every 2 weeks' }).check();
    await page.getByRole('button', { name: 'Start standing order' }).scrollIntoViewIfNeeded();
    await snap(page, 'week-07-standing-order-cart-after');
    await page.getByRole('button', { name: 'Start standing order' }).click();
    await onStripePage(page, j.stack);
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', 30_000);
    const terms = page.getByRole('region', { name: 'Standing order: every 2 weeks' });
    await see(terms, 90_000);
    await seeText(
      terms,
      new RegExp(`we charge ${usd(PACK.unit).replace('$', '\\$')} plus any sales tax to the card`),
    );
    await seeText(terms, /Next charge: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await see(terms.getByRole('link', { name: 'My Account > Standing orders' }));
    await snap(page, 'week-07-standing-order-payment-after');

    const mail = await exactlyOne(account.email, /^Order confirmed/);
    expect(mail.text).toContain('delivery of your standing order (every 2 weeks)');
    expect(mail.text).toContain('renews automatically');
    expect(mail.text).toMatch(/Next charge: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(mail.text).toContain('"Cancel standing order"');
    await showMail(buyer, mail, 'week-07-standing-order-mail-after');
  },
  300_000,
);

j.step(
  'skip, undo, change quantities: one mail each, with the total and the next date',
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/my-account?tab=standing-orders');
    const card = standingCard(buyer);
    await card.getByRole('button', { name: 'Skip next delivery' }).click();
    await see(card.getByRole('button', { name: 'Undo skip' }));
    const skipped = await exactlyOne(account.email, /^Delivery of .+ skipped$/);
    expect(skipped.text).toContain('Nothing is charged or shipped for it.');
    expect(skipped.text).toContain(`Your next delivery is charged ${usd(PACK.unit)} on`);
    await showMail(buyer, skipped, 'week-07-standing-order-skip-mail-after');

    await openInApp(page, '/portal/my-account?tab=standing-orders');
    await standingCard(buyer).getByRole('button', { name: 'Undo skip' }).click();
    await see(standingCard(buyer).getByRole('button', { name: 'Skip next delivery' }));
    const back = await exactlyOne(account.email, /^Delivery of .+ back on$/);
    expect(back.text).toContain(`charged ${usd(PACK.unit)} on`);

    await standingCard(buyer).getByRole('button', { name: 'Change products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change products' });
    await seeDialog(dialog);
    await dialog.getByLabel(`Quantity of ${PACK.name}`).fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const changed = await exactlyOne(
      account.email,
      new RegExp(`^Standing order changed: \\${usd(2 * PACK.unit)} every 2 weeks$`),
    );
    expect(changed.text).toContain(
      `Each delivery now costs ${usd(2 * PACK.unit)} (it was ${usd(PACK.unit)}).`,
    );
    // The total moved: the managers hear of it too.
    await exactlyOne(MANAGER, new RegExp(`^Standing order changed: ${account.storeName}:`));
  },
  300_000,
);

j.step(
  'cancelling mails the buyer and the manager, once',
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/my-account?tab=standing-orders');
    const card = standingCard(buyer);
    await card.getByRole('button', { name: 'Cancel standing order' }).click();
    const confirm = page.locator('.confirm-popover').filter({ visible: true });
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await seeText(standingCard(buyer), /Cancelled/);
    const cancelled = await exactlyOne(account.email, /^Your standing order is cancelled$/);
    expect(cancelled.text).toContain('No further deliveries will be made or charged.');
    expect(cancelled.text).toContain(`(${usd(2 * PACK.unit)} every 2 weeks)`);
    const notice = await exactlyOne(
      MANAGER,
      new RegExp(`^Standing order cancelled: ${account.storeName}$`),
    );
    expect(notice.text).toMatch(new RegExp(`Was charged each delivery: \\${usd(2 * PACK.unit)}`));
  },
  300_000,
);
