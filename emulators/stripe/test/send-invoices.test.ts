/**
 * One-off invoices sent for payment ("net terms"): drafts and invoice items, finalize, send, the
 * payment paths (out of band, by card through the API, on the hosted page by card or US bank
 * account and its settlement), void and uncollectible, due-date reminders on test clocks, lists,
 * the PDF, and the refusals of each.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { parseCliOptions } from '../src/cli-options.js';
import { CLOCK_START, DAY } from './billing-support.js';
import {
  deliveredEvents,
  failure,
  forgetEvents,
  startTestSandbox,
  startWebhookReceiver,
  type WebhookReceiver,
} from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ sandbox, stripe } = await startTestSandbox({ webhookUrl: receiver.url }));
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});
beforeEach(async () => {
  await sandbox.whenWebhooksIdle();
  sandbox.reset();
  receiver.received.length = 0;
});

const events = () => deliveredEvents(sandbox, stripe, receiver);
const clearEvents = () => forgetEvents(sandbox, receiver);
const types = async () => (await events()).map((event) => event.type);

async function buyer(options: { clock?: string } = {}): Promise<Stripe.Customer> {
  return stripe.customers.create({
    email: 'orders@acme.example',
    name: 'Acme Bakeries',
    ...(options.clock ? { test_clock: options.clock } : {}),
  });
}

/** A send_invoice draft for the customer with a PO number, an order id and two lines. */
async function orderInvoice(
  customer: string,
  overrides: Partial<Stripe.InvoiceCreateParams> = {},
): Promise<Stripe.Invoice> {
  const invoice = await stripe.invoices.create({
    customer,
    collection_method: 'send_invoice',
    days_until_due: 30,
    custom_fields: [{ name: 'PO number', value: 'PO-4471' }],
    metadata: { orderId: 'order_981' },
    description: 'Order order_981',
    footer: 'Thank you for your business.',
    ...overrides,
  });
  await stripe.invoiceItems.create({
    customer,
    invoice: invoice.id,
    quantity: 3,
    unit_amount_decimal: Stripe.Decimal.from('1250'),
    description: 'Blue Glaze Mug',
    metadata: { sku: 'MUG-BLUE' },
  });
  await stripe.invoiceItems.create({
    customer,
    invoice: invoice.id,
    amount: 4999,
    description: 'Teapot',
  });
  return stripe.invoices.retrieve(invoice.id);
}

/** An open (finalized) order invoice. */
async function openInvoice(customer: string): Promise<Stripe.Invoice> {
  const draft = await orderInvoice(customer);
  return stripe.invoices.finalizeInvoice(draft.id);
}

function page(url: string) {
  return fetch(url).then(async (response) => ({
    status: response.status,
    html: await response.text(),
  }));
}

function submitInvoicePay(invoiceId: string, method: string): Promise<Response> {
  return fetch(`${sandbox.url}/invoice/${invoiceId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method }).toString(),
    redirect: 'manual',
  });
}

function postInvoiceSettle(
  invoiceId: string,
  body: string,
  contentType = 'application/x-www-form-urlencoded',
): Promise<Response> {
  return fetch(`${sandbox.url}/_sandbox/invoices/${invoiceId}/settle`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
}

describe('one-off invoices: drafts and invoice items', () => {
  it('creates a draft, adds lines, finalizes and sends it, with its events', async () => {
    const customer = await buyer();
    const created = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      custom_fields: [{ name: 'PO number', value: 'PO-4471' }],
      metadata: { orderId: 'order_981' },
    });
    expect(created).toMatchObject({
      object: 'invoice',
      status: 'draft',
      billing_reason: 'manual',
      collection_method: 'send_invoice',
      parent: null,
      number: null,
      amount_due: 0,
      total: 0,
      customer: customer.id,
      customer_email: 'orders@acme.example',
      customer_name: 'Acme Bakeries',
      custom_fields: [{ name: 'PO number', value: 'PO-4471' }],
      metadata: { orderId: 'order_981' },
      auto_advance: false,
      hosted_invoice_url: null,
      payment_settings: { payment_method_types: ['card', 'us_bank_account'] },
    });
    expect(created.lines.data).toEqual([]);

    const mugs = await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: created.id,
      quantity: 3,
      unit_amount_decimal: Stripe.Decimal.from('1250'),
      description: 'Blue Glaze Mug',
      metadata: { sku: 'MUG-BLUE' },
    });
    expect(mugs).toMatchObject({
      object: 'invoiceitem',
      amount: 3750,
      quantity: 3,
      invoice: created.id,
      customer: customer.id,
      description: 'Blue Glaze Mug',
      metadata: { sku: 'MUG-BLUE' },
      pricing: { type: 'price_details' },
    });
    expect(String(mugs.pricing?.unit_amount_decimal)).toBe('1250');
    expect((await stripe.invoiceItems.retrieve(mugs.id)).id).toBe(mugs.id);
    await stripe.invoiceItems.create({ customer: customer.id, invoice: created.id, amount: 4999 });

    const draft = await stripe.invoices.retrieve(created.id);
    expect(draft).toMatchObject({ subtotal: 8749, total: 8749, amount_due: 8749 });
    expect(draft.amount_remaining).toBe(8749);
    const [line] = draft.lines.data;
    expect(line).toMatchObject({
      object: 'line_item',
      amount: 3750,
      quantity: 3,
      description: 'Blue Glaze Mug',
      metadata: { sku: 'MUG-BLUE' },
      parent: {
        type: 'invoice_item_details',
        invoice_item_details: { invoice_item: mugs.id, subscription: null },
      },
    });
    const lines = await stripe.invoices.listLineItems(created.id, { limit: 1 });
    expect(lines).toMatchObject({ object: 'list', has_more: true });
    expect(lines.data[0]?.id).toBe(line?.id);

    const before = Math.floor(Date.now() / 1000);
    const finalized = await stripe.invoices.finalizeInvoice(created.id);
    expect(finalized).toMatchObject({
      status: 'open',
      amount_due: 8749,
      amount_remaining: 8749,
      hosted_invoice_url: `${sandbox.url}/invoice/${created.id}`,
      invoice_pdf: `${sandbox.url}/invoice/${created.id}/pdf`,
    });
    expect(finalized.number).toMatch(/^SBX-\d{6}$/);
    const finalizedAt = finalized.status_transitions.finalized_at as number;
    expect(finalizedAt).toBeGreaterThanOrEqual(before);
    expect(finalized.due_date).toBe(finalizedAt + 30 * DAY);

    const sent = await stripe.invoices.sendInvoice(created.id);
    expect(sent.status).toBe('open');
    const delivered = await events();
    expect(delivered.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.sent',
    ]);
    const finalizedEvent = delivered[1] as Stripe.InvoiceFinalizedEvent;
    expect(finalizedEvent.data.object).toMatchObject({ id: created.id, status: 'open' });
  });

  it('prices items from saved one-time prices and price_data, and keeps pending items', async () => {
    const customer = await buyer();
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1800,
      product_data: { name: 'House blend, 1 kg' },
    });
    const pending = await stripe.invoiceItems.create({
      customer: customer.id,
      pricing: { price: price.id },
      quantity: 2,
    });
    expect(pending).toMatchObject({
      invoice: null,
      amount: 3600,
      description: 'House blend, 1 kg',
      pricing: { price_details: { price: price.id, product: price.product } },
    });
    const viaData = await stripe.invoiceItems.create({
      customer: customer.id,
      price_data: { currency: 'usd', product: price.product as string, unit_amount: 250 },
      quantity: 4,
    });
    expect(viaData.amount).toBe(1000);
    const dropped = await stripe.invoiceItems.create({ customer: customer.id, amount: 100 });
    expect(await stripe.invoiceItems.del(dropped.id)).toMatchObject({ deleted: true });

    const excluded = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 10,
    });
    expect(excluded.lines.data).toHaveLength(0);
    const included = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 10,
      pending_invoice_items_behavior: 'include',
    });
    expect(included.total).toBe(4600);
    expect(included.lines.data.map((line) => line.amount)).toEqual([3600, 1000]);
    expect((await stripe.invoiceItems.retrieve(pending.id)).invoice).toBe(included.id);

    // Deleting an item on a draft takes its line off.
    await stripe.invoiceItems.del(viaData.id);
    expect((await stripe.invoices.retrieve(included.id)).total).toBe(3600);
  });

  it('refuses bad invoice items', async () => {
    const customer = await buyer();
    const other = await buyer();
    const draft = await orderInvoice(customer.id);
    const recurring = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 900,
      recurring: { interval: 'month' },
      product_data: { name: 'Club' },
    });
    const cases: Array<[Stripe.InvoiceItemCreateParams, string]> = [
      [{ customer: 'cus_missing', amount: 100 }, 'customer'],
      [{ customer: customer.id }, 'amount'],
      [{ customer: customer.id, amount: 100, quantity: 2 }, 'quantity'],
      [
        { customer: customer.id, amount: 100, unit_amount_decimal: Stripe.Decimal.from('5') },
        'unit_amount_decimal',
      ],
      [{ customer: customer.id, pricing: { price: recurring.id } }, 'pricing[price]'],
      [{ customer: customer.id, pricing: { price: 'price_missing' } }, 'pricing[price]'],
      [
        {
          customer: customer.id,
          price_data: { currency: 'usd', product: 'prod_missing', unit_amount: 1 },
        },
        'price_data[product]',
      ],
      [{ customer: customer.id, amount: 100, currency: 'eur' }, 'currency'],
      [{ customer: other.id, invoice: draft.id, amount: 100 }, 'invoice'],
    ];
    for (const [params, param] of cases) {
      expect(await failure(stripe.invoiceItems.create(params))).toMatchObject({
        statusCode: 400,
        param,
      });
    }
    await stripe.invoices.finalizeInvoice(draft.id);
    const onOpen = await failure(
      stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 100 }),
    );
    expect(onOpen).toMatchObject({ statusCode: 400, param: 'invoice' });
    expect((onOpen as Error).message).toMatch(/not a draft/);
    const line = (await stripe.invoices.retrieve(draft.id)).lines.data[0];
    const itemId = line?.parent?.invoice_item_details?.invoice_item as string;
    expect(await failure(stripe.invoiceItems.del(itemId))).toMatchObject({ statusCode: 400 });
    expect(await failure(stripe.invoiceItems.retrieve('ii_missing'))).toMatchObject({
      statusCode: 404,
    });
  });

  it('checks custom_fields, the payment terms and the customer', async () => {
    const customer = await buyer();
    const base = { customer: customer.id, collection_method: 'send_invoice' as const };
    const field = (name: string, value = 'x') => ({ name, value });
    const refused = async (params: Stripe.InvoiceCreateParams) =>
      (await failure(stripe.invoices.create(params))) as Stripe.errors.StripeError;

    const five = await refused({
      ...base,
      days_until_due: 30,
      custom_fields: ['a', 'b', 'c', 'd', 'e'].map((name) => field(name)),
    });
    expect(five).toMatchObject({ statusCode: 400, param: 'custom_fields' });
    expect(five.message).toMatch(/at most 4 custom fields/);
    const longName = await refused({
      ...base,
      days_until_due: 30,
      custom_fields: [field('n'.repeat(41))],
    });
    expect(longName).toMatchObject({ param: 'custom_fields[0][name]' });
    expect(longName.message).toMatch(/must be at most 40 characters/);
    const longValue = await refused({
      ...base,
      days_until_due: 30,
      custom_fields: [field('PO', 'v'.repeat(141))],
    });
    expect(longValue).toMatchObject({ param: 'custom_fields[0][value]' });
    expect(longValue.message).toMatch(/must be at most 140 characters/);
    const ok = await stripe.invoices.create({
      ...base,
      days_until_due: 30,
      custom_fields: [field('n'.repeat(40), 'v'.repeat(140)), field('b'), field('c'), field('d')],
    });
    expect(ok.custom_fields).toHaveLength(4);

    expect(await refused(base)).toMatchObject({ param: 'days_until_due' });
    expect(
      await refused({ ...base, days_until_due: 30, due_date: CLOCK_START + 10 * DAY }),
    ).toMatchObject({ param: 'due_date' });
    expect(await refused({ ...base, due_date: Math.floor(Date.now() / 1000) - 60 })).toMatchObject({
      param: 'due_date',
    });
    expect(await refused({ customer: customer.id, days_until_due: 30 })).toMatchObject({
      param: 'days_until_due',
    });
    expect(await refused({ ...base, days_until_due: 30, currency: 'eur' })).toMatchObject({
      param: 'currency',
    });
    expect(await refused({ collection_method: 'send_invoice', days_until_due: 3 })).toMatchObject({
      param: 'customer',
    });
    expect(
      await refused({
        customer: 'cus_missing',
        collection_method: 'send_invoice',
        days_until_due: 3,
      }),
    ).toMatchObject({ statusCode: 400, param: 'customer', code: 'resource_missing' });
    expect(
      await refused({
        ...base,
        days_until_due: 3,
        payment_settings: { payment_method_types: ['sepa_debit'] },
      }),
    ).toMatchObject({ param: 'payment_settings[payment_method_types][0]' });

    const dueDate = Math.floor(Date.now() / 1000) + 14 * DAY;
    const fixed = await stripe.invoices.create({ ...base, due_date: dueDate });
    expect(fixed.due_date).toBe(dueDate);
    expect((await stripe.invoices.finalizeInvoice(fixed.id)).due_date).toBe(dueDate);
    const automatic = await stripe.invoices.create({ customer: customer.id });
    expect(automatic).toMatchObject({
      collection_method: 'charge_automatically',
      due_date: null,
      payment_settings: { payment_method_types: null },
    });
    // Nothing was made by the refused requests.
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(3);
  });

  it('updates drafts, only metadata once finalized, and deletes drafts only', async () => {
    const customer = await buyer();
    const draft = await orderInvoice(customer.id);
    await clearEvents();
    const updated = await stripe.invoices.update(draft.id, {
      metadata: { orderId: 'order_982' },
      custom_fields: [{ name: 'PO number', value: 'PO-4472' }],
      days_until_due: 45,
      footer: 'Net 45',
    });
    expect(updated).toMatchObject({
      metadata: { orderId: 'order_982' },
      custom_fields: [{ name: 'PO number', value: 'PO-4472' }],
      footer: 'Net 45',
    });
    const [event] = (await events()) as Stripe.InvoiceUpdatedEvent[];
    expect(event?.type).toBe('invoice.updated');
    expect(event?.data.previous_attributes).toMatchObject({
      metadata: { orderId: 'order_981' },
      footer: 'Thank you for your business.',
    });

    const open = await stripe.invoices.finalizeInvoice(draft.id);
    expect(open.due_date).toBe((open.status_transitions.finalized_at as number) + 45 * DAY);
    expect(
      (await stripe.invoices.update(draft.id, { metadata: { paidBy: 'ap@acme' } })).metadata,
    ).toEqual({ orderId: 'order_982', paidBy: 'ap@acme' });
    expect(
      await failure(stripe.invoices.update(draft.id, { description: 'changed' })),
    ).toMatchObject({ statusCode: 400, param: 'description' });
    expect(await failure(stripe.invoices.del(draft.id))).toMatchObject({ statusCode: 400 });

    const other = await orderInvoice(customer.id);
    expect(await stripe.invoices.del(other.id)).toMatchObject({ id: other.id, deleted: true });
    expect(await failure(stripe.invoices.retrieve(other.id))).toMatchObject({ statusCode: 404 });
  });
});

describe('one-off invoices: finalize, void, uncollectible, pay', () => {
  it('refuses a second finalize, and replays one with the same Idempotency-Key', async () => {
    const customer = await buyer();
    const draft = await orderInvoice(customer.id);
    await clearEvents();
    const first = await stripe.invoices.finalizeInvoice(draft.id, {}, { idempotencyKey: 'fin-1' });
    const replay = await stripe.invoices.finalizeInvoice(draft.id, {}, { idempotencyKey: 'fin-1' });
    expect(replay.number).toBe(first.number);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    const again = (await failure(stripe.invoices.finalizeInvoice(draft.id))) as Error;
    expect(again).toMatchObject({ statusCode: 400 });
    expect(again.message).toMatch(/already finalized/);
    expect(await types()).toEqual(['invoice.finalized']);
  });

  it('pays a zero-total invoice at finalization', async () => {
    const customer = await buyer();
    const draft = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
    });
    const finalized = await stripe.invoices.finalizeInvoice(draft.id);
    expect(finalized).toMatchObject({ status: 'paid', amount_due: 0 });
    expect(await types()).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
  });

  it('voids and marks uncollectible as Stripe does, refusing the rest', async () => {
    const customer = await buyer();
    const draft = await orderInvoice(customer.id);
    expect(await failure(stripe.invoices.voidInvoice(draft.id))).toMatchObject({ statusCode: 400 });
    expect(await failure(stripe.invoices.markUncollectible(draft.id))).toMatchObject({
      statusCode: 400,
    });
    expect(await failure(stripe.invoices.sendInvoice(draft.id))).toMatchObject({
      statusCode: 400,
    });
    await stripe.invoices.finalizeInvoice(draft.id);
    await clearEvents();

    const uncollectible = await stripe.invoices.markUncollectible(draft.id);
    expect(uncollectible.status).toBe('uncollectible');
    expect(uncollectible.status_transitions.marked_uncollectible_at).toEqual(expect.any(Number));
    expect(await failure(stripe.invoices.markUncollectible(draft.id))).toMatchObject({
      statusCode: 400,
    });
    const voided = await stripe.invoices.voidInvoice(draft.id);
    expect(voided).toMatchObject({ status: 'void', amount_remaining: 0 });
    expect(voided.status_transitions.voided_at).toEqual(expect.any(Number));
    const refusedVoid = (await failure(stripe.invoices.voidInvoice(draft.id))) as Error;
    expect(refusedVoid.message).toMatch(/only void open or uncollectible/);
    expect(await failure(stripe.invoices.pay(draft.id, { paid_out_of_band: true }))).toMatchObject({
      statusCode: 400,
    });
    expect((await stripe.invoices.retrieve(draft.id)).status).toBe('void');
    expect(await types()).toEqual(['invoice.marked_uncollectible', 'invoice.voided']);

    // An uncollectible invoice can still be paid.
    const second = await openInvoice(customer.id);
    await stripe.invoices.markUncollectible(second.id);
    const paid = await stripe.invoices.pay(second.id, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('paid');
    expect(await failure(stripe.invoices.voidInvoice(second.id))).toMatchObject({
      statusCode: 400,
    });
    const automatic = await stripe.invoices.create({ customer: customer.id });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: automatic.id, amount: 900 });
    await stripe.invoices.finalizeInvoice(automatic.id);
    const notSendable = (await failure(stripe.invoices.sendInvoice(automatic.id))) as Error;
    expect(notSendable.message).toMatch(/send_invoice/);
  });

  it('pays out of band, and by card through the API (declined, then paid and refundable)', async () => {
    const customer = await buyer();
    const band = await openInvoice(customer.id);
    await clearEvents();
    const outOfBand = await stripe.invoices.pay(band.id, { paid_out_of_band: true });
    expect(outOfBand).toMatchObject({ status: 'paid', amount_paid: 8749, amount_remaining: 0 });
    expect((await stripe.invoicePayments.list({ invoice: band.id })).data).toHaveLength(0);
    expect(await types()).toEqual(['invoice.paid']);
    expect(await failure(stripe.invoices.pay(band.id, { paid_out_of_band: true }))).toMatchObject({
      statusCode: 400,
    });
    // A paid invoice may still be sent (Stripe's mail then names no payment).
    await clearEvents();
    expect(await stripe.invoices.sendInvoice(band.id)).toMatchObject({ status: 'paid' });
    expect(await types()).toEqual(['invoice.sent']);

    const card = await openInvoice(customer.id);
    expect(await failure(stripe.invoices.pay(card.id))).toMatchObject({
      statusCode: 400,
      param: 'payment_method',
    });
    await clearEvents();
    const declined = await failure(
      stripe.invoices.pay(card.id, { payment_method: 'pm_card_chargeCustomerFail' }),
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect(await stripe.invoices.retrieve(card.id)).toMatchObject({
      status: 'open',
      attempt_count: 1,
    });
    const paid = await stripe.invoices.pay(card.id, {
      payment_method: 'pm_card_visa',
      expand: ['payments'],
    });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 8749, attempt_count: 2 });
    expect(await types()).toEqual(['invoice.payment_failed', 'invoice.paid']);
    const paymentIntentId = paid.payments?.data[0]?.payment.payment_intent as string;
    const paymentIntent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(paymentIntent).toMatchObject({
      status: 'succeeded',
      amount: 8749,
      description: 'Payment for Invoice',
    });
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 1000 });
    expect(refund).toMatchObject({ amount: 1000, status: 'succeeded' });
  });
});

describe('hosted invoice page', () => {
  it('shows the invoice and a Pay button; pays by card', async () => {
    const customer = await buyer();
    const invoice = await openInvoice(customer.id);
    const { status, html } = await page(invoice.hosted_invoice_url as string);
    expect(status).toBe(200);
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/Test mode: local Stripe sandbox/);
    expect(html).toContain(`<h1>Invoice ${invoice.number}</h1>`);
    expect(html).toContain('<dt>PO number</dt><dd>PO-4471</dd>');
    expect(html).toContain('<dt>Due date</dt>');
    expect(html).toMatch(
      /Blue Glaze Mug<\/th>\s*<td class="num">3<\/td>\s*<td class="num">\$12\.50<\/td>\s*<td class="num">\$37\.50<\/td>/,
    );
    expect(html).toContain('<td class="num" data-testid="total">$87.49</td>');
    expect(html).toContain('<td class="num" data-testid="amount-due">$87.49</td>');
    expect(html).toContain('<dd data-testid="status">Open</dd>');
    expect(html).toContain('<label for="method-card">Card (test card 4242 4242 4242 4242)</label>');
    expect(html).toContain(
      '<label for="method-us_bank_account">US bank account (settles in a few days)</label>',
    );
    expect(html).toContain(`<form method="post" action="/invoice/${invoice.id}/pay">`);
    expect(html).toContain('<button type="submit">Pay $87.49</button>');
    await clearEvents();

    const response = await submitInvoicePay(invoice.id, 'card');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/invoice/${invoice.id}`);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 8749,
    });
    const delivered = await events();
    expect(delivered.map((event) => event.type)).toEqual(['invoice.paid']);
    expect((delivered[0] as Stripe.InvoicePaidEvent).data.object.id).toBe(invoice.id);
    const paidPage = await page(invoice.hosted_invoice_url as string);
    expect(paidPage.html).toContain('<dd data-testid="status">Paid</dd>');
    expect(paidPage.html).not.toContain('<button');
    expect((await submitInvoicePay(invoice.id, 'card')).status).toBe(409);

    expect((await page(`${sandbox.url}/invoice/in_missing`)).status).toBe(404);
    const draft = await orderInvoice(customer.id);
    expect((await page(`${sandbox.url}/invoice/${draft.id}`)).status).toBe(404);
    expect((await submitInvoicePay(draft.id, 'card')).status).toBe(404);
  });

  it('pays by US bank account: processing, then settled (succeeded or failed)', async () => {
    const customer = await buyer();
    const invoice = await openInvoice(customer.id);
    await clearEvents();
    expect((await submitInvoicePay(invoice.id, 'us_bank_account')).status).toBe(303);
    const processing = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    expect(processing.status).toBe('open');
    const paymentIntentId = processing.payments?.data[0]?.payment.payment_intent as string;
    expect((await stripe.paymentIntents.retrieve(paymentIntentId)).status).toBe('processing');
    const { html } = await page(invoice.hosted_invoice_url as string);
    expect(html).toContain('<dd data-testid="status">Payment processing</dd>');
    expect(html).toMatch(/payment is processing/);
    expect(html).not.toContain('<button');
    expect((await submitInvoicePay(invoice.id, 'card')).status).toBe(409);
    expect(await types()).toEqual([]);

    const settled = await postInvoiceSettle(
      invoice.id,
      '{"outcome":"succeeded"}',
      'application/json',
    );
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({ id: invoice.id, status: 'paid' });
    expect((await stripe.paymentIntents.retrieve(paymentIntentId)).status).toBe('succeeded');
    expect(await types()).toEqual(['invoice.paid']);
    expect((await postInvoiceSettle(invoice.id, 'outcome=succeeded')).status).toBe(409);

    const failing = await openInvoice(customer.id);
    await sandbox.payInvoice(failing.id, { method: 'us_bank_account' });
    await clearEvents();
    await sandbox.settleInvoicePayment(failing.id, 'failed');
    const failed = await stripe.invoices.retrieve(failing.id, { expand: ['payments'] });
    expect(failed).toMatchObject({ status: 'open', attempt_count: 1 });
    const failedIntent = await stripe.paymentIntents.retrieve(
      failed.payments?.data[0]?.payment.payment_intent as string,
    );
    expect(failedIntent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'insufficient_funds', payment_method_type: 'us_bank_account' },
    });
    expect(await types()).toEqual(['invoice.payment_failed']);
    await expect(sandbox.settleInvoicePayment(failing.id, 'failed')).rejects.toThrow(
      /no bank payment processing/,
    );
    // It can be paid again, by card this time.
    await sandbox.payInvoice(failing.id, { method: 'card' });
    expect((await stripe.invoices.retrieve(failing.id)).status).toBe('paid');
    await expect(sandbox.payInvoice(failing.id, { method: 'card' })).rejects.toThrow(
      /cannot be paid/,
    );
    await expect(sandbox.payInvoice('in_missing', { method: 'card' })).rejects.toThrow(
      /No such invoice/,
    );
  });

  it('refuses settle requests as the checkout settle endpoint does', async () => {
    const customer = await buyer();
    const invoice = await openInvoice(customer.id);
    const missing = await postInvoiceSettle('in_missing', 'outcome=succeeded');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await postInvoiceSettle(invoice.id, 'outcome=succeeded')).status).toBe(409);
    await sandbox.payInvoice(invoice.id, { method: 'us_bank_account' });
    const bad = await postInvoiceSettle(invoice.id, 'outcome=maybe');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { param: 'outcome' } });
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('open');
    expect((await postInvoiceSettle(invoice.id, 'outcome=failed')).status).toBe(200);
  });

  it('serves the invoice as a PDF', async () => {
    const customer = await buyer();
    const invoice = await openInvoice(customer.id);
    const response = await fetch(invoice.invoice_pdf as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(`(Invoice ${invoice.number})`);
    expect(pdf).toContain('(PO number: PO-4471)');
    expect(pdf).toContain('(Total: $87.49)');
    expect(pdf).toMatch(/\(Due date: [A-Z][a-z]+ \d{1,2}, \d{4}\)/);
    expect(pdf).toContain('Blue Glaze Mug');
  });
});

describe('due dates on test clocks', () => {
  it('sends invoice.will_be_due and invoice.overdue once each, in order, while open', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
    const customer = await buyer({ clock: clock.id });
    const unpaid = await orderInvoice(customer.id, { days_until_due: 10 });
    expect(unpaid.created).toBe(CLOCK_START);
    const open = await stripe.invoices.finalizeInvoice(unpaid.id);
    expect(open.due_date).toBe(CLOCK_START + 10 * DAY);
    const paidLater = await openInvoice(customer.id); // due in 30 days
    await stripe.invoices.pay(paidLater.id, { paid_out_of_band: true });
    await clearEvents();

    // Past due - 3 days: will_be_due only.
    await sandbox.advanceClock(clock.id, CLOCK_START + 8 * DAY);
    expect(await types()).toEqual(['invoice.will_be_due', 'test_helpers.test_clock.ready']);
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 10 * DAY + 3600);
    expect(await types()).toEqual(['test_helpers.test_clock.ready']);
    await clearEvents();
    // Past due + 1 day, and far beyond: overdue once; nothing for the paid invoice.
    await sandbox.advanceClock(clock.id, CLOCK_START + 60 * DAY);
    const delivered = await events();
    expect(delivered.map((event) => event.type)).toEqual([
      'invoice.overdue',
      'test_helpers.test_clock.ready',
    ]);
    expect((delivered[0] as Stripe.InvoiceOverdueEvent).data.object.id).toBe(unpaid.id);
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 90 * DAY);
    expect(await types()).toEqual(['test_helpers.test_clock.ready']);
  });

  it('walks reminders of several invoices in time order, and none for a voided one', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
    const customer = await buyer({ clock: clock.id });
    const late = await orderInvoice(customer.id, { days_until_due: 20 });
    const soon = await orderInvoice(customer.id, { days_until_due: 5 });
    const voided = await orderInvoice(customer.id, { days_until_due: 5 });
    for (const invoice of [late, soon, voided]) await stripe.invoices.finalizeInvoice(invoice.id);
    await stripe.invoices.voidInvoice(voided.id);
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 30 * DAY);
    const delivered = await events();
    expect(
      delivered.map((event) =>
        event.type.startsWith('invoice.')
          ? `${event.type} ${(event.data.object as Stripe.Invoice).id}`
          : event.type,
      ),
    ).toEqual([
      `invoice.will_be_due ${soon.id}`,
      `invoice.overdue ${soon.id}`,
      `invoice.will_be_due ${late.id}`,
      `invoice.overdue ${late.id}`,
      'test_helpers.test_clock.ready',
    ]);
  });

  it('takes the reminder days from the options and the CLI', async () => {
    const local = await startTestSandbox({
      webhookUrl: receiver.url,
      willBeDueDays: 7,
      overdueDays: 0,
    });
    try {
      const clock = await local.stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
      const customer = await local.stripe.customers.create({ test_clock: clock.id });
      const invoice = await local.stripe.invoices.create({
        customer: customer.id,
        collection_method: 'send_invoice',
        days_until_due: 10,
      });
      await local.stripe.invoiceItems.create({
        customer: customer.id,
        invoice: invoice.id,
        amount: 500,
      });
      await local.stripe.invoices.finalizeInvoice(invoice.id);
      await local.sandbox.whenWebhooksIdle();
      receiver.received.length = 0;
      await local.sandbox.advanceClock(clock.id, CLOCK_START + 3 * DAY);
      await local.sandbox.advanceClock(clock.id, CLOCK_START + 10 * DAY);
      const seen = await deliveredEvents(local.sandbox, local.stripe, receiver);
      expect(seen.map((event) => event.type)).toEqual([
        'invoice.will_be_due',
        'test_helpers.test_clock.ready',
        'invoice.overdue',
        'test_helpers.test_clock.ready',
      ]);
    } finally {
      await local.sandbox.stop();
    }
    expect(
      parseCliOptions(['--invoice-will-be-due-days', '5'], {
        STRIPE_SANDBOX_INVOICE_OVERDUE_DAYS: '2',
      }),
    ).toEqual({ willBeDueDays: 5, overdueDays: 2 });
    expect(() => parseCliOptions(['--invoice-overdue-days', '-1'], {})).toThrow(/Invalid/);
  });
});

describe('invoice lists', () => {
  it('filters by collection_method and status, newest first, with cursors', async () => {
    const customer = await buyer();
    const draft = await orderInvoice(customer.id);
    const open = await openInvoice(customer.id);
    const automatic = await stripe.invoices.create({ customer: customer.id });
    const sent = await stripe.invoices.list({ collection_method: 'send_invoice' });
    expect(sent.data.map((invoice) => invoice.id)).toEqual([open.id, draft.id]);
    const openSent = await stripe.invoices.list({
      collection_method: 'send_invoice',
      status: 'open',
    });
    expect(openSent.data.map((invoice) => invoice.id)).toEqual([open.id]);
    const charged = await stripe.invoices.list({ collection_method: 'charge_automatically' });
    expect(charged.data.map((invoice) => invoice.id)).toEqual([automatic.id]);
    const page1 = await stripe.invoices.list({ customer: customer.id, limit: 2 });
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.invoices.list({
      customer: customer.id,
      limit: 2,
      starting_after: page1.data[1]?.id as string,
    });
    expect(page2.data.map((invoice) => invoice.id)).toEqual([draft.id]);
    expect(
      await failure(
        stripe.invoices.list({
          collection_method: 'by_pigeon' as Stripe.InvoiceListParams.CollectionMethod,
        }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'collection_method' });
  });
});
