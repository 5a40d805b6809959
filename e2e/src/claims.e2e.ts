/**
 * After the sale (docs/order-lifecycle.md#claims): a retailer's order of syrup jugs is delivered
 * and two jugs arrive leaking. The buyer reports them with a photo; the manager looks at the
 * photo and settles with a replacement, which both sides see at $0.00 and which ships like any
 * order. A second claim (a missing jug) is settled as store credit; the buyer's next checkout is
 * reduced by exactly that credit, and the credit balance reaches zero, in the portal and on the
 * company's Stripe customer.
 */
import { deflateSync } from 'node:zlib';
import Stripe from 'stripe';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, uniqueTag, type TestBuyer } from './support/accounts';
import {
  listCollection,
  readDocument,
  productDocument,
  stockCount,
  wholesalePriceDocument,
  writeCart,
  writeDocuments,
} from './support/firestore-admin';
import { chooseCarrier } from './support/ship-dialog';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { fillShipTo, onStripePage, payCart } from './support/stripe-page';
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
} from './support/ui';

const j = journey('claims');
const mails = mailClient(j.stack.urls.mail);
const SLOW = 60_000;
const tag = uniqueTag();
const JUG = { id: `claim-jug-${tag}`, name: `Claims Mango Jug ${tag}`, unit: 2500, qty: 6 };

let account: TestBuyer;
let buyer: Person;
let manager: Person;
let orderId = '';
let label = '';
let firstClaimId = '';
let creditCents = 0;

function stripe(): Stripe {
  const url = new URL(j.stack.urls.stripe);
  return new Stripe('sk_test_local_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

function productDoc(active: boolean) {
  return productDocument({
    name: JUG.name,
    description: 'A half-gallon jug of mango syrup for the claims journey.',
    sku: JUG.id.toUpperCase(),
    price_retailer: JUG.unit,
    image_url: '/products/dome-lids-16oz.svg',
    is_active: active,
  });
}

/** A small photo of a leaking jug: a PNG, made here (a real image the browser decodes). */
function leakPhoto(): Buffer {
  const width = 96;
  const height = 72;
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) {
      const jug = x > 28 && x < 68 && y > 10 && y < 62;
      const leak = y > 56 && Math.abs(x - 48) < 30 - (y - 56) * 2;
      rows.push(...(jug ? [242, 160, 40] : leak ? [250, 200, 80] : [236, 236, 240]));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function claimsOfOrder(id: string) {
  const claims = await listCollection(j.stack, 'claims');
  return [...claims]
    .map(([claimId, claim]): Record<string, unknown> & { id: string } => ({
      ...claim,
      id: claimId,
    }))
    .filter((claim) => claim.order_id === id);
}

/** The buyer's opened order on My Account. */
async function openOrder(page: Page, id: string, name: string) {
  await page.goto(`/portal/my-account?order=${id}`);
  const card = page.getByRole('listitem', { name: `Order ${name}` });
  await see(card.getByRole('button', { name: 'Hide items' }), SLOW);
  return card;
}

/** Reports a problem on the opened order: units of the jug, the kind, a note, maybe a photo. */
async function report(page: Page, kind: string, units: number, note: string, photo: boolean) {
  const card = await openOrder(page, orderId, label);
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: `Report a problem with order ${label}` });
  await seeDialog(dialog, SLOW);
  await dialog
    .getByRole('spinbutton', { name: `Units of ${JUG.name} affected` })
    .fill(String(units));
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByLabel('Describe the problem').fill(note);
  if (photo) {
    await dialog
      .getByLabel('Photos')
      .setInputFiles({ name: 'leaking-jug.png', mimeType: 'image/png', buffer: leakPhoto() });
    await see(dialog.getByRole('list', { name: 'Photos attached' }).getByText('leaking-jug.png'));
  }
  return dialog;
}

/** The manager opens the buyer's open claim in the Claims tab. */
async function openClaim(page: Page) {
  await page.goto('/admin?tab=claims');
  await page
    .getByRole('button', { name: new RegExp(`^Review the claim on .* of ${account.storeName}$`) })
    .first()
    .click();
  const drawer = page.getByRole('dialog', {
    name: new RegExp(`^Claim on .* · ${account.storeName}`),
  });
  await see(drawer, SLOW);
  return drawer;
}

afterAll(async () => {
  await writeDocuments(
    j.stack,
    new Map([
      [`products/${JUG.id}`, productDoc(false)],
      [`wholesale_prices/${JUG.id}`, wholesalePriceDocument(JUG.unit)],
    ]),
  ).catch(() => undefined);
});

j.step(
  'a retailer pays for six jugs; the manager ships and delivers them',
  async () => {
    await writeDocuments(
      j.stack,
      new Map([
        [`products/${JUG.id}`, productDoc(true)],
        [`wholesale_prices/${JUG.id}`, wholesalePriceDocument(JUG.unit)],
      ]),
    );
    account = await createApprovedBuyer(j.stack, 'retailer', 'claims');
    buyer = await j.person('buyer');
    const { page } = buyer;
    await page.goto('/login');
    await signInBuyer(page, account.email);
    await writeCart(j.stack, account.uid, [{ id: JUG.id, quantity: JUG.qty }]);
    orderId = await payCart(page, j.stack, SLOW);
    label = `#${orderId.slice(0, 8)}`;
    await expect
      .poll(async () => (await readDocument(j.stack, `orders/${orderId}`))?.status, {
        timeout: 180_000,
        interval: 1000,
      })
      .toBe('processing');

    manager = await j.person('manager');
    const admin = manager.page;
    await signInManager(admin);
    await openInApp(admin, `/admin?tab=orders&order=${orderId}`);
    const row = () =>
      admin
        .getByRole('region', { name: 'Recent Orders' })
        .locator('tr, article')
        .filter({ hasText: label })
        .first();
    await row().getByRole('button', { name: 'Mark Shipped', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: `Ship order ${label}` });
    await seeDialog(dialog, SLOW);
    await chooseCarrier(admin, dialog, 'UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10000000031');
    await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await seeToast(admin, 'Success', `Order ${label} is now Shipped`, SLOW);
    await row().getByRole('button', { name: 'Mark Delivered', exact: true }).click();
    await seeToast(admin, 'Success', `Order ${label} is now Delivered`, SLOW);
    expect((await readDocument(j.stack, `orders/${orderId}`))?.status).toBe('delivered');
  },
  400_000,
);

j.step(
  'the buyer reports 2 damaged jugs with a photo; more than ordered is refused',
  async () => {
    const { page } = buyer;
    const dialog = await report(page, 'Damaged', 7, 'Two jugs arrived split at the seam.', true);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    // Seven of six: refused in the dialog, nothing sent.
    await see(dialog.getByText(/at most 6/), SLOW);
    expect(await claimsOfOrder(orderId)).toHaveLength(0);
    await dialog.getByRole('spinbutton', { name: `Units of ${JUG.name} affected` }).fill('2');
    await snap(page, 'claims-report-dialog', async () => {
      if (!(await dialog.isVisible())) {
        const again = await report(page, 'Damaged', 2, 'Two jugs arrived split at the seam.', true);
        await see(again);
      }
    });
    const open = page.getByRole('dialog', { name: `Report a problem with order ${label}` });
    if (!(await open.isVisible())) {
      await report(page, 'Damaged', 2, 'Two jugs arrived split at the seam.', true);
    }
    await open.getByRole('button', { name: 'Send report' }).click();
    await seeToast(page, 'Claim reported', 'We will reply within two business days.', SLOW);
    const [claim] = await claimsOfOrder(orderId);
    expect(claim).toBeDefined();
    firstClaimId = claim!.id;
    expect(claim!.status).toBe('new');
    expect(claim!.kind).toBe('damaged');
    expect(claim!.lines).toEqual([expect.objectContaining({ product_id: JUG.id, quantity: 2 })]);
    expect(claim!.photos).toHaveLength(1);
    const received = await mails.waitFor(account.email, (m) => /claim/i.test(m.subject));
    expect(received.text).toContain(JUG.name);
  },
  300_000,
);

j.step(
  'the manager views the photo and settles with a replacement, which ships at $0.00',
  async () => {
    const { page } = manager;
    const drawer = await openClaim(page);
    const photo = drawer.getByRole('img', { name: /leaking-jug\.png/ });
    await see(photo, SLOW);
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(96);
    await snap(page, 'claims-admin-drawer');
    await drawer.getByRole('button', { name: 'Settle', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Settle the claim on / });
    await seeDialog(dialog, SLOW);
    await dialog.getByRole('radio', { name: /Replacement order/ }).check();
    await dialog.getByRole('button', { name: 'Settle claim' }).click();
    await seeToast(page, 'Claim settled', undefined, SLOW);

    const replacementId = `${firstClaimId}-replacement`;
    const replacement = (await readDocument(j.stack, `orders/${replacementId}`))!;
    expect(replacement.amount).toBe(0);
    expect(replacement.source).toBe('replacement');
    expect(replacement.status).toBe('processing');
    expect(replacement.items).toEqual([
      expect.objectContaining({ product_id: JUG.id, quantity: 2, unit_amount: 0 }),
    ]);
    // The replacement took its two jugs from stock.
    expect((await stockCount(j.stack, JUG.id)).on_hand).toBe(100 - JUG.qty - 2);

    // The manager ships it like any order: it reads $0.00. The claim's drawer is still open when
    // the Orders tab comes (as after the browser's Back): it closes, or its mask would take the
    // click on Mark Shipped.
    const short = `#${replacementId.slice(0, 8)}`;
    await openInApp(page, `/admin?tab=orders&order=${replacementId}`);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    const row = page
      .getByRole('region', { name: 'Recent Orders' })
      .locator('tr, article')
      .filter({ hasText: short })
      .first();
    await seeText(row, usd(0), SLOW);
    await row.getByRole('button', { name: 'Mark Shipped', exact: true }).click();
    const ship = page.getByRole('dialog', { name: `Ship order ${short}` });
    await seeDialog(ship, SLOW);
    await chooseCarrier(page, ship, 'UPS');
    await ship.getByLabel('Tracking number').fill('1Z999AA10000000032');
    await ship.getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await seeToast(page, 'Success', `Order ${short} is now Shipped`, SLOW);

    // The buyer sees the replacement at $0.00, shipped, and the claim settled.
    const card = await openOrder(buyer.page, replacementId, short);
    await seeText(card, `Replacement for order ${label}`);
    await seeText(card, usd(0));
    await see(card.getByText('Shipped', { exact: true }).first());
    const claims = await openOrder(buyer.page, orderId, label);
    await seeText(claims, 'A replacement is on its way at no charge.');
    await snap(buyer.page, 'claims-buyer-settled', async () => {
      await claims
        .getByRole('region', { name: `Claims on order ${label}` })
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    });
  },
  400_000,
);

j.step(
  'a second claim is settled as store credit; the next checkout spends it all',
  async () => {
    const { page } = buyer;
    const dialog = await report(page, 'Missing', 1, 'One jug was not in the box.', false);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await seeToast(page, 'Claim reported', 'We will reply within two business days.', SLOW);
    const second = (await claimsOfOrder(orderId)).find((claim) => claim.status === 'new')!;
    creditCents = Number(second.value);
    expect(creditCents).toBeGreaterThanOrEqual(JUG.unit);

    const drawer = await openClaim(manager.page);
    await drawer.getByRole('button', { name: 'Settle', exact: true }).click();
    const settleDialog = manager.page.getByRole('dialog', { name: /^Settle the claim on / });
    await seeDialog(settleDialog, SLOW);
    await settleDialog.getByRole('radio', { name: /Store credit/ }).check();
    await snap(manager.page, 'claims-settle-store-credit', async () => {
      if (!(await settleDialog.isVisible())) {
        const again = await openClaim(manager.page);
        await again.getByRole('button', { name: 'Settle', exact: true }).click();
        await settleDialog.getByRole('radio', { name: /Store credit/ }).check();
      }
    });
    await settleDialog.getByRole('button', { name: 'Settle claim' }).click();
    await seeToast(manager.page, 'Claim settled', undefined, SLOW);
    const companyId = account.uid;
    expect((await readDocument(j.stack, `store_credit/${companyId}`))?.balance).toBe(creditCents);

    // The buyer sees the credit, then the cart spends it.
    await page.goto('/portal/my-account?tab=claims');
    await see(page.getByText(`Store credit: ${usd(creditCents)}`), SLOW);
    await writeCart(j.stack, account.uid, [{ id: JUG.id, quantity: 4 }]);
    await page.goto('/portal/cart');
    await see(page.getByRole('heading', { name: 'Order Summary' }), SLOW);
    await see(page.getByText(`Store credit −${usd(creditCents)} will be applied at checkout`));
    await snap(page, 'claims-cart-store-credit');
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
    const sessionId = await onStripePage(page, j.stack);
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', SLOW);
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    expect(session.amount_subtotal).toBe(4 * JUG.unit);
    expect(session.total_details?.amount_discount).toBe(creditCents);
    const nextId = session.client_reference_id!;
    await expect
      .poll(async () => (await readDocument(j.stack, `orders/${nextId}`))?.status, {
        timeout: 180_000,
        interval: 1000,
      })
      .toBe('processing');
    const next = (await readDocument(j.stack, `orders/${nextId}`))!;
    expect(next.store_credit_applied).toBe(creditCents);
    expect(next.amount).toBe(session.amount_total);
    // The balance is spent: in the portal, and on the company's Stripe customer.
    expect((await readDocument(j.stack, `store_credit/${companyId}`))?.balance).toBe(0);
    const customer = await readDocument(j.stack, `stripe_customers/${companyId}`);
    const stripeCustomer = await stripe().customers.retrieve(String(customer!.customer_id));
    expect((stripeCustomer as Stripe.Customer).balance).toBe(0);
    await page.goto('/portal/my-account?tab=claims');
    await see(page.getByText('Store credit: $0.00'), SLOW);
  },
  400_000,
);
