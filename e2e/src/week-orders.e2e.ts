/**
 * Order numbers people can use, no false success page, and a search that finds flavors (from a week
 * of real use): a manager finds an order by the short number on screen; the new-order mail's link
 * opens the order expanded, after signing in, and the buyer's confirmation mail opens it in My
 * Account (another buyer is told it is not theirs); /payment-success with a bogus session and with
 * another buyer's session explains instead of "Payment Successful!"; the store's search finds a
 * flavor named only in a description.
 */
import { expect } from 'vitest';
import { linkIn, mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { listCollection, waitForTriggers } from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { fillShipTo } from './support/stripe-page';
import {
  at,
  openInApp,
  productCard,
  see,
  signInBuyer,
  signInManager,
  submitSignIn,
} from './support/ui';

const j = journey('week-orders');
const mails = mailClient(j.stack.urls.mail);
const SEARCH_ORDERS = 'Search store, email, order or invoice number';
let first: TestBuyer;
let buyer: Person;
let other: Person;
let orderId = '';
let orderLabel = '';
let successUrl = '';

j.step(
  'a buyer pays an order through the Stripe sandbox',
  async () => {
    first = await createApprovedBuyer(j.stack, 'retailer', 'week-orders');
    buyer = await j.person('buyer');
    const { page } = buyer;
    await signInBuyer(page, first.email, first.password);
    await openInApp(page, '/portal/store');
    await productCard(page, 'Blue Coast Syrup').getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL((url) => url.origin === new URL(j.stack.urls.stripe).origin, {
      waitUntil: 'load',
      timeout: 90_000,
    });
    await see(page.getByRole('heading', { name: 'Checkout' }));
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', 60_000);
    const label = await see(page.getByText(/^#[A-Za-z0-9]{8}$/), 60_000);
    orderLabel = (await label.innerText()).trim();
    successUrl = page.url();
    const orders = await listCollection(j.stack, 'orders');
    const ids = [...orders].filter(([, order]) => order.user_id === first.uid).map(([id]) => id);
    expect(ids).toHaveLength(1);
    orderId = ids[0]!;
    expect(orderLabel).toBe(`#${orderId.slice(0, 8)}`);
    // The search keys are written by a Firestore trigger.
    await waitForTriggers(j.stack);
  },
  400_000,
);

j.step(
  'the manager finds the order by the short number shown on screen',
  async () => {
    const manager = await j.person('manager');
    const { page } = manager;
    await signInManager(page);
    await openInApp(page, '/admin?tab=orders');
    const table = page.getByRole('region', { name: 'Recent Orders' });
    const box = page.getByRole('searchbox', { name: SEARCH_ORDERS });
    // As typed from another screen: without the '#', in lower case; then as shown.
    for (const typed of [orderLabel.slice(1).toLowerCase(), orderLabel]) {
      await box.fill(typed);
      await box.press('Enter');
      await see(table.getByRole('row').filter({ hasText: orderLabel }).first(), 90_000);
      await see(table.getByText(first.storeName).first(), 60_000);
    }
    expect(await page.getByText('No orders match these filters.').count()).toBe(0);
    await snap(page, 'week-03-order-number-search-after');
  },
  400_000,
);

j.step(
  "the new-order mail's link opens the order, expanded, once the manager has signed in",
  async () => {
    const mail = await mails.waitFor(
      'manager@demo.test',
      (m) => m.subject.startsWith(`New order from ${first.storeName}`),
      60_000,
    );
    const link = linkIn(mail.text, `${j.stack.urls.web}/admin?`);
    expect(link).toContain(`order=${orderId}`);
    const fresh = await j.person('manager-from-mail');
    const { page } = fresh;
    await page.goto(link);
    await at(page, '/admin/login');
    await submitSignIn(page, 'manager@demo.test');
    await at(page, '/admin');
    expect(new URL(page.url()).searchParams.get('order')).toBe(orderId);
    const details = page.getByRole('button', { name: `Details of order ${orderLabel}` });
    await see(details, 90_000);
    await expect
      .poll(() => details.getAttribute('aria-expanded'), { timeout: 30_000 })
      .toBe('true');
    await see(page.getByText(`Order ${orderLabel} from your link is open below.`), 60_000);
    // The expanded row's details (items, ship-to) are on screen.
    await see(page.getByText('Blue Coast Syrup').first(), 60_000);
    await snap(page, 'week-03-mail-link-opens-order-after');

    await openInApp(page, '/admin?tab=orders&order=zzzzzzzzzzzzzzzzzzzz');
    await see(page.getByText('No order #zzzzzzzz was found.'), 90_000);
    await page.getByRole('button', { name: 'Show all orders' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('order'), { timeout: 30_000 })
      .toBeNull();
  },
  400_000,
);

j.step(
  "the buyer's confirmation mail opens the order in My Account; another buyer is told it is not theirs",
  async () => {
    const mail = await mails.waitFor(
      first.email,
      (m) => m.subject.startsWith('Order confirmed'),
      60_000,
    );
    const link = linkIn(mail.text, `${j.stack.urls.web}/portal/my-account?order=`);
    expect(link).toContain(`order=${orderId}`);
    const fresh = await j.person('buyer-from-mail');
    const { page } = fresh;
    await page.goto(link);
    await at(page, '/login');
    await submitSignIn(page, first.email, first.password);
    await at(page, '/portal/my-account');
    const card = page.getByRole('listitem', { name: `Order ${orderLabel}` });
    await see(card.getByRole('button', { name: 'Hide items' }), 60_000);
    await see(page.getByText(`Order ${orderLabel} from your email is open below.`));
    await snap(page, 'week-03-mail-link-opens-order-buyer-after');

    const second = await createApprovedBuyer(j.stack, 'retailer', 'week-orders-other');
    other = await j.person('other-buyer');
    await signInBuyer(other.page, second.email, second.password);
    await other.page.goto(link);
    await see(
      other.page.getByText(`Order ${orderLabel} isn't among this account's orders.`),
      60_000,
    );
  },
  400_000,
);

j.step(
  "/payment-success with a bogus session and with another buyer's session",
  async () => {
    const { page } = other;
    await page.goto(`/payment-success?session_id=cs_test_${'b0gus'.repeat(5)}`);
    await see(page.getByRole('heading', { level: 1, name: 'Payment Not Found' }), 30_000);
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
    await snap(page, 'week-06-payment-success-invalid-after');

    await page.goto(successUrl);
    await see(
      page.getByRole('heading', { level: 1, name: 'This Payment Is on Another Account' }),
      30_000,
    );
    expect(await page.getByText('Payment Successful!').count()).toBe(0);

    await page.goto('/payment-success');
    await see(page.getByRole('heading', { level: 1, name: 'No Payment to Show' }));
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
    await snap(page, 'week-06-payment-success-no-session-after');
    await page.getByRole('link', { name: 'View Your Orders' }).click();
    await at(page, '/portal/my-account');
  },
  400_000,
);

j.step(
  'the store search finds a flavor named only in a description, best match first',
  async () => {
    const { page } = buyer;
    await openInApp(page, '/portal/store');
    const search = page.getByLabel('Search', { exact: true });
    await search.fill('grape');
    const cards = page.locator('.product-grid').getByRole('article');
    await see(productCard(page, 'Purple Dream Syrup'), 60_000);
    await expect
      .poll(async () => (await cards.first().innerText()).includes('Purple Dream'), {
        timeout: 30_000,
      })
      .toBe(true);
    await snap(page, 'week-11-catalog-search-flavour-after');
    await search.fill('cherry');
    await see(productCard(page, 'Red Rush Syrup'));
    await expect
      .poll(async () => (await cards.first().innerText()).includes('Red Rush'), {
        timeout: 30_000,
      })
      .toBe(true);
  },
  400_000,
);
