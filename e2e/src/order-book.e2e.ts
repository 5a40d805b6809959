/**
 * The order book: a buyer pays with a ship-to address; an abandoned and an expired checkout are
 * no orders; the manager sees the address, ships with carrier and tracking; the buyer follows the
 * tracking link and downloads the invoice; the manager cancels another paid order, which refunds
 * it, and the revenue drops by exactly its amount.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { linkIn, mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { checkA11yBothWidths } from './support/a11y';
import { boxOf } from './support/layout';
import { ARTIFACTS_DIR, journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { E2E_SHIP_TO, expireSession, fillShipTo, onStripePage } from './support/stripe-page';
import { chooseCarrier } from './support/ship-dialog';
import {
  at,
  openInApp,
  productCard,
  revenue,
  see,
  seeDialog,
  seeText,
  signInBuyer,
  signInManager,
  usd,
  usdPattern,
} from './support/ui';

const j = journey('order-book', { motion: true });
const BLUE = { name: 'Blue Coast Syrup', retailer: 3499 };
const RED = { name: 'Red Rush Syrup', retailer: 3299 };
const MANGO = { name: 'Mango Tango Syrup', retailer: 3299 };
const GREEN = { name: 'Green Machine Syrup', retailer: 3499 };
const TRACKING = '1Z999AA10123456784';
let account: TestBuyer;
let buyer: Person;
let manager: Person;
let firstOrder = '';
let secondOrder = '';

/** Pays the session the buyer is on and returns the order label (#xxxxxxxx) from the success page. */
async function payAndReadOrder(person: Person, total: number): Promise<string> {
  const { page } = person;
  await page.getByRole('button', { name: 'Pay' }).click();
  await at(page, '/payment-success', 30_000);
  await see(page.getByText('Payment Successful!').first(), 30_000);
  await see(page.getByText(usd(total)).first());
  const label = await see(page.getByText(/^#[A-Za-z0-9]{8}$/));
  return (await label.innerText()).trim();
}

function recentOrders(person: Person) {
  return person.page.getByRole('region', { name: 'Recent Orders' });
}

function orderRow(person: Person, label: string) {
  return recentOrders(person).getByRole('row').filter({ hasText: label }).first();
}

/**
 * Opens `target` (a dialog or a confirmation) with the order's `button`, on its table row on
 * desktop or its card on a phone, unless it is open already.
 */
async function openFromOrder(person: Person, label: string, button: string, target: Locator) {
  if (!(await target.isVisible())) {
    await recentOrders(person)
      .locator('tr, article')
      .filter({ hasText: label })
      .first()
      .getByRole('button', { name: button, exact: true })
      .click();
  }
  // Its zoom over before the next click: a click sent while it zooms in can miss (seeDialog).
  await seeDialog(target);
}

j.step(
  'a buyer checks out, is told what is missing, enters a ship-to address and pays',
  async () => {
    account = await createApprovedBuyer(j.stack, 'retailer', 'orderbook');
    buyer = await j.person('buyer');
    const { page } = buyer;
    await signInBuyer(page, account.email, account.password);
    await openInApp(page, '/portal/store');
    await productCard(page, BLUE.name)
      .getByRole('button', { name: /^Add to Cart/ })
      .click();
    await see(
      productCard(page, BLUE.name).getByRole('button', { name: /^Add to Cart 1 in cart$/ }),
    );
    await page.getByRole('link', { name: /^cart, 1 line$/i }).click();
    await at(page, '/portal/cart');
    await page.getByRole('button', { name: /proceed to checkout/i }).click();
    await onStripePage(page, j.stack);
    // Pay without an address: the page says what is missing and charges nothing.
    await page.getByRole('button', { name: 'Pay' }).click();
    await see(page.getByText('Enter the street address.'));
    await see(page.getByText('Enter a valid ZIP code.'));
    await see(page.getByText(/Nothing was charged/));
    await fillShipTo(page);
    await snap(page, 'stripe-checkout-ship-to');
    firstOrder = await payAndReadOrder(buyer, BLUE.retailer);
  },
);

j.step('an abandoned checkout (Back) and an expired one are no orders', async () => {
  const { page } = buyer;
  await openInApp(page, '/portal/store');
  await productCard(page, MANGO.name).getByRole('button', { name: 'Buy Now' }).click();
  const expiring = await onStripePage(page, j.stack);
  await expireSession(j.stack, expiring);
  await page.goto('/portal/store');
  await productCard(page, RED.name).getByRole('button', { name: 'Buy Now' }).click();
  await onStripePage(page, j.stack);
  // The ship-to typed last time is filled in already (saved on the buyer's Stripe Customer).
  await expect.poll(() => page.getByLabel('Address line 1').inputValue()).toBe(E2E_SHIP_TO.line1);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await at(page, '/portal/cart');
  // The cart is a new document: it shows its notice and drops the cancel flag from the address
  // (a replace) once it is drawn. Moved on before that, the replace took the buyer back to the
  // cart (twice in clean-clone runs beside the other suites).
  await see(page.getByRole('status').filter({ hasText: 'Payment cancelled' }));
  await page.waitForURL((url) => url.pathname === '/portal/cart' && url.search === '', {
    waitUntil: 'commit',
  });
  await openInApp(page, '/portal/my-account');
  await see(page.getByRole('listitem', { name: `Order ${firstOrder}` }));
  // One order: the paid one. The expired and the abandoned checkout are not in the history.
  expect(await page.getByRole('listitem', { name: /^Order #/ }).count()).toBe(1);
});

j.step(
  'the manager sees the address, ships with carrier and tracking; attempts are apart',
  async () => {
    manager = await j.person('manager');
    const { page } = manager;
    await signInManager(page);
    const row = orderRow(manager, firstOrder);
    await seeText(row, new RegExp(account.storeName));
    // The buyer's attempts are not in Recent Orders: one row for the store.
    expect(
      await recentOrders(manager).getByRole('row').filter({ hasText: account.storeName }).count(),
    ).toBe(1);
    const abandoned = page.getByRole('region', { name: 'Abandoned checkouts' });
    await seeText(abandoned, new RegExp(account.storeName));
    const attempts = abandoned.getByRole('row').filter({ hasText: account.storeName });
    await expect.poll(() => attempts.count()).toBe(2);
    await seeText(abandoned, /Expired/);
    await seeText(abandoned, /Open/);
    await row.getByRole('button', { name: `Details of order ${firstOrder}` }).click();
    const details = page.getByRole('group', { name: `Fulfilment of order ${firstOrder}` });
    await seeText(details, /1120 SW 5th Ave/);
    await seeText(details, /Portland, OR 97204/);
    await row.getByRole('button', { name: 'Mark Shipped', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${firstOrder}` });
    await seeDialog(dialog);
    await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await see(dialog.getByText('Choose the carrier.'));
    // The dialog belongs to the row: at phone width the order is a card, where it is opened
    // again; back at desktop width, the row is shown again, folded, and the dialog closed.
    const openShip = () => openFromOrder(manager, firstOrder, 'Mark Shipped', dialog);
    await checkA11yBothWidths(page, 'admin-ship-dialog', openShip);
    await openShip();
    // The choice shows in the field (a click that did not take is made again, then fails here).
    await chooseCarrier(page, dialog, 'UPS');
    await dialog.getByLabel('Tracking number').fill('1z 999-aa1 0123456784');
    await see(dialog.getByText(`Saved as ${TRACKING}`));
    await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
    // The dialog closes once the order is shipped and the table has been read again.
    await dialog.waitFor({ state: 'hidden' });
    await see(
      orderRow(manager, firstOrder).getByRole('button', { name: 'Mark Delivered', exact: true }),
    );
    await see(orderRow(manager, firstOrder).locator('.tag').getByText('Shipped', { exact: true }));
    if (!(await details.isVisible()))
      await row.getByRole('button', { name: `Details of order ${firstOrder}` }).click();
    await see(details.getByRole('link', { name: new RegExp(`Track package ${TRACKING}`) }));
    // At 1280 px the whole table fits, its open row too: no column (Actions, the lines' Line
    // total) runs past the box and hides behind a sideways scroll.
    const box = await boxOf(recentOrders(manager).locator('.data-table .scroll-box'));
    for (const header of [
      recentOrders(manager).getByRole('columnheader', { name: 'Actions', exact: true }),
      page
        .getByRole('table', { name: `Items of order ${firstOrder}` })
        .getByRole('columnheader', { name: 'Line total', exact: true }),
    ]) {
      const cell = await boxOf(header);
      expect(
        cell.x + cell.width,
        `${header.toString()} runs past the table's box`,
      ).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    await snap(page, 'admin-dashboard-order-book');
  },
);

j.step(
  "the manager's invoice, packing slip and refund dialog of the shipped order pass axe",
  async () => {
    const { page } = manager;
    const row = orderRow(manager, firstOrder);
    const details = page.getByRole('group', { name: `Fulfilment of order ${firstOrder}` });
    if (!(await details.isVisible()))
      await row.getByRole('button', { name: `Details of order ${firstOrder}` }).click();
    // The manager's invoice and packing slip, each opened from its link in a new tab.
    for (const [link, heading] of [
      [/^Invoice INV-\d{6} of order/, /^Invoice INV-\d{6}$/],
      [/^Packing slip of order/, /^Packing slip$/],
    ] as const) {
      const href = await details.getByRole('link', { name: link }).getAttribute('href');
      const tab = await manager.context.newPage();
      await tab.goto(href ?? '');
      await see(tab.getByRole('heading', { level: 1, name: heading }));
      await seeText(tab.locator('.print-doc'), /1120 SW 5th Ave/);
      await checkA11yBothWidths(
        tab,
        heading.source.includes('Invoice') ? 'admin-invoice' : 'packing-slip',
      );
      await tab.close();
    }
    // The refund dialog of the shipped order, at both widths.
    const refund = page.getByRole('dialog', { name: `Refund order ${firstOrder}` });
    const openRefund = () => openFromOrder(manager, firstOrder, `Refund ${firstOrder}`, refund);
    await checkA11yBothWidths(page, 'admin-refund-dialog', openRefund);
    await openRefund();
    await refund.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => refund.isVisible()).toBe(false);
  },
);

j.step('the buyer gets the shipped mail with the carrier and the tracking link', async () => {
  const mail = await mailClient(j.stack.urls.mail).waitFor(account.email, (m) =>
    m.subject.startsWith('Your order has shipped'),
  );
  expect(mail.text).toContain('Carrier: UPS');
  expect(mail.text).toContain(`Tracking number: ${TRACKING}`);
  expect(linkIn(mail.text, 'https://www.ups.com/')).toBe(
    `https://www.ups.com/track?tracknum=${TRACKING}`,
  );
  expect(mail.html).toContain(`https://www.ups.com/track?tracknum=${TRACKING}`);
});

j.step(
  'the buyer sees the tracking link, opens the invoice and downloads it as a PDF',
  async () => {
    const { page } = buyer;
    await page.reload();
    const order = page.getByRole('listitem', { name: `Order ${firstOrder}` });
    await seeText(order, /Shipped/);
    const tracking = order.getByRole('link', {
      name: new RegExp(`Track package ${TRACKING} with UPS`),
    });
    expect(await tracking.getAttribute('href')).toBe(
      `https://www.ups.com/track?tracknum=${TRACKING}`,
    );
    await snap(page, 'account-orders-tracking');
    await order.getByRole('link', { name: /^Invoice INV-\d{6}/ }).click();
    await at(page, /\/portal\/orders\/[^/]+\/invoice$/);
    const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
    await seeText(invoice, new RegExp(account.storeName));
    await seeText(invoice, new RegExp(`Seller permit: ${account.sellerPermitId}`));
    await seeText(invoice, /1120 SW 5th Ave/);
    await seeText(invoice, usdPattern(BLUE.retailer));
    await snap(page, 'invoice');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    const file = path.join(ARTIFACTS_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  },
);

j.step(
  'the manager cancels another paid order: it is refunded and the revenue drops by its amount',
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/store');
    await productCard(page, GREEN.name).getByRole('button', { name: 'Buy Now' }).click();
    await onStripePage(page, j.stack);
    secondOrder = await payAndReadOrder(buyer, GREEN.retailer);

    const admin = manager.page;
    await admin.reload();
    const row = orderRow(manager, secondOrder);
    await seeText(row, /Processing/);
    const before = await revenue(admin);
    const confirm = admin.locator('.confirm-popover').filter({ visible: true });
    const question = confirm.getByText(`Cancel and refund ${usd(GREEN.retailer)} to the buyer?`);
    const openCancel = () => openFromOrder(manager, secondOrder, 'Cancel Order', question);
    await openCancel();
    await checkA11yBothWidths(admin, 'admin-cancel-confirm', openCancel);
    await openCancel();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await see(
      orderRow(manager, secondOrder).locator('.tag').getByText('Cancelled', { exact: true }),
    );
    await seeText(
      orderRow(manager, secondOrder),
      new RegExp(`Refunded ${usdPattern(GREEN.retailer).source}`),
    );
    await expect.poll(() => revenue(admin), { timeout: 20_000 }).toBe(before - GREEN.retailer);
    // The buyer sees the refund on the order too.
    await page.goto('/portal/my-account');
    await seeText(
      page.getByRole('listitem', { name: `Order ${secondOrder}` }),
      new RegExp(`Refunded ${usdPattern(GREEN.retailer).source}`),
    );
  },
);

j.step('the buyer gets one mail saying the order was cancelled and refunded', async () => {
  const mails = mailClient(j.stack.urls.mail);
  const mail = await mails.waitFor(account.email, (m) => m.subject.startsWith('Order cancelled'));
  expect(mail.text).toContain(`${usd(GREEN.retailer)} was refunded to the card you paid with`);
  expect(
    (await mails.to(account.email)).filter((m) => m.subject.startsWith('Order cancelled')),
  ).toHaveLength(1);
});
