/**
 * What the security fixes look like to the people they protect (docs/security.md): a name with a
 * right-to-left override is refused on the application form; a second store rename within a
 * minute waits; a manager sees an order's open payment dispute and cannot ship it.
 */
import { expect } from 'vitest';
import { createApprovedBuyer, uniqueTag, type TestBuyer } from './support/accounts';
import { listCollection, patchDocument } from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { fillShipTo, onStripePage } from './support/stripe-page';
import { chooseCarrier } from './support/ship-dialog';
import {
  at,
  openInApp,
  productCard,
  see,
  seeDialog,
  seeToast,
  signInBuyer,
  signInManager,
} from './support/ui';

const j = journey('security-ui');
const BLUE = { name: 'Blue Coast Syrup', retailer: 3499 };
const RLO = '\u202E';
let account: TestBuyer;
let buyer: Person;
let orderLabel = '';

j.step('a store name with a right-to-left override is refused on the application', async () => {
  const visitor = await j.person('visitor');
  const { page } = visitor;
  await page.goto('/apply');
  await see(page.getByRole('heading', { name: 'Request Access' }));
  await page.getByLabel(/full name/i).fill('Dana Reyes');
  await page.getByLabel(/store name/i).fill(`Slush ${RLO}nigol/tset.live`);
  await page.getByLabel(/email/i).fill(`rlo-${uniqueTag()}@apply.test`);
  await page.getByLabel(/password/i).fill('demo1234');
  await page.getByLabel(/seller permit/i).fill('SP-123456');
  await page.getByRole('button', { name: /submit|apply|request access/i }).click();
  await see(page.getByText('Store name cannot contain special characters', { exact: true }));
  await snap(page, 'apply-unsafe-store-name');
  // Nothing was sent: the form is still there.
  await see(page.getByRole('heading', { name: 'Request Access' }));
});

j.step('a buyer renames the store, then again at once: the second rename waits', async () => {
  account = await createApprovedBuyer(j.stack, 'retailer', 'security');
  buyer = await j.person('buyer');
  const { page } = buyer;
  await signInBuyer(page, account.email, account.password);
  await at(page, '/portal/my-account', 10_000);
  await page.getByRole('tab', { name: 'Profile' }).click();
  const storeName = page.getByRole('textbox', { name: /store name/i });
  await expect.poll(() => storeName.inputValue()).toBe(account.storeName);
  const first = `${account.storeName} East`;
  await storeName.fill(first);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await seeToast(page, 'Your profile has been successfully updated.');
  await storeName.fill(`${account.storeName} West`);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await seeToast(page, 'You changed the store name a moment ago. Try again in a minute.');
  await snap(page, 'rename-too-soon');
  await page.reload();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect
    .poll(() => page.getByRole('textbox', { name: /store name/i }).inputValue())
    .toBe(first);
});

j.step('the buyer pays an order, and its payment is disputed at the bank', async () => {
  const { page } = buyer;
  await openInApp(page, '/portal/store');
  await productCard(page, BLUE.name).getByRole('button', { name: 'Buy Now' }).click();
  await onStripePage(page, j.stack);
  await fillShipTo(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await at(page, '/payment-success', 30_000);
  const label = await see(page.getByText(/^#[A-Za-z0-9]{8}$/), 30_000);
  orderLabel = (await label.innerText()).trim();
  // What the webhook records from charge.dispute.created (functions/test/payments/disputes.test.ts
  // drives that path through the Stripe sandbox; here the record is written as it would be).
  const orders = await listCollection(j.stack, 'orders');
  const ids = [...orders].filter(([, order]) => order.user_id === account.uid).map(([id]) => id);
  expect(ids).toHaveLength(1);
  await patchDocument(j.stack, `orders/${ids[0]}`, {
    dispute: {
      dispute_id: `du_e2e${uniqueTag()}`,
      status: 'needs_response',
      reason: 'fraudulent',
      amount: BLUE.retailer,
      opened_at: new Date(),
      closed_at: null,
    },
  });
});

j.step('the manager sees the open dispute and cannot ship the order', async () => {
  const manager = await j.person('manager');
  const { page } = manager;
  await signInManager(page);
  const row = page
    .getByRole('region', { name: 'Recent Orders' })
    .getByRole('row')
    .filter({ hasText: orderLabel })
    .first();
  await row.getByRole('button', { name: `Details of order ${orderLabel}` }).click();
  await see(page.getByText(/Payment disputed: needs response/i));
  await see(page.getByText(/Do not ship until the dispute is resolved in Stripe/));
  await snap(page, 'admin-order-disputed');
  await row.getByRole('button', { name: 'Mark Shipped', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${orderLabel}` });
  await seeDialog(dialog);
  await chooseCarrier(page, dialog, 'UPS');
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
  await see(
    page
      .getByText('This order has an open payment dispute. Resolve it in Stripe before shipping.')
      .first(),
  );
});
