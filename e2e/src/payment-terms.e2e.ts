/**
 * Payment terms (docs/payment-terms.md): a manager gives a company Net 30 and a $500 limit; its
 * buyer orders about $300 on terms with a PO number (awaiting payment, shippable, the invoice mail
 * links to the hosted invoice page); a second order of the same size is refused on terms with the
 * available credit shown, and is paid by card instead; the company's clock passes the due date (a
 * reminder and an overdue mail, credit hold, terms refused); the buyer pays the invoice by bank
 * account on the hosted page; once it settles the order is paid, the hold lifts, and Receivables
 * shows nothing open.
 */
import Stripe from 'stripe';
import { expect } from 'vitest';
import { TERMS_MESSAGES } from '@portal/domain';
import { advanceBuyerClock } from '../../scripts/lib/test-clocks';
import { mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { checkA11yBothWidths } from './support/a11y';
import { readDocument, writeCart, writeLocation } from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { fillShipTo, onStripePage } from './support/stripe-page';
import { chooseCarrier } from './support/ship-dialog';
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

const j = journey('payment-terms');
const mails = mailClient(j.stack.urls.mail);
/** Purple Dream Syrup: $34.99 retail by the unit (breaks from 12). Nine make $314.91. */
const PURPLE = { id: 'purple-dream', unit: 3499 };
const UNITS = 9;
const ORDER = UNITS * PURPLE.unit;
const LIMIT = 50_000;
const PO = 'PO-4471';

let company: TestBuyer;
let buyer: Person;
let manager: Person;
let termsOrderId = '';
let invoiceId = '';

function stripe(): Stripe {
  const url = new URL(j.stack.urls.stripe);
  return new Stripe('sk_test_local_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

const order = async (id: string) => (await readDocument(j.stack, `orders/${id}`)) ?? {};
const credit = async () => (await readDocument(j.stack, `company_credit/${company.uid}`)) ?? {};

async function fillCart(units: number) {
  await writeCart(j.stack, company.uid, [{ id: PURPLE.id, quantity: units }]);
  await buyer.page.goto('/portal/cart');
  await see(buyer.page.getByRole('heading', { name: 'Payment' }));
}

j.step('a manager gives the company Net 30 and a $500 credit limit', async () => {
  company = await createApprovedBuyer(j.stack, 'retailer', 'terms');
  // Orders on terms ship to a location (in Oregon: no sales tax; the tax journey taxes them).
  await writeLocation(j.stack, company.uid, 'main', 'Main store', 'OR');
  manager = await j.person('manager');
  const { page } = manager;
  await signInManager(page);
  await openInApp(page, `/admin/companies/${encodeURIComponent(company.uid)}`);
  const panel = page.getByRole('region', { name: 'Payment terms' });
  await see(panel.getByText('None (card only)'));
  await panel.getByRole('button', { name: 'Change terms' }).click();
  await panel.getByLabel('Terms', { exact: true }).selectOption({ label: 'Net 30' });
  await panel.getByLabel('Credit limit (dollars)').fill('500');
  await panel.getByLabel(/Reason/).fill('Three years of on-time payments');
  await panel.getByRole('button', { name: 'Save terms' }).click();
  await seeToast(page, 'Terms saved.');
  await see(panel.getByText('Net 30'));
  expect(await credit()).toMatchObject({ net_days: 30, credit_limit: LIMIT });
  await snap(page, 'admin-company-terms');
});

j.step(
  'the buyer orders on terms with a PO number: awaiting payment, with an invoice mail',
  async () => {
    buyer = await j.person('buyer');
    const { page } = buyer;
    await signInBuyer(page, company.email, company.password);
    await at(page, '/portal/my-account');
    await fillCart(UNITS);
    await see(page.getByText(`Available credit: ${usd(LIMIT)} of ${usd(LIMIT)}`));
    await page.getByRole('radio', { name: 'Invoice, due in 30 days' }).check();
    await page.getByLabel('PO number (optional)').fill(PO);
    await snap(page, 'cart-payment-terms');
    await checkA11yBothWidths(page, 'cart-payment-terms');
    await page.getByRole('button', { name: 'Place order on terms' }).click();
    await seeToast(page, 'Order placed', 'Order placed on terms. Invoice due');
    await at(page, '/portal/my-account');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await see(invoices.getByText(PO));
    await see(invoices.getByText(usd(ORDER)));

    const orders = await readDocument(j.stack, `company_credit/${company.uid}`);
    expect(orders).toMatchObject({ open_balance: ORDER });
    const placed = await mails.waitFor(company.email, (m) =>
      m.subject.startsWith('Order confirmed on Net 30'),
    );
    expect(placed.text).toContain(PO);
    const hosted = /(https?:\/\/[^\s)]+\/invoice\/(in_[A-Za-z0-9]+))/.exec(placed.text);
    expect(hosted?.[1]).toContain(new URL(j.stack.urls.stripe).host);
    invoiceId = hosted![2]!;
    const found = (await stripe().invoices.retrieve(invoiceId)).metadata?.order_id;
    termsOrderId = found ?? '';
    expect(await order(termsOrderId)).toMatchObject({
      status: 'awaiting_payment',
      payment_method: 'terms',
      po_number: PO,
    });
    await snap(page, 'account-invoices');
    await checkA11yBothWidths(page, 'account-invoices');
  },
);

j.step('the manager can ship the order while its invoice is open', async () => {
  const { page } = manager;
  const label = `#${termsOrderId.slice(0, 8)}`;
  await openInApp(page, `/admin?tab=orders&order=${termsOrderId}`);
  const entry = page.locator('tr, article').filter({ hasText: label }).first();
  await see(entry);
  await seeText(entry, /Awaiting payment/);
  await entry.getByRole('button', { name: 'Mark Shipped', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${label}` });
  await seeDialog(dialog);
  await chooseCarrier(page, dialog, 'UPS');
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
  await expect
    .poll(async () => (await order(termsOrderId)).status, { timeout: 20_000 })
    .toBe('shipped');
});

j.step(
  'a second order of the same size is refused on terms with the credit left, and paid by card',
  async () => {
    const { page } = buyer;
    await fillCart(UNITS);
    const left = LIMIT - ORDER;
    await see(
      page.getByText(
        `This order is over your available credit of ${usd(left)}. Pay by card instead, or pay an open invoice first.`,
      ),
    );
    expect(await page.getByRole('radio', { name: 'Invoice, due in 30 days' }).isDisabled()).toBe(
      true,
    );
    await snap(page, 'cart-over-credit');
    await page.getByRole('radio', { name: 'Pay by card now' }).check();
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
    await onStripePage(page, j.stack);
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await see(page.getByText('Payment Successful!').first(), 30_000);
    expect((await credit()).open_balance).toBe(ORDER);
  },
);

j.step(
  'past the due date: a reminder and an overdue mail, the company on hold, terms refused',
  async () => {
    const customer = await readDocument(j.stack, `stripe_customers/${company.uid}`);
    const customerId = typeof customer?.customer_id === 'string' ? customer.customer_id : null;
    await advanceBuyerClock({ stripe: stripe(), customerId, weeks: 5 });
    await mails.waitFor(company.email, (m) => m.subject.startsWith('Payment reminder'));
    const overdue = await mails.waitFor(company.email, (m) => m.subject.startsWith('Past due'));
    expect(overdue.text).toContain('credit hold');
    await expect
      .poll(async () => (await credit()).overdue_orders, { timeout: 20_000 })
      .toEqual([termsOrderId]);

    const { page } = buyer;
    await fillCart(1);
    await see(page.getByText(TERMS_MESSAGES.onHold));
    expect(await page.getByRole('radio', { name: 'Invoice, due in 30 days' }).isDisabled()).toBe(
      true,
    );
    await page.goto('/portal/my-account?tab=invoices');
    await see(page.getByText('Your company is on credit hold: an invoice is past due.'));
    await see(page.getByRole('table', { name: 'Invoices' }).getByText('Overdue').first());
    await snap(page, 'account-invoices-hold');
  },
);

j.step('the buyer pays by bank account; once it settles the hold lifts', async () => {
  const { page } = buyer;
  const pay = page.getByRole('link', { name: /^Pay now/ }).first();
  const href = await (await see(pay)).getAttribute('href');
  expect(href).toContain(`/invoice/${invoiceId}`);
  await openInApp(page, href!);
  await page.getByLabel(/US bank account/).check();
  await page.getByRole('button', { name: `Pay ${usd(ORDER)}` }).click();
  await see(page.getByRole('status').getByText(/payment is processing/));
  expect((await order(termsOrderId)).terms).toMatchObject({ state: 'open' });

  const settled = await fetch(`${j.stack.urls.stripe}/_sandbox/invoices/${invoiceId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'succeeded' }),
  });
  expect(settled.status).toBe(200);
  await expect
    .poll(async () => (await order(termsOrderId)).terms, { timeout: 20_000 })
    .toMatchObject({ state: 'paid' });
  expect(await credit()).toMatchObject({ open_balance: 0, overdue_orders: [] });
  await mails.waitFor(company.email, (m) => m.subject.startsWith('Payment received'));

  await page.goto('/portal/my-account?tab=invoices');
  // Nothing left open; the invoice is under Paid.
  await see(page.getByRole('heading', { name: 'No open invoices' }));
  await page.getByRole('radio', { name: 'Paid', exact: true }).check();
  const paid = page.getByRole('table', { name: 'Invoices' });
  await see(paid.getByText(PO));
  await see(paid.getByText('Paid', { exact: true }));
  expect(
    await page.getByText('Your company is on credit hold: an invoice is past due.').count(),
  ).toBe(0);

  const admin = manager.page;
  await admin.goto('/admin?tab=receivables');
  await see(admin.getByText('No open invoices.'));
  await snap(admin, 'admin-receivables');
  await checkA11yBothWidths(admin, 'admin-receivables');
});
