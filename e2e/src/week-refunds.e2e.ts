/**
 * Refunds and order documents from a week of real use: a fresh retailer pays a three-line order
 * through the Stripe sandbox (cups in cases of 20, spoon straws in cases of 6, a syrup by the
 * gallon). The packing slip prints each line's SKU and its cases ("3 cases × 20 = 60") and the
 * store above the ship-to. The manager refunds part of the order with an internal note and a note
 * to the customer: the buyer's invoice prints the customer's note, the refund once and never the
 * internal note (nor does the refund mail), the buyer's own sign-in is refused order_notes, and the
 * manager reads the internal note in the expanded order. Refunding the rest makes the order
 * Refunded: the row offers no shipping, the status filter's Refunded finds it, and the buyer sees
 * it Refunded, with each refund once on the invoice.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { listCollection, waitForTriggers, writeCart } from './support/firestore-admin';
import { settle } from './support/a11y';
import { DESKTOP, journey, PHONE, type Person } from './support/journey';
import { horizontalOverflow, transitionsDone } from './support/layout';
import { snap } from './support/screens';
import { E2E_SHIP_TO, fillShipTo, onStripePage } from './support/stripe-page';
import {
  at,
  openInApp,
  see,
  seeDialog,
  seeText,
  seeToast,
  signInBuyer,
  signInManager,
  usd,
  usdPattern,
} from './support/ui';

const j = journey('week-refunds');
const SLOW = 60_000;
const PAYMENT = 180_000;
const SEARCH_ORDERS = 'Search store, email, order or invoice number';
// Cups: 60 reach the 60+ break ($5.90); straws: 12 are the minimum, two cases of 6.
const LINES = [
  {
    id: 'slush-cups-16oz',
    sku: 'CUP-16OZ',
    name: 'Slush Cups, 16 oz (sleeve of 50)',
    quantity: 60,
    casePack: 20,
    unit: 590,
    qty: '3 cases × 20 = 60',
  },
  {
    id: 'spoon-straws',
    sku: 'STR-SPOON',
    name: 'Spoon Straws (box of 250)',
    quantity: 12,
    casePack: 6,
    unit: 1299,
    qty: '2 cases × 6 = 12',
  },
  {
    id: 'blue-coast',
    sku: 'SYR-BLUE',
    name: 'Blue Coast Syrup',
    quantity: 2,
    casePack: 1,
    unit: 3499,
    qty: '2',
  },
] as const;
const TOTAL = LINES.reduce((sum, line) => sum + line.unit * line.quantity, 0);
// One case of cups came crushed: 20 sleeves at $5.90.
const FIRST_REFUND = 20 * 590;
const REST = TOTAL - FIRST_REFUND;
const INTERNAL_NOTE = 'Carrier claim UPS-4471 filed; the carrier pays us back';
const CUSTOMER_NOTE = 'One case of cups arrived crushed';
let account: TestBuyer;
let buyer: Person;
let manager: Person;
let orderId = '';
let label = '';

function recentOrders(page: Page): Locator {
  return page.getByRole('region', { name: 'Recent Orders' });
}

/** The order's table row (desktop) or card (phone). */
function orderEntry(page: Page): Locator {
  return recentOrders(page).locator('tr, article').filter({ hasText: label }).first();
}

function refundDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: `Refund order ${label}` });
}

/**
 * Opens the order's refund dialog from its row or card (unless it is open) and types the amount
 * and the notes into it (unless they are there already).
 */
async function fillRefund(
  page: Page,
  amount: string,
  notes: { internal: string; customer: string },
): Promise<Locator> {
  const dialog = refundDialog(page);
  if (!(await dialog.isVisible())) {
    await orderEntry(page)
      .getByRole('button', { name: `Refund ${label}`, exact: true })
      .click();
    await seeDialog(dialog);
  }
  const fields: [string, string][] = [
    // An amount beyond the lines is the dialog's goodwill amount (refunds by lines).
    ['Goodwill amount', amount],
    ['Internal note (optional)', notes.internal],
    ['Note to the customer (optional)', notes.customer],
  ];
  for (const [name, value] of fields) {
    const field = dialog.getByRole('textbox', { name, exact: true });
    if ((await field.inputValue()) !== value) await field.fill(value);
  }
  await transitionsDone(page);
  return dialog;
}

/** At 390 px the document fits: the page never scrolls sideways (then back at 1280 px). */
async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await settle(page);
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  await page.setViewportSize(DESKTOP);
  await settle(page);
  expect(scrollWidth, `${page.url()} scrolls sideways at 390 px`).toBeLessThanOrEqual(clientWidth);
}

/** Closes the toast on screen (one shows at a time), so a screenshot shows what is under it. */
async function closeToast(page: Page): Promise<void> {
  const toast = page.locator('.toast');
  if ((await toast.count()) > 0) await toast.first().getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => toast.count()).toBe(0);
}

/** Scrolls the element to the top (or the middle) of the viewport. */
async function scrollTo(locator: Locator, block: 'start' | 'center'): Promise<void> {
  await locator.evaluate((el, where) => el.scrollIntoView({ block: where }), block);
}

/** The whole text of the buyer's invoice page, for what must not be on it. */
async function pageText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** How many times `text` occurs in `whole`. */
function occurrences(whole: string, text: string): number {
  return whole.split(text).length - 1;
}

/** Signs in through the Auth emulator's REST surface, as the web app's SDK does. */
async function idToken(email: string, password: string): Promise<string> {
  const response = await fetch(
    `${j.stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken) throw new Error(`sign-in answered ${response.status}`);
  return body.idToken;
}

/** The HTTP status of a document read through the Firestore REST API with this ID token. */
async function readStatus(token: string, path: string): Promise<number> {
  const url = `${j.stack.urls.firestore}/v1/projects/${j.stack.projectId}/databases/(default)/documents/${path}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return response.status;
}

j.step(
  'a retailer pays a three-line order with case packs through the Stripe sandbox',
  async () => {
    account = await createApprovedBuyer(j.stack, 'retailer', 'week-refunds');
    await writeCart(j.stack, account.uid, LINES);
    buyer = await j.person('buyer');
    const { page } = buyer;
    await page.goto('/login');
    await see(page.getByRole('heading', { name: 'Portal Access' }), 120_000);
    await signInBuyer(page, account.email);
    await openInApp(page, '/portal/cart');
    await see(page.getByRole('heading', { name: 'Order Summary' }));
    await seeText(page.locator('main'), usdPattern(TOTAL), SLOW);
    await page.getByRole('button', { name: /proceed to checkout/i }).click();
    await onStripePage(page, j.stack);
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', SLOW);
    // The order is made by the webhook (or verifyPayment), which may wait on a cold or busy
    // Functions emulator: the journey waits for the order itself, not for the success page.
    const ours = async () =>
      [...(await listCollection(j.stack, 'orders'))].filter(
        ([, order]) => order.user_id === account.uid,
      );
    await expect
      .poll(async () => (await ours()).map(([, order]) => order.status), {
        timeout: PAYMENT,
        interval: 1000,
      })
      .toEqual(['processing']);
    const [id, order] = (await ours())[0]!;
    orderId = id;
    label = `#${orderId.slice(0, 8)}`;
    expect(order.amount).toBe(TOTAL);
    // Each line keeps its SKU and case pack as sold, for the documents.
    const items = order.items as { product_id: string; sku: string; case_pack: number }[];
    for (const line of LINES) {
      expect(items.find((item) => item.product_id === line.id)).toMatchObject({
        sku: line.sku,
        case_pack: line.casePack,
      });
    }
    // The search keys (the short number) are written by a Firestore trigger.
    await waitForTriggers(j.stack);
  },
  400_000,
);

j.step(
  'the packing slip prints SKUs, the cases and the store above the ship-to',
  async () => {
    manager = await j.person('manager');
    const { page } = manager;
    await signInManager(page);
    await openInApp(page, `/admin/orders/${orderId}/packing-slip`);
    await see(page.getByRole('heading', { level: 1, name: 'Packing slip' }), SLOW);
    const items = page.getByRole('table', { name: 'Items to pack' });
    for (const line of LINES) {
      const row = items.getByRole('row').filter({ hasText: line.sku });
      await seeText(row, line.name);
      expect(await row.locator('.print-doc__qty').innerText()).toBe(line.qty);
    }
    await seeText(items.getByRole('row').filter({ hasText: 'Units' }), /\b74\b/);
    // The store first, then the person and the address, as on a label.
    const shipTo = page.getByRole('region', { name: 'Ship to' }).locator('address');
    const lines = (await shipTo.innerText()).split('\n').map((line) => line.trim());
    expect(lines.slice(0, 3)).toEqual([account.storeName, E2E_SHIP_TO.name, E2E_SHIP_TO.line1]);
    // A packing slip has no prices.
    expect(await pageText(page)).not.toMatch(/\$\d/);
    await fitsPhone(page);
    await snap(page, 'week-08-packing-slip-after');
  },
  400_000,
);

j.step(
  'the manager refunds one case with an internal note and a note to the customer',
  async () => {
    const { page } = manager;
    await openInApp(page, '/admin?tab=orders');
    const box = page.getByRole('searchbox', { name: SEARCH_ORDERS });
    await box.fill(label);
    await box.press('Enter');
    const row = orderEntry(page);
    await see(row, SLOW);
    await seeText(row, /Processing/);
    const notes = { internal: INTERNAL_NOTE, customer: CUSTOMER_NOTE };
    const amount = (FIRST_REFUND / 100).toFixed(2);
    const dialog = await fillRefund(page, amount, notes);
    await see(dialog.getByText(`Paid ${usd(TOTAL)}. Up to ${usd(TOTAL)} can be refunded.`));
    // The dialog belongs to the row: on a phone the order is a card, where it is opened again.
    await snap(page, 'week-04-refund-notes-after', async () => {
      await fillRefund(page, amount, notes);
    });
    await fillRefund(page, amount, notes);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await seeToast(page, 'Refunded', `Refunded ${usd(FIRST_REFUND)} on order ${label}`, SLOW);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await seeText(orderEntry(page), new RegExp(`Refunded ${usdPattern(FIRST_REFUND).source}`));
    // Part refunded, the goods are still owed: it stays Processing and can still ship.
    await see(orderEntry(page).locator('.tag').getByText('Processing', { exact: true }));
    await see(orderEntry(page).getByRole('button', { name: 'Mark Shipped', exact: true }));

    // Expanded, the order shows the manager both notes of the refund.
    await orderEntry(page)
      .getByRole('button', { name: `Details of order ${label}` })
      .click();
    const details = page.getByRole('group', { name: `Fulfilment of order ${label}` });
    await seeText(
      details,
      new RegExp(`${usdPattern(FIRST_REFUND).source} on .*\\(${CUSTOMER_NOTE}\\)`),
    );
    await see(details.getByText(`Internal note: ${INTERNAL_NOTE}`), SLOW);
    // Collapsed again for the next refund.
    await orderEntry(page)
      .getByRole('button', { name: `Details of order ${label}` })
      .click();
    await expect.poll(() => details.isVisible()).toBe(false);
  },
  400_000,
);

j.step(
  "the buyer's invoice shows the note to the customer and the refund once, never the internal note",
  async () => {
    const { page } = buyer;
    await openInApp(page, `/portal/orders/${orderId}/invoice`);
    const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
    await see(invoice, SLOW);
    await seeText(invoice, /Partially refunded/);
    await seeText(invoice, new RegExp(CUSTOMER_NOTE));
    const text = await pageText(page);
    expect(occurrences(text, CUSTOMER_NOTE)).toBe(1);
    expect(occurrences(text, `-${usd(FIRST_REFUND)}`)).toBe(1);
    expect(text).not.toContain(INTERNAL_NOTE);
    expect(text).not.toContain('UPS-4471');
    const refundLine = invoice.getByRole('row').filter({ hasText: CUSTOMER_NOTE });
    await seeText(
      refundLine,
      new RegExp(`^Refund .*\\(${CUSTOMER_NOTE}\\)\\s+-${usdPattern(FIRST_REFUND).source}$`),
    );
    await seeText(invoice.getByRole('row').filter({ hasText: 'Net paid' }), usdPattern(REST));
    // The invoice too: SKU, cases and the store above the ship-to.
    for (const line of LINES) {
      const row = invoice.getByRole('row').filter({ hasText: line.sku });
      await seeText(row, line.name);
      await seeText(row, line.qty);
      await seeText(row, usdPattern(line.unit * line.quantity));
    }
    const shipTo = invoice.getByRole('region', { name: 'Ship to' }).locator('address');
    expect((await shipTo.innerText()).split('\n')[0]?.trim()).toBe(account.storeName);
    // Five columns with the cases ("3 cases × 20 = 60") still fit a phone.
    await fitsPhone(page);
    // The lines, the refund with its note and Net paid in view.
    await snap(page, 'week-08-invoice-after', () => scrollTo(refundLine, 'center'));

    // The buyer's own sign-in reads the order but is refused its internal notes.
    const token = await idToken(account.email, account.password);
    expect(await readStatus(token, `orders/${orderId}`)).toBe(200);
    expect(await readStatus(token, `order_notes/${orderId}`)).toBe(403);

    // The refund mail carries the note to the customer only.
    const mail = await mailClient(j.stack.urls.mail).waitFor(
      account.email,
      (m) => m.subject.startsWith(`Refund of ${usd(FIRST_REFUND)}`),
      SLOW,
    );
    expect(mail.text).toContain(CUSTOMER_NOTE);
    expect(mail.text).not.toContain(INTERNAL_NOTE);
    expect(mail.html).not.toContain(INTERNAL_NOTE);
  },
  400_000,
);

j.step(
  'refunding the rest makes the order Refunded: no shipping, and the status filter finds it',
  async () => {
    const { page } = manager;
    const dialog = await fillRefund(page, (REST / 100).toFixed(2), { internal: '', customer: '' });
    await see(
      dialog.getByText(
        `Paid ${usd(TOTAL)}, refunded ${usd(FIRST_REFUND)} so far. Up to ${usd(REST)} can be refunded.`,
      ),
    );
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await seeToast(page, 'Refunded', `Refunded ${usd(REST)} on order ${label}`, SLOW);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const refunded = () => orderEntry(page).locator('.tag').getByText('Refunded', { exact: true });
    await see(refunded(), SLOW);
    await seeText(orderEntry(page), new RegExp(`Refunded ${usdPattern(TOTAL).source}`));
    // Nothing is owed any more: no shipping, no cancelling, nothing left to refund.
    await see(orderEntry(page).getByText('No further steps'));
    for (const name of ['Mark Shipped', 'Cancel Order', `Refund ${label}`]) {
      expect(await orderEntry(page).getByRole('button', { name, exact: true }).count()).toBe(0);
    }

    // The status filter offers Refunded, and finds the order without the search.
    const box = page.getByRole('searchbox', { name: SEARCH_ORDERS });
    await box.fill('');
    await box.press('Enter');
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    expect(await status.locator('option').allInnerTexts()).toContain('Refunded');
    await status.selectOption({ label: 'Refunded' });
    await expect
      .poll(() => new URL(page.url()).searchParams.get('status'), { timeout: SLOW })
      .toBe('refunded');
    await see(refunded(), SLOW);
    const tags = recentOrders(page).locator('.admin-tags');
    await expect
      .poll(async () => {
        const all = await tags.allInnerTexts();
        return all.length > 0 && all.every((tag) => /^Refunded\b/.test(tag.trim()));
      })
      .toBe(true);
    await closeToast(page);
    // The filter above the order's row (its card on a phone), tagged Refunded.
    await snap(page, 'week-05-refunded-order-after', () =>
      scrollTo(page.getByRole('heading', { name: 'Recent Orders' }), 'start'),
    );
    await see(refunded());
    // Expanded: both refunds, the internal note of the first only (the second had none).
    await orderEntry(page)
      .getByRole('button', { name: `Details of order ${label}` })
      .click();
    const details = page.getByRole('group', { name: `Fulfilment of order ${label}` });
    await see(details.getByText(`Internal note: ${INTERNAL_NOTE}`), SLOW);
    await expect.poll(() => details.locator('.admin-refunds > li').count()).toBe(2);
    expect(await details.getByText(/^Internal note:/).count()).toBe(1);
    await seeText(details, /Not shipped yet/);
  },
  400_000,
);

j.step(
  'the buyer sees the order Refunded, and each refund once on the invoice',
  async () => {
    const { page } = buyer;
    await page.goto('/portal/my-account');
    const card = page.getByRole('listitem', { name: `Order ${label}` });
    await see(card.locator('.tag').getByText('Refunded', { exact: true }), SLOW);
    await seeText(card, new RegExp(`Refunded ${usdPattern(TOTAL).source}`));
    await card.getByRole('link', { name: /^Invoice INV-\d{6}/ }).click();
    await at(page, `/portal/orders/${orderId}/invoice`);
    const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
    await see(invoice, SLOW);
    await seeText(invoice.locator('dd').filter({ hasText: /refunded/i }), /^Refunded$/);
    await seeText(invoice.getByRole('row').filter({ hasText: 'Net paid' }), usdPattern(0));
    const text = await pageText(page);
    expect(occurrences(text, `-${usd(FIRST_REFUND)}`)).toBe(1);
    expect(occurrences(text, `-${usd(REST)}`)).toBe(1);
    expect(occurrences(text, CUSTOMER_NOTE)).toBe(1);
    expect(
      await invoice
        .getByRole('row')
        .filter({ hasText: /^Refund / })
        .count(),
    ).toBe(2);
    expect(text).not.toContain(INTERNAL_NOTE);
  },
  400_000,
);
