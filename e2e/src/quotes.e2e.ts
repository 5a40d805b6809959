/**
 * Draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes): a manager writes an
 * order for a company at a show price (an override, with its reason) plus shipping, and sends it
 * as a quote; the buyer finds it in My Account's Quotes tab, opens its document, accepts it and
 * pays by card, and the order carries the quoted prices and names the quote. A second draft goes
 * out as a payment link: paying from the mailed link makes exactly one order. A third quote
 * expires on the company's test clock and can no longer be accepted.
 */
import Stripe from 'stripe';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { QUOTE_MESSAGES } from '@portal/domain';
import { pickSelectOption } from '../../scripts/lib/browser/select-option';
import { advanceBuyerClock } from '../../scripts/lib/test-clocks';
import { mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, uniqueTag, type TestBuyer } from './support/accounts';
import {
  listCollection,
  readDocument,
  productDocument,
  waitForStackStill,
  waitForTriggers,
  wholesalePriceDocument,
  writeDocuments,
  writeLocation,
} from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { onStripePage } from './support/stripe-page';
import {
  openInApp,
  see,
  seeDialog,
  seeText,
  seeToast,
  signInBuyer,
  signInManager,
  usd,
} from './support/ui';

const j = journey('quotes');
const mails = mailClient(j.stack.urls.mail);
const SLOW = 60_000;
const tag = uniqueTag();
/** A product of this journey's own: $25.00 a unit, 100 on hand. */
const SYRUP = { id: `quote-syrup-${tag}`, name: `Quote Guava Syrup ${tag}`, unit: 2500 };
/** The show price the manager quotes, and why. */
const QUOTED = 2000;
const REASON = 'Trade show price agreed with the owner';
const UNITS = 6;
const SHIPPING = 1500;
/** Oregon: no sales tax, so the total is the goods and the shipping. */
const TOTAL = UNITS * QUOTED + SHIPPING;

let company: TestBuyer;
let buyer: Person;
let manager: Person;
let firstNumber = '';

function stripe(): Stripe {
  const url = new URL(j.stack.urls.stripe);
  return new Stripe('sk_test_local_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

/**
 * Types `text` into a searching select and picks the one option it leaves, until `taken` sees the
 * pick take. Only once the search has answered: until then the list shows other entries, and the
 * answer redraws it under the pointer, so a click could land on another one (or be lost).
 */
async function choose(
  page: Page,
  field: Locator,
  text: string,
  taken: (timeoutMs: number) => Promise<void>,
) {
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await pickSelectOption({
    open: async () => {
      await field.click();
      await field.fill(text);
      await expect
        .poll(async () => (await options.allInnerTexts()).map((label) => label.includes(text)), {
          timeout: SLOW,
        })
        .toEqual([true]);
    },
    option: options.filter({ hasText: text }),
    taken,
  });
}

async function quotesOfCompany(): Promise<(Record<string, unknown> & { id: string })[]> {
  const quotes = await listCollection(j.stack, 'quotes');
  return [...quotes]
    .filter(([, quote]) => quote.company_id === company.uid)
    .map(([id, quote]) => ({ ...quote, id }));
}

async function ordersOfQuote(quoteId: string) {
  const orders = await listCollection(j.stack, 'orders');
  return [...orders].filter(([, order]) => {
    const quote = order.quote as { id?: string } | undefined;
    return quote?.id === quoteId;
  });
}

/**
 * The manager writes a draft for the company: the syrup, `units` of it, at the show price when
 * `override`, with the shipping charge; saves it and sends it the chosen way. Answers the quote's
 * number as the Send dialog shows it.
 */
async function draftAndSend(
  units: number,
  override: boolean,
  way: 'Quote' | 'Payment link',
  shot?: string,
): Promise<string> {
  const { page } = manager;
  await page.goto('/admin?tab=orders');
  await see(page.getByRole('heading', { name: 'Draft orders and quotes' }), SLOW);
  await page.getByRole('button', { name: 'New draft order' }).click();
  const editor = page.getByRole('dialog', { name: 'New draft order' });
  await seeDialog(editor);
  const companyField = editor.getByRole('combobox', { name: 'Company' });
  // The field shows the company chosen (its title), not one the redraw put under the pointer.
  await choose(page, companyField, company.storeName, (timeout) =>
    expect
      .poll(
        async () =>
          companyField.evaluate((input) =>
            input.closest('.ant-select-content')?.getAttribute('title'),
          ),
        { timeout },
      )
      .toBe(company.storeName),
  );
  // The company's one location (writeLocation's id 'main'), once its details are read.
  await expect
    .poll(async () => editor.getByLabel('Location').locator('option[value="main"]').count(), {
      timeout: SLOW,
    })
    .toBe(1);
  await editor.getByLabel('Location').selectOption('main');
  const product = editor.getByRole('combobox', { name: 'Add a product' });
  const line = editor.getByRole('group', { name: SYRUP.name });
  await choose(page, product, SYRUP.name, (timeout) =>
    line.getByLabel('Quantity').waitFor({ state: 'visible', timeout }),
  );
  await line.getByLabel('Quantity').fill(String(units));
  if (override) {
    await line.getByRole('checkbox', { name: 'Override price' }).check();
    await line.getByLabel('Quoted price (USD)').fill((QUOTED / 100).toFixed(2));
    await line.getByLabel('Reason for the price').fill(REASON);
  }
  await editor.getByLabel('Shipping charge (USD)').fill((SHIPPING / 100).toFixed(2));
  await editor.getByLabel('Note to the buyer').fill('Thanks for stopping by our booth.');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await seeToast(page, 'Draft saved');
  const saved = page.getByRole('dialog', { name: `Draft order for ${company.storeName}` });
  await see(saved.getByRole('table', { name: 'Saved lines' }));
  if (shot) await snap(page, shot);
  await saved.getByRole('button', { name: /^Send/ }).click();
  const send = page.getByRole('dialog', { name: 'Send draft order' });
  await seeDialog(send);
  await send.getByRole('radio', { name: way }).check();
  await send
    .getByRole('button', { name: way === 'Quote' ? 'Send quote' : 'Send payment link' })
    .click();
  await seeText(send, /(Quote|Payment link) (Q-\d{6}) (sent|mailed)/, SLOW);
  const number = /Q-\d{6}/.exec(await send.innerText())?.[0] ?? '';
  expect(number).toMatch(/^Q-\d{6}$/);
  if (shot) await snap(page, `${shot}-sent`);
  await send.getByRole('button', { name: 'Done' }).click();
  return number;
}

j.step('a manager drafts an order with a show price and sends it as a quote', async () => {
  await writeDocuments(
    j.stack,
    new Map([
      [
        `products/${SYRUP.id}`,
        productDocument({
          name: SYRUP.name,
          description: 'Guava syrup for the quotes journey.',
          // Short: the managers' catalog table must still fit 1280 px with every journey's products.
          sku: `QG-${tag.toUpperCase()}`,
          price_retailer: SYRUP.unit,
          image_url: '/products/dome-lids-16oz.svg',
          sort_order: 901,
        }),
      ],
      [`wholesale_prices/${SYRUP.id}`, wholesalePriceDocument(SYRUP.unit)],
    ]),
  );
  company = await createApprovedBuyer(j.stack, 'retailer', 'quotes');
  await writeLocation(j.stack, company.uid, 'main', 'Main store', 'OR');
  // The managers' company search reads the search keys the triggers keep.
  await waitForTriggers(j.stack);
  manager = await j.person('manager');
  await signInManager(manager.page);
  firstNumber = await draftAndSend(UNITS, true, 'Quote', 'admin-quote-draft');

  const [quote] = await quotesOfCompany();
  expect(quote).toMatchObject({
    state: 'sent',
    delivery: 'quote',
    number: firstNumber,
    shipping_amount: SHIPPING,
    amount: TOTAL,
  });
  expect((quote!.lines as { unit_amount: number; catalog_unit_amount: number }[])[0]).toMatchObject(
    { unit_amount: QUOTED, catalog_unit_amount: SYRUP.unit, override_reason: REASON },
  );
  // The override is in the audit log, with its reason.
  const audit = await listCollection(j.stack, 'audit_log');
  expect(
    [...audit].some(
      ([, entry]) =>
        entry.kind === 'quote_price_override' &&
        entry.quote_id === quote!.id &&
        entry.reason === REASON &&
        entry.unit_amount === QUOTED,
    ),
  ).toBe(true);
  const mail = await mails.waitFor(company.email, (m) =>
    m.subject.startsWith(`Quote ${firstNumber}`),
  );
  expect(mail.subject).toContain(usd(TOTAL));
});

j.step('the buyer accepts the quote in My Account and pays the quoted prices', async () => {
  buyer = await j.person('buyer');
  const { page } = buyer;
  await signInBuyer(page, company.email, company.password);
  const [quote] = await quotesOfCompany();
  await openInApp(page, `/portal/my-account?tab=quotes&quote=${quote!.id}`);
  const card = page.getByRole('listitem', { name: `Quote ${firstNumber}` });
  await see(card, SLOW);
  await see(card.getByText(usd(TOTAL)).first());
  // The buyer sees the final price only: never the catalog price or the reason.
  await expect.poll(async () => (await card.textContent())?.includes(REASON)).toBe(false);
  await snap(page, 'account-quotes');

  // The document: its number, the lines at the quoted price, the shipping.
  await openInApp(page, `/portal/quotes/${quote!.id}`);
  const doc = page.getByRole('article', { name: `Quote ${firstNumber}` });
  await see(doc, SLOW);
  await see(doc.getByText(usd(QUOTED)).first());
  await see(doc.getByText(usd(SHIPPING)).first());
  await snap(page, 'quote-document');

  await openInApp(page, `/portal/my-account?tab=quotes&quote=${quote!.id}`);
  await see(card, SLOW);
  await card.getByRole('button', { name: 'Accept and pay by card' }).click();
  const sessionId = await onStripePage(page, j.stack);
  await see(page.getByText('Shipping').first());
  await page.getByRole('button', { name: `Pay ${usd(TOTAL)}` }).click();
  await see(page.getByText('Payment Successful!').first(), SLOW);
  const session = await stripe().checkout.sessions.retrieve(sessionId);
  expect(session.amount_total).toBe(TOTAL);

  await expect.poll(async () => (await ordersOfQuote(quote!.id)).length, { timeout: SLOW }).toBe(1);
  const [[orderId, order]] = await ordersOfQuote(quote!.id);
  expect(order).toMatchObject({
    source: 'quote',
    quote: { id: quote!.id, number: firstNumber },
    amount: TOTAL,
    shipping_charge: SHIPPING,
  });
  expect((order.items as { unit_amount: number; quantity: number }[])[0]).toMatchObject({
    unit_amount: QUOTED,
    quantity: UNITS,
  });
  expect(await readDocument(j.stack, `quotes/${quote!.id}`)).toMatchObject({
    state: 'accepted',
    order_id: orderId,
  });
  // Its invoice charges the shipping too.
  await openInApp(page, `/portal/orders/${orderId}/invoice`);
  const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
  await see(invoice, SLOW);
  await seeText(invoice, new RegExp(`Shipping\\s+\\${usd(SHIPPING)}`));
  await openInApp(page, `/portal/my-account?tab=quotes&quote=${quote!.id}`);
  await see(card.getByText('Accepted').first(), SLOW);
});

j.step('a second draft goes out as a payment link; paying it makes the order once', async () => {
  const number = await draftAndSend(2, false, 'Payment link');
  const link = await mails.waitFor(company.email, (m) =>
    m.subject.startsWith(`Pay your order ${number}`),
  );
  const url = /(https?:\/\/[^\s)]+\/checkout\/cs_[A-Za-z0-9_]+)/.exec(link.text)?.[1];
  expect(url).toBeTruthy();
  const quote = (await quotesOfCompany()).find((q) => q.number === number)!;
  expect(quote).toMatchObject({ state: 'sent', delivery: 'payment_link' });

  // The owner opens the mailed link (signed in, so the payment page shows the order after).
  const payer = buyer;
  await payer.page.goto(url!);
  const sessionId = await onStripePage(payer.page, j.stack);
  const total = 2 * SYRUP.unit + SHIPPING;
  await snap(payer.page, 'quote-payment-link-checkout');
  await payer.page.getByRole('button', { name: `Pay ${usd(total)}` }).click();
  await see(payer.page.getByText('Payment Successful!').first(), SLOW);
  await expect.poll(async () => (await ordersOfQuote(quote.id)).length, { timeout: SLOW }).toBe(1);
  // The link again: the session is complete, and no second order comes.
  await payer.page.goto(url!);
  expect((await stripe().checkout.sessions.retrieve(sessionId)).status).toBe('complete');
  // Whatever opening the link again set off has run: a second order would be there now.
  await waitForStackStill(j.stack);
  const orders = await ordersOfQuote(quote.id);
  expect(orders).toHaveLength(1);
  expect(orders[0]![1]).toMatchObject({
    source: 'quote',
    amount: total,
    shipping_charge: SHIPPING,
  });
  expect(await readDocument(j.stack, `quotes/${quote.id}`)).toMatchObject({ state: 'accepted' });
});

j.step('a third quote expires on the company clock and can no longer be accepted', async () => {
  const number = await draftAndSend(3, false, 'Quote');
  const quote = (await quotesOfCompany()).find((q) => q.number === number)!;
  const customer = await readDocument(j.stack, `stripe_customers/${company.uid}`);
  const customerId = typeof customer?.customer_id === 'string' ? customer.customer_id : null;
  await advanceBuyerClock({ stripe: stripe(), customerId, weeks: 1, days: 1 });

  const { page } = buyer;
  await page.goto(`/portal/my-account?tab=quotes&quote=${quote.id}`);
  const card = page.getByRole('listitem', { name: `Quote ${number}` });
  await see(card, SLOW);
  await card.getByRole('button', { name: 'Accept and pay by card' }).click();
  await see(card.getByText(QUOTE_MESSAGES.expired).first(), SLOW);
  await see(card.getByText('Expired').first(), SLOW);
  // The pointer off the card: its hover colours are not what the screenshot is about.
  await page.mouse.move(0, 0);
  await snap(page, 'account-quote-expired');
  expect(await readDocument(j.stack, `quotes/${quote.id}`)).toMatchObject({ state: 'expired' });
  expect(await ordersOfQuote(quote.id)).toHaveLength(0);
});
