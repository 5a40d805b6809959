/**
 * A business, not a login (docs/companies.md): an owner's application is approved; the owner
 * adds a second store and invites a buyer for it and a viewer (the links read from MailDev); the
 * buyer orders for the second store (its address on the order and on the packing slip); the
 * viewer follows that order and cannot add to the cart; the owner removes the buyer, whose open
 * tab is refused on its next action; the manager finds the company by the second store's city and
 * sees its members and both stores.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { linkIn, mailClient } from '../../scripts/lib/maildev';
import { createApplicant, uniqueTag, type TestBuyer } from './support/accounts';
import { checkA11yBothWidths } from './support/a11y';
import { journey, UI_TIMEOUT, type Person } from './support/journey';
import { onStripePage } from './support/stripe-page';
import { snap } from './support/screens';
import {
  at,
  openInApp,
  productCard,
  see,
  seeToast,
  signInBuyer,
  signInManager,
} from './support/ui';

const j = journey('companies');
const mails = mailClient(j.stack.urls.mail);
const tag = uniqueTag();
const BUYER_EMAIL = `buyer-${tag}@e2e.test`;
const VIEWER_EMAIL = `books-${tag}@e2e.test`;
const PASSWORD = 'slushie-2025';
const MAIN = { name: 'Main St store', line1: '100 Main St', city: 'Reno', zip: '89501' };
const HARBOR = {
  name: `Harbor store ${tag}`,
  line1: '2 Harbor Way',
  city: 'Long Beach',
  zip: '90802',
};
const PURPLE = 'Purple Dream Syrup';

let owner: TestBuyer;
let manager: Person;
let ownerTab: Person;
let buyerTab: Person;
let viewerTab: Person;
let orderLabel = '';
let orderId = '';

/** Adds a location on My Account's Profile tab (the owner's Locations card). */
async function addLocation(page: Page, location: typeof MAIN) {
  const card = page.getByRole('region', { name: 'Locations' });
  await card.getByRole('button', { name: 'Add location' }).click();
  await card.getByLabel('Location name').fill(location.name);
  await card.getByLabel('Ship to (name)').fill(owner.fullName);
  await card.getByLabel('Address line 1').fill(location.line1);
  await card.getByLabel('City').fill(location.city);
  await card.getByLabel('State').selectOption(location.city === 'Reno' ? 'NV' : 'CA');
  await card.getByLabel('ZIP code').fill(location.zip);
  await card.getByRole('button', { name: 'Save location' }).click();
  await see(card.getByRole('listitem', { name: location.name }));
}

/** Invites an address from the owner's Members card. */
async function invite(page: Page, email: string, role: 'buyer' | 'viewer', location?: string) {
  const card = page.getByRole('region', { name: 'Members' });
  await card.getByRole('button', { name: 'Invite member' }).click();
  await card.getByLabel('Email', { exact: true }).fill(email);
  await card.getByLabel('Role', { exact: true }).selectOption(role);
  if (location) await card.getByLabel(location).check();
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await seeToast(page, 'Invitation sent');
  await see(card.getByRole('listitem', { name: `Invitation to ${email}` }));
}

/** Opens the invitation mail's link and creates the account. */
async function acceptInvitation(
  person: Person,
  email: string,
  fullName: string,
  a11yLabel?: string,
) {
  const mail = await mails.waitFor(email, (m) => m.subject.startsWith('Join '));
  const link = linkIn(mail.text, `${j.stack.urls.web}/join?token=`);
  const { page } = person;
  await page.goto(link);
  await see(page.getByRole('heading', { name: 'Join your company' }));
  await see(page.getByText(`to order with ${owner.storeName}`));
  if (a11yLabel) await checkA11yBothWidths(page, a11yLabel);
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await at(page, '/portal/store');
  await see(page.getByRole('heading', { name: 'VIP Product Catalog' }));
}

j.step('an owner applies and the manager approves the company', async () => {
  owner = await createApplicant(j.stack, 'owner');
  manager = await j.person('manager');
  await signInManager(manager.page);
  await approveCompany(manager.page, owner.storeName);
  ownerTab = await j.person('owner');
  await signInBuyer(ownerTab.page, owner.email, owner.password);
});

j.step('the owner adds two stores and invites a buyer for the second and a viewer', async () => {
  const { page } = ownerTab;
  await openInApp(page, '/portal/my-account?tab=profile');
  await see(page.getByRole('region', { name: 'Locations' }));
  await addLocation(page, MAIN);
  await addLocation(page, HARBOR);
  await invite(page, BUYER_EMAIL, 'buyer', HARBOR.name);
  await invite(page, VIEWER_EMAIL, 'viewer');
  await snap(page, 'company-members');
  await checkA11yBothWidths(page, 'company-members');
});

j.step('the buyer accepts from the mail and orders for the second store', async () => {
  buyerTab = await j.person('buyer');
  await acceptInvitation(buyerTab, BUYER_EMAIL, `Bea Buyer ${tag}`, 'join-new-account');
  const { page } = buyerTab;
  await productCard(page, PURPLE)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await seeToast(page, 'Added to Cart');
  await openInApp(page, '/portal/cart');
  // The buyer orders for the one store the owner gave them.
  const shipTo = page.getByLabel('Ship to');
  // The picker is a lazy part of the summary: it reads the company's locations first.
  await expect.poll(() => shipTo.inputValue(), { timeout: UI_TIMEOUT }).not.toBe('');
  expect(await shipTo.locator('option').allTextContents()).toEqual([HARBOR.name]);
  await snap(page, 'cart-ship-to');
  await checkA11yBothWidths(page, 'cart-ship-to');
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
  await onStripePage(page, j.stack);
  // Checkout is filled in with the second store's address.
  await expect.poll(() => page.getByLabel('Address line 1').inputValue()).toBe(HARBOR.line1);
  await expect.poll(() => page.getByLabel('City').inputValue()).toBe(HARBOR.city);
  await page.getByLabel('Phone').fill('(562) 555-0100');
  await page.getByRole('button', { name: 'Pay' }).click();
  await see(page.getByText('Payment Successful!').first(), 30_000);
  await openInApp(page, '/portal/my-account');
  const order = page.getByRole('listitem', { name: /^Order #/ }).first();
  await see(order.getByText(`For ${HARBOR.name}`));
  orderLabel = (await order.getAttribute('aria-label'))?.replace('Order ', '') ?? '';
  expect(orderLabel).toMatch(/^#/);
  // The whole order id, from its invoice link (/portal/orders/<id>/invoice).
  const invoice = await see(order.getByRole('link', { name: /^Invoice / }));
  orderId =
    /\/orders\/([^/]+)\/invoice/.exec((await invoice.getAttribute('href')) ?? '')?.[1] ?? '';
  expect(orderId).not.toBe('');
});

j.step('the viewer accepts, follows the order and cannot add to the cart', async () => {
  viewerTab = await j.person('viewer');
  await acceptInvitation(viewerTab, VIEWER_EMAIL, `Val Viewer ${tag}`);
  const { page } = viewerTab;
  await see(page.getByText('View only'));
  await expect
    .poll(() =>
      productCard(page, PURPLE)
        .getByRole('button', { name: /Add to Cart/ })
        .count(),
    )
    .toBe(0);
  await openInApp(page, '/portal/my-account');
  const order = page.getByRole('listitem', { name: `Order ${orderLabel}` });
  await see(order.getByText(`For ${HARBOR.name}`));
  await see(order.getByText(`Placed by Bea Buyer ${tag}`));
  await snap(page, 'viewer-orders');
  await checkA11yBothWidths(page, 'viewer-orders');
});

j.step('the owner removes the buyer, whose open tab is refused on its next action', async () => {
  const { page } = ownerTab;
  await page.reload();
  const card = page.getByRole('region', { name: 'Members' });
  await card.getByRole('button', { name: `Remove Bea Buyer ${tag}` }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await seeToast(page, 'Saved');
  // The buyer's tab is still open (no reload: its ID token still names the company for up to an
  // hour): its next action, adding to the cart, is refused by the rules, and the page says why.
  const buyer = buyerTab.page;
  await buyer.getByRole('link', { name: /: store$/ }).click();
  await productCard(buyer, PURPLE)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await see(buyer.getByText('No longer a member').first());
  await see(buyer.getByText(/no longer a member of a company/i).first());
  await snap(buyer, 'removed-member');
  await checkA11yBothWidths(buyer, 'removed-member');
  // Then the tab signs out and lands on sign-in.
  await at(buyer, '/login');
  await see(buyer.getByRole('heading', { name: 'Portal Access' }));
});

j.step(
  'the manager finds the company by the second store’s city and sees members and stores',
  async () => {
    const { page } = manager;
    await findCompany(page, HARBOR.city, owner.storeName);
    await see(page.getByText(owner.email).first());
    await see(page.getByText(VIEWER_EMAIL).first());
    await see(page.getByText(MAIN.name).first());
    await see(page.getByText(HARBOR.name).first());
    await snap(page, 'admin-company');
    await checkA11yBothWidths(page, 'admin-company');
    // The order's packing slip ships to the second store.
    await openInApp(page, `/admin/orders/${orderId}/packing-slip`);
    await see(page.getByText(HARBOR.line1).first());
  },
);

/** The Companies tab searched for this text (the search is kept in the address). */
const companiesOf = (search: string) => `/admin?tab=companies&q=${encodeURIComponent(search)}`;

/** The manager approves a pending company from the dashboard's Companies tab. */
async function approveCompany(page: Page, storeName: string) {
  await openInApp(page, companiesOf(storeName));
  const row = page.getByRole('row').filter({ hasText: storeName });
  await row.getByRole('button', { name: `Approve ${storeName}` }).click();
  // The applicant made by the test has not verified the address: the manager confirms.
  await page.getByRole('button', { name: 'Approve anyway' }).click();
  await seeToast(page, 'Success', undefined, 30_000);
  await see(row.getByText('Approved').first(), 30_000);
}

/** Searches the Companies tab and opens the company's page. */
async function findCompany(page: Page, search: string, storeName: string) {
  await openInApp(page, companiesOf(search));
  await page.getByRole('link', { name: storeName }).first().click({ timeout: 30_000 });
  await see(page.getByRole('heading', { name: storeName }).first());
}
