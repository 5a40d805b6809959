/**
 * The main story: a visitor reads the landing page and applies; the mail with the verification
 * link arrives and verifies the address; the applicant cannot get in yet; the manager hears of
 * the application by mail and approves it; the approval mail's link opens sign-in; the buyer
 * shops at retailer prices, changes quantities, pays for the whole cart on the Stripe sandbox
 * page, gets the confirmation mail (ship-to, invoice link) and finds the order; the manager sees
 * the order and the revenue change. Mails are read from MailDev's REST API.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { linkIn, mailClient } from '../../scripts/lib/maildev';
import { uniqueTag } from './support/accounts';
import { journey, type Person } from './support/journey';
import { E2E_SHIP_TO, fillShipTo } from './support/stripe-page';
import { checkA11yBothWidths } from './support/a11y';
import { snap } from './support/screens';
import {
  at,
  openInApp,
  productCard,
  revenue,
  see,
  seeQuantity,
  seeText,
  seeToast,
  signInManager,
  submitSignIn,
  usd,
  usdPattern,
} from './support/ui';

const j = journey('buyer-onboarding');
const mails = mailClient(j.stack.urls.mail);
const tag = uniqueTag();
const applicant = {
  fullName: `Ada Applicant ${tag}`,
  storeName: `Sunset Smoke ${tag}`,
  email: `applicant-${tag}@e2e.test`,
  password: 'slushie-2025',
  permit: `SR-APP-${tag.toUpperCase()}`,
};
// Seeded retailer prices (emulator-data/firestore.json).
const PURPLE = { name: 'Purple Dream Syrup', retailer: 3499 };
const MANGO = { name: 'Mango Tango Syrup', retailer: 3299 };
const MACHINE = { name: 'Slushie Machine, Single Bowl', retailer: 89900 };

let visitor: Person;
let manager: Person;
let revenueBefore = 0;
let orderTotal = 0;
let orderLabel = '';

async function chooseBusinessType(page: Page, type: 'Retailer' | 'Wholesaler') {
  const radio = page.getByRole('radio', { name: new RegExp(type, 'i') });
  if ((await radio.count()) > 0) {
    await radio.first().check();
    return;
  }
  await page.getByRole('combobox', { name: /business type/i }).click();
  await page.getByRole('option', { name: new RegExp(type, 'i') }).click();
}

j.step('a visitor reads the landing page and opens the application form', async () => {
  visitor = await j.person('visitor');
  const { page } = visitor;
  await page.goto('/');
  await see(page.getByRole('heading', { level: 1, name: "California's Electric Flavor" }));
  await see(page.getByRole('heading', { name: /premium products/i }));
  for (const card of ['Premium Syrups', 'Slushie Machines', 'VIP Partnership']) {
    await see(page.getByRole('heading', { name: card }));
  }
  await see(page.getByText('500+').first());
  await see(page.getByRole('link', { name: 'Become a Partner' }));
  await snap(page, 'landing');
  await page.getByRole('link', { name: 'Apply Now' }).click();
  await at(page, '/apply');
  await see(page.getByRole('heading', { name: 'Request Access' }));
  await snap(page, 'apply');
});

j.step('the visitor applies as a retailer', async () => {
  const { page } = visitor;
  // Submitted empty first: every field says what it needs.
  await page.getByRole('button', { name: /submit|apply|request access/i }).click();
  await see(page.getByText('Full name is required'));
  await see(page.getByText('Seller permit number is required'));
  await checkA11yBothWidths(page, 'apply-errors');
  await page.getByLabel(/full name/i).fill(applicant.fullName);
  await page.getByLabel(/store name/i).fill(applicant.storeName);
  await page.getByLabel(/email/i).fill(applicant.email);
  await page.getByLabel(/password/i).fill(applicant.password);
  await page.getByLabel(/seller permit/i).fill(applicant.permit);
  await chooseBusinessType(page, 'Retailer');
  await page.getByRole('button', { name: /submit|apply|request access/i }).click();
  await see(page.getByText('Application Submitted!').first());
  await see(page.getByText(/24-48 hours/));
  await see(page.getByRole('link', { name: 'Return to Home' }));
  await snap(page, 'apply-submitted');
});

j.step('the verification mail arrives and its link verifies the address', async () => {
  const { page } = visitor;
  const mail = await mails.waitFor(
    applicant.email,
    (m) => m.subject === 'We received your application',
  );
  // Sent to an address not verified yet: a fixed greeting, none of the applicant's words.
  expect(mail.text).toContain('Hello,');
  expect(mail.text).not.toContain(applicant.storeName);
  const link = linkIn(mail.text, `${j.stack.urls.web}/auth/action?mode=verifyEmail&oobCode=`);
  await page.goto(link);
  await see(page.getByRole('heading', { name: 'Email verified' }));
  await see(page.getByText(applicant.email));
  await snap(page, 'auth-action-email-verified');
});

j.step("the new applicant cannot get in: 'Account Pending'", async () => {
  const { page } = visitor;
  await page.goto('/login');
  await see(page.getByRole('heading', { name: 'Portal Access' }));
  await see(page.getByRole('link', { name: /apply|create account|request access/i }));
  await snap(page, 'login');
  await submitSignIn(page, applicant.email, applicant.password);
  await seeToast(
    page,
    'Account Pending',
    "Your account is still pending approval. We'll notify you when it's ready.",
  );
  await snap(page, 'login-account-pending');
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.goto('/portal/store');
  await at(page, '/login');
});

j.step(
  'the manager approves the applicant in /admin',
  async () => {
    manager = await j.person('manager');
    const { page } = manager;
    await page.goto('/admin/login');
    await see(page.getByRole('heading', { name: 'Admin Login' }));
    await snap(page, 'admin-login');
    await signInManager(page);
    await seeToast(page, 'Welcome back!', 'Successfully logged in as admin');
    await see(page.getByRole('heading', { name: 'Recent Orders' }));
    revenueBefore = await revenue(page);
    await snap(page, 'admin-dashboard');
    // The new-application mail (sent once the address was verified) links to the Companies tab.
    const note = await mails.waitFor(
      'manager@demo.test',
      (m) => m.subject === `New application: ${applicant.storeName}`,
    );
    expect(note.text).toContain(`Email: ${applicant.email}`);
    await page.goto(linkIn(note.text, `${j.stack.urls.web}/admin?tab=companies`));
    await see(page.getByRole('tab', { name: /companies/i, selected: true }));
    const row = page.getByRole('row').filter({ hasText: applicant.storeName });
    await seeText(row, /pending/i);
    await seeText(row, /Verified/);
    await snap(page, 'admin-users');
    await row.getByRole('button', { name: /approve/i }).click();
    await seeToast(page, 'Profile approved successfully');
    await seeText(row, /approved/i);
    expect(await row.getByRole('button', { name: /approve/i }).count()).toBe(0);
    // The Reject confirmation of the approved buyer (opened from a table row on desktop, from a
    // card on phones) is checked, then dismissed: the buyer stays approved.
    const popconfirm = page.locator('.confirm-popover').filter({ visible: true });
    const confirmReject = popconfirm.getByRole('button', { name: 'Reject', exact: true });
    const openReject = async () => {
      if (await confirmReject.isVisible()) return;
      await page
        .getByRole('button', { name: `Reject ${applicant.storeName}` })
        .first()
        .click();
      await see(confirmReject);
    };
    await checkA11yBothWidths(page, 'admin-users-reject-confirm', openReject);
    await openReject();
    await popconfirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => confirmReject.isVisible()).toBe(false);
    await seeText(row, /approved/i);
  },
  150_000,
);

j.step(
  "the approval mail's link opens sign-in; 'Welcome back!', then /portal/my-account after about 3 s",
  async () => {
    const { page } = visitor;
    const mail = await mails.waitFor(
      applicant.email,
      (m) => m.subject === 'Your wholesale account is approved',
    );
    await page.goto(linkIn(mail.text, `${j.stack.urls.web}/login`));
    await see(page.getByRole('heading', { name: 'Portal Access' }));
    await submitSignIn(page, applicant.email, applicant.password);
    const shownAt = Date.now();
    const toast = await seeToast(page, 'Welcome back!');
    await see(toast.getByRole('button', { name: 'Store' }));
    await see(toast.getByRole('button', { name: 'Account' }));
    await snap(page, 'login-welcome-back');
    await at(page, '/portal/my-account', 10_000);
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThan(2_000);
    expect(waited).toBeLessThan(8_000);
    await see(page.getByRole('tab', { name: 'Orders', selected: true }));
    await see(page.getByText('No orders yet'));
    await snap(page, 'account-orders-empty');
  },
);

j.step('the buyer sees retailer prices and adds two products', async () => {
  const { page } = visitor;
  await openInApp(page, '/portal/store');
  await see(page.getByRole('heading', { name: 'VIP Product Catalog' }));
  await seeText(productCard(page, PURPLE.name), usdPattern(PURPLE.retailer));
  await seeText(productCard(page, MACHINE.name), usdPattern(MACHINE.retailer));
  expect(await page.getByText('Wholesale', { exact: true }).count()).toBe(0);
  await see(page.getByText(applicant.storeName).first());
  await snap(page, 'store-retailer');

  await productCard(page, PURPLE.name)
    .getByRole('button', { name: /^Add to Cart/ })
    .click();
  await seeToast(page, 'Added to Cart', 'Product successfully added to your cart.');
  await see(
    productCard(page, PURPLE.name).getByRole('button', { name: /^Add to Cart 1 in cart$/ }),
  );
  await productCard(page, MANGO.name)
    .getByRole('button', { name: /^Add to Cart/ })
    .click();
  await see(productCard(page, MANGO.name).getByRole('button', { name: /^Add to Cart 1 in cart$/ }));
  await see(page.getByRole('link', { name: /cart, 2 lines/i }));
  // The store with products in the cart (counts on the cards and the header's cart).
  await checkA11yBothWidths(page, 'store-with-cart');
});

j.step('the buyer changes quantities in the cart', async () => {
  const { page } = visitor;
  await page.getByRole('link', { name: /cart, 2 lines/i }).click();
  await at(page, '/portal/cart');
  await see(page.getByRole('heading', { name: 'Your Cart' }));
  const purple = page.getByRole('article', { name: PURPLE.name });
  const mango = page.getByRole('article', { name: MANGO.name });
  await see(purple);
  await see(mango);
  expect(await mango.getByRole('button', { name: /decrease/i }).isDisabled()).toBe(true);

  const increase = (line: typeof purple) => line.getByRole('button', { name: /increase/i });
  await increase(purple).click();
  await seeQuantity(purple, 2);
  await increase(purple).click();
  await seeQuantity(purple, 3);
  await increase(mango).click();
  await seeQuantity(mango, 2);
  await mango.getByRole('button', { name: /decrease/i }).click();
  await seeQuantity(mango, 1);
  await increase(mango).click();
  await seeQuantity(mango, 2);

  orderTotal = 3 * PURPLE.retailer + 2 * MANGO.retailer;
  const summary = page.getByRole('complementary').filter({ hasText: 'Order Summary' });
  await seeText(summary, new RegExp(`Total\\s*${usdPattern(orderTotal).source}`));
  await seeText(summary, /Shipping\s*Free/);
  await seeText(purple, usdPattern(3 * PURPLE.retailer));
  await seeText(mango, usdPattern(2 * MANGO.retailer));
  await snap(page, 'cart');
});

j.step('the buyer checks out the whole cart and pays on the Stripe sandbox page', async () => {
  const { page } = visitor;
  await page.getByRole('button', { name: /proceed to checkout/i }).click();
  await page.waitForURL((url) => url.origin === new URL(j.stack.urls.stripe).origin, {
    waitUntil: 'load',
  });
  await see(page.getByText(PURPLE.name));
  await see(page.getByText(MANGO.name));
  await see(page.getByText(usd(orderTotal)).first());
  await fillShipTo(page);
  await snap(page, 'stripe-checkout');
  await page.getByRole('button', { name: 'Pay' }).click();
  await at(page, '/payment-success', 30_000);
  expect(new URL(page.url()).searchParams.get('session_id')).toMatch(/^cs_/);
  await see(page.getByText('Payment Successful!').first(), 30_000);
  await see(page.getByText(usd(orderTotal)).first(), 30_000);
  await see(page.getByText('Processing', { exact: true }).first(), 30_000);
  const label = await see(page.getByText(/^#[A-Za-z0-9]{8}$/));
  orderLabel = (await label.innerText()).trim();
  await see(
    page
      .getByRole('button', { name: /continue shopping/i })
      .or(page.getByRole('link', { name: /continue shopping/i })),
  );
  await snap(page, 'payment-success');
});

j.step('the buyer finds the order in Orders', async () => {
  const { page } = visitor;
  await page
    .getByRole('button', { name: /view account/i })
    .or(page.getByRole('link', { name: /view account/i }))
    .first()
    .click();
  await at(page, '/portal/my-account');
  await see(page.getByRole('tab', { name: 'Orders', selected: true }));
  const order = page.getByRole('listitem', { name: `Order ${orderLabel}` });
  await seeText(order, usdPattern(orderTotal));
  await seeText(order, /Processing/);
  await snap(page, 'account-orders');
});

j.step('the manager sees the order and the revenue change', async () => {
  const { page } = manager;
  await page.goto('/admin');
  await see(page.getByRole('heading', { name: 'Recent Orders' }));
  const row = page.getByRole('row').filter({ hasText: orderLabel });
  await seeText(row, new RegExp(applicant.storeName));
  await seeText(row, usdPattern(orderTotal));
  await seeText(row, /processing/i);
  await expect.poll(() => revenue(page), { timeout: 20_000 }).toBe(revenueBefore + orderTotal);
  await snap(page, 'admin-dashboard-after-order');
});

j.step(
  'the buyer gets one confirmation mail with the lines, the ship-to and the invoice link',
  async () => {
    const { page } = visitor;
    const mail = await mails.waitFor(applicant.email, (m) =>
      m.subject.startsWith('Order confirmed: INV-'),
    );
    expect(mail.text).toContain(`3 x ${PURPLE.name}`);
    expect(mail.text).toContain(`2 x ${MANGO.name}`);
    expect(mail.text).toContain(`Total: ${usd(orderTotal)}`);
    expect(mail.text).toContain(E2E_SHIP_TO.line1);
    const invoice = linkIn(mail.text, `${j.stack.urls.web}/portal/orders/`);
    expect(invoice).toMatch(/\/invoice$/);
    await page.goto(invoice);
    await see(page.getByRole('article', { name: /^Invoice INV-\d{6}$/ }));
    expect(
      (await mails.to(applicant.email)).filter((m) => m.subject.startsWith('Order confirmed')),
    ).toHaveLength(1);
  },
);
