/**
 * Credit notes: on an open invoice (what is still due goes down; nothing left, it is paid), on a
 * paid one (customer balance credit, refund, out of band), their tax, preview, list, void, and the
 * refusals of each, which write nothing.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
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

const types = async () =>
  (await deliveredEvents(sandbox, stripe, receiver)).map((event) => event.type);

/** A customer shipping to Nevada (6.85%), for taxed invoices. */
const buyer = () =>
  stripe.customers.create({
    email: 'orders@acme.example',
    name: 'Acme Bakeries',
    shipping: {
      name: 'Acme Bakeries',
      address: {
        line1: '1 Main St',
        city: 'Reno',
        state: 'NV',
        postal_code: '89501',
        country: 'US',
      },
    },
  });

/**
 * A finalized send_invoice invoice of 4 jugs at $12.50 and one $20.00 pump (taxed when `tax`):
 * open, or paid by card when `paid`.
 */
async function finalizedInvoice(
  customer: string,
  options: { paid?: boolean; tax?: boolean } = {},
): Promise<Stripe.Invoice> {
  const draft = await stripe.invoices.create({
    customer,
    collection_method: 'send_invoice',
    days_until_due: 30,
    ...(options.tax ? { automatic_tax: { enabled: true } } : {}),
  });
  await stripe.invoiceItems.create({
    customer,
    invoice: draft.id,
    unit_amount_decimal: Stripe.Decimal.from('1250'),
    quantity: 4,
    currency: 'usd',
    description: 'Maple syrup jug',
  });
  await stripe.invoiceItems.create({
    customer,
    invoice: draft.id,
    amount: 2000,
    currency: 'usd',
    description: 'Pump',
  });
  const open = await stripe.invoices.finalizeInvoice(draft.id);
  if (!options.paid) return open;
  return stripe.invoices.pay(open.id, { payment_method: 'pm_card_visa' });
}

const jugLine = (invoice: Stripe.Invoice) => invoice.lines.data[0] as Stripe.InvoiceLineItem;
const balanceOf = async (customer: string) =>
  ((await stripe.customers.retrieve(customer)) as Stripe.Customer).balance;

describe('on an open invoice', () => {
  it('takes the credit off what is still due', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id);
    expect(invoice.amount_due).toBe(7000);
    await forgetEvents(sandbox, receiver);
    const note = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [{ type: 'invoice_line_item', invoice_line_item: jugLine(invoice).id, quantity: 2 }],
      reason: 'product_unsatisfactory',
      memo: 'Two jugs arrived leaking',
      metadata: { claimId: 'cl_1' },
    });
    expect(note).toMatchObject({
      object: 'credit_note',
      invoice: invoice.id,
      customer: customer.id,
      status: 'issued',
      type: 'pre_payment',
      number: `${invoice.number}-CN-01`,
      subtotal: 2500,
      total: 2500,
      amount: 2500,
      pre_payment_amount: 2500,
      post_payment_amount: 0,
      reason: 'product_unsatisfactory',
      memo: 'Two jugs arrived leaking',
      metadata: { claimId: 'cl_1' },
      customer_balance_transaction: null,
      refunds: [],
    });
    expect(note.lines.data[0]).toMatchObject({
      object: 'credit_note_line_item',
      type: 'invoice_line_item',
      invoice_line_item: jugLine(invoice).id,
      quantity: 2,
      unit_amount: 1250,
      amount: 2500,
      description: 'Maple syrup jug',
    });
    const after = await stripe.invoices.retrieve(invoice.id);
    expect(after).toMatchObject({
      status: 'open',
      amount_due: 4500,
      amount_remaining: 4500,
      pre_payment_credit_notes_amount: 2500,
      post_payment_credit_notes_amount: 0,
    });
    expect(await types()).toEqual(['credit_note.created', 'invoice.updated']);
    const page = await (await fetch(String(invoice.hosted_invoice_url))).text();
    expect(page).toMatch(/Credit notes<\/th><td class="num">-\$25\.00/);
    // The next one on the same invoice is numbered after it.
    const second = await stripe.creditNotes.create({ invoice: invoice.id, amount: 500 });
    expect(second.number).toBe(`${invoice.number}-CN-02`);
  });

  it('pays an open invoice that credit notes take down to nothing', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id);
    await forgetEvents(sandbox, receiver);
    await stripe.creditNotes.create({ invoice: invoice.id, amount: 7000, reason: 'duplicate' });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_due: 0,
      amount_remaining: 0,
      amount_paid: 0,
      pre_payment_credit_notes_amount: 7000,
    });
    expect(await types()).toEqual(['credit_note.created', 'invoice.updated', 'invoice.paid']);
  });

  it('settles what goes beyond what is still due as it is told to (a mixed note)', async () => {
    const customer = await buyer();
    await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -2000,
      currency: 'usd',
    });
    const invoice = await finalizedInvoice(customer.id);
    expect(invoice).toMatchObject({ total: 7000, amount_due: 5000 });
    const unsettled = await failure(
      stripe.creditNotes.create({ invoice: invoice.id, amount: 6000 }),
    );
    expect((unsettled as Stripe.errors.StripeError).message).toBe(
      `The sum of credit_amount, refund_amount and out_of_band_amount ($0.00) must equal the credit note's post-payment amount, $10.00 ($50.00 of its $60.00 total is taken off what is still due on invoice ${invoice.id}).`,
    );
    const note = await stripe.creditNotes.create({
      invoice: invoice.id,
      amount: 6000,
      credit_amount: 1000,
    });
    expect(note).toMatchObject({
      type: 'mixed',
      pre_payment_amount: 5000,
      post_payment_amount: 1000,
    });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_remaining: 0,
      pre_payment_credit_notes_amount: 5000,
      post_payment_credit_notes_amount: 1000,
    });
    expect(await balanceOf(customer.id)).toBe(-1000);
  });
});

describe('on a paid invoice', () => {
  it('credits the customer balance, which the next invoice uses', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id, { paid: true });
    const note = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [{ type: 'invoice_line_item', invoice_line_item: jugLine(invoice).id, quantity: 2 }],
      credit_amount: 2500,
    });
    expect(note).toMatchObject({
      type: 'post_payment',
      pre_payment_amount: 0,
      post_payment_amount: 2500,
      out_of_band_amount: null,
    });
    expect(await balanceOf(customer.id)).toBe(-2500);
    const transaction = await stripe.customers.retrieveBalanceTransaction(
      customer.id,
      String(note.customer_balance_transaction),
    );
    expect(transaction).toMatchObject({
      type: 'credit_note',
      amount: -2500,
      credit_note: note.id,
      invoice: invoice.id,
      ending_balance: -2500,
    });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 7000,
      post_payment_credit_notes_amount: 2500,
    });
    const next = await finalizedInvoice(customer.id);
    expect(next).toMatchObject({ amount_due: 4500, starting_balance: -2500, ending_balance: 0 });
    expect(await balanceOf(customer.id)).toBe(0);
  });

  it('refunds the invoice payment with refund_amount', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id, { paid: true });
    await forgetEvents(sandbox, receiver);
    const note = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [{ type: 'invoice_line_item', invoice_line_item: jugLine(invoice).id, amount: 1250 }],
      refund_amount: 1000,
      out_of_band_amount: 250,
    });
    expect(note.out_of_band_amount).toBe(250);
    expect(note.refunds).toHaveLength(1);
    const refund = await stripe.refunds.retrieve(String(note.refunds[0]?.refund));
    expect(refund).toMatchObject({ amount: 1000, status: 'succeeded' });
    const charge = await stripe.charges.retrieve(String(refund.charge));
    expect(charge).toMatchObject({ amount: 7000, amount_refunded: 1000, refunded: false });
    expect(await types()).toEqual([
      'credit_note.created',
      'invoice.updated',
      'refund.created',
      'charge.refunded',
    ]);
  });

  it('refuses amounts that do not add up, and writes nothing', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id, { paid: true });
    await forgetEvents(sandbox, receiver);
    const error = await failure(
      stripe.creditNotes.create({
        invoice: invoice.id,
        amount: 2500,
        credit_amount: 1000,
        refund_amount: 1000,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).message).toBe(
      `The sum of credit_amount, refund_amount and out_of_band_amount ($20.00) must equal the credit note's post-payment amount, $25.00 (its total: invoice ${invoice.id} is \`paid\` with nothing left due).`,
    );
    expect((error as Stripe.errors.StripeError).param).toBe('credit_amount');
    const none = await failure(stripe.creditNotes.create({ invoice: invoice.id, amount: 100 }));
    expect((none as Stripe.errors.StripeError).message).toMatch(/must equal/);
    expect((await stripe.creditNotes.list({ invoice: invoice.id })).data).toEqual([]);
    expect(await balanceOf(customer.id)).toBe(0);
    expect((await stripe.refunds.list()).data).toEqual([]);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      post_payment_credit_notes_amount: 0,
    });
    expect(await types()).toEqual([]);
  });

  it('refuses to refund an invoice paid outside Stripe, or more than was paid', async () => {
    const customer = await buyer();
    const open = await finalizedInvoice(customer.id);
    const outOfBand = await stripe.invoices.pay(open.id, { paid_out_of_band: true });
    const noPayment = await failure(
      stripe.creditNotes.create({ invoice: outOfBand.id, amount: 500, refund_amount: 500 }),
    );
    expect((noPayment as Stripe.errors.StripeError).message).toMatch(/has no payment to refund/);
    expect((noPayment as Stripe.errors.StripeError).param).toBe('refund_amount');

    const paid = await finalizedInvoice(customer.id, { paid: true });
    const payment = await stripe.invoices.retrieve(paid.id, { expand: ['payments'] });
    const paymentIntent = String(payment.payments?.data[0]?.payment.payment_intent);
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 6500 });
    const tooMuch = await failure(
      stripe.creditNotes.create({ invoice: paid.id, amount: 1000, refund_amount: 1000 }),
    );
    expect((tooMuch as Stripe.errors.StripeError).message).toMatch(
      /more than is left to refund of the invoice's payment \(\$5\.00\)/,
    );
  });
});

describe('tax', () => {
  it('credits the share of the line tax of what is credited', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id, { tax: true });
    // 4 × $12.50 at 6.85% is $3.43 (rounded); the pump $1.37.
    expect(invoice.total).toBe(7000 + 343 + 137);
    const note = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [{ type: 'invoice_line_item', invoice_line_item: jugLine(invoice).id, quantity: 2 }],
    });
    expect(note).toMatchObject({ subtotal: 2500, total: 2500 + 172, amount: 2672 });
    expect(note.total_excluding_tax).toBe(2500);
    expect(note.lines.data[0]?.taxes?.[0]).toMatchObject({
      amount: 172,
      taxable_amount: 2500,
      taxability_reason: 'standard_rated',
      tax_behavior: 'exclusive',
      type: 'tax_rate_details',
    });
    expect(note.total_taxes?.[0]?.tax_rate_details?.tax_rate).toBe(
      jugLine(invoice).taxes?.[0]?.tax_rate_details?.tax_rate,
    );
    // The other two: the rest of the line's tax, so the cents add up.
    const rest = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [{ type: 'invoice_line_item', invoice_line_item: jugLine(invoice).id, quantity: 2 }],
    });
    expect(rest.total).toBe(2500 + 171);
    expect((await stripe.invoices.retrieve(invoice.id)).amount_due).toBe(2000 + 137);
  });
});

describe('preview, list and void', () => {
  it('previews without issuing, and lists by invoice and customer', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id);
    const preview = await stripe.creditNotes.preview({ invoice: invoice.id, amount: 1500 });
    expect(preview).toMatchObject({ total: 1500, pre_payment_amount: 1500 });
    expect((await stripe.invoices.retrieve(invoice.id)).amount_due).toBe(7000);
    const note = await stripe.creditNotes.create({ invoice: invoice.id, amount: 1500 });
    expect(note.number).toBe(preview.number);
    const other = await finalizedInvoice((await buyer()).id);
    await stripe.creditNotes.create({ invoice: other.id, amount: 100 });
    expect((await stripe.creditNotes.list({ invoice: invoice.id })).data.map((n) => n.id)).toEqual([
      note.id,
    ]);
    expect(
      (await stripe.creditNotes.list({ customer: customer.id })).data.map((n) => n.id),
    ).toEqual([note.id]);
    expect((await stripe.creditNotes.retrieve(note.id)).total).toBe(1500);
    const lines = await stripe.creditNotes.listLineItems(note.id);
    expect(lines.data).toHaveLength(1);
    const updated = await stripe.creditNotes.update(note.id, { memo: 'Goodwill' });
    expect(updated.memo).toBe('Goodwill');
  });

  it('voids a note on an open invoice, restoring what is due', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id);
    const note = await stripe.creditNotes.create({ invoice: invoice.id, amount: 2000 });
    await forgetEvents(sandbox, receiver);
    const voided = await stripe.creditNotes.voidCreditNote(note.id);
    expect(voided).toMatchObject({ status: 'void' });
    expect(voided.voided_at).toEqual(expect.any(Number));
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      amount_due: 7000,
      amount_remaining: 7000,
      pre_payment_credit_notes_amount: 0,
    });
    expect(await types()).toEqual(['credit_note.voided', 'invoice.updated']);
    const again = await failure(stripe.creditNotes.voidCreditNote(note.id));
    expect((again as Stripe.errors.StripeError).message).toMatch(/already void/);
    // A void note no longer counts toward what is left to credit.
    await stripe.creditNotes.create({ invoice: invoice.id, amount: 7000 });
  });

  it('takes back a balance credit when voided; refuses a note that refunded', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id, { paid: true });
    const credit = await stripe.creditNotes.create({
      invoice: invoice.id,
      amount: 3000,
      credit_amount: 3000,
    });
    expect(await balanceOf(customer.id)).toBe(-3000);
    await stripe.creditNotes.voidCreditNote(credit.id);
    expect(await balanceOf(customer.id)).toBe(0);
    const [reversal] = (await stripe.customers.listBalanceTransactions(customer.id)).data;
    expect(reversal).toMatchObject({ type: 'credit_note', amount: 3000, credit_note: credit.id });

    const refunded = await stripe.creditNotes.create({
      invoice: invoice.id,
      amount: 1000,
      refund_amount: 1000,
    });
    const refused = await failure(stripe.creditNotes.voidCreditNote(refunded.id));
    expect((refused as Stripe.errors.StripeError).message).toMatch(/can't be taken back/);
    expect((await stripe.creditNotes.retrieve(refunded.id)).status).toBe('issued');
  });
});

describe('refusals', () => {
  it('refuses bad input with clear errors, writing nothing', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id);
    const draft = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
    });
    const line = jugLine(invoice).id;
    const cases: Array<[Stripe.CreditNoteCreateParams, string, RegExp]> = [
      [{ invoice: 'in_nope', amount: 100 }, 'invoice', /No such invoice/],
      [{ invoice: draft.id, amount: 100 }, 'invoice', /open, paid or uncollectible/],
      [{ invoice: invoice.id }, 'lines', /Pass `lines`/],
      [{ invoice: invoice.id, amount: 0 }, 'amount', /greater than or equal to 1/],
      [{ invoice: invoice.id, amount: 7001 }, 'amount', /more than is left to credit/],
      [
        {
          invoice: invoice.id,
          lines: [{ type: 'invoice_line_item', invoice_line_item: 'il_nope', quantity: 1 }],
        },
        'lines[0][invoice_line_item]',
        /not a line of invoice/,
      ],
      [
        {
          invoice: invoice.id,
          lines: [{ type: 'invoice_line_item', invoice_line_item: line, quantity: 5 }],
        },
        'lines[0][quantity]',
        /at most the 4 units/,
      ],
      [
        { invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: line }] },
        'lines[0][quantity]',
        /exactly one of `quantity` or `amount`/,
      ],
      [
        { invoice: invoice.id, lines: [{ type: 'custom_line_item', unit_amount: 500 }] },
        'lines[0][description]',
        /Missing required param/,
      ],
      [
        {
          invoice: invoice.id,
          lines: [{ type: 'invoice_line_item', invoice_line_item: line, quantity: 1 }],
          amount: 999,
        },
        'amount',
        /must equal the total of its lines/,
      ],
      [
        { invoice: invoice.id, amount: 100, reason: 'damaged' as 'duplicate' },
        'reason',
        /Invalid reason/,
      ],
      [
        { invoice: invoice.id, amount: 100, refunds: [{ refund: 're_1' }] },
        'refunds',
        /does not support/,
      ],
    ];
    for (const [params, param, message] of cases) {
      const error = await failure(stripe.creditNotes.create(params));
      expect(error, `${param}`).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((error as Stripe.errors.StripeError).param, message.source).toBe(param);
      expect((error as Stripe.errors.StripeError).message).toMatch(message);
    }
    expect((await stripe.creditNotes.list()).data).toEqual([]);
    expect((await stripe.invoices.retrieve(invoice.id)).amount_due).toBe(7000);
    const missing = await failure(stripe.creditNotes.retrieve('cn_nope'));
    expect((missing as Stripe.errors.StripeError).statusCode).toBe(404);
  });

  it('refuses to credit what is due while a bank payment of it is processing', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id);
    await sandbox.payInvoice(invoice.id, { method: 'us_bank_account' });
    const error = await failure(stripe.creditNotes.create({ invoice: invoice.id, amount: 500 }));
    expect((error as Stripe.errors.StripeError).message).toMatch(/bank account payment processing/);
    await sandbox.settleInvoicePayment(invoice.id, 'succeeded');
    const note = await stripe.creditNotes.create({
      invoice: invoice.id,
      amount: 500,
      out_of_band_amount: 500,
    });
    expect(note.type).toBe('post_payment');
  });

  it('refuses more than is left on an invoice line across credit notes', async () => {
    const customer = await buyer();
    const invoice = await finalizedInvoice(customer.id);
    const line = jugLine(invoice).id;
    await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [{ type: 'invoice_line_item', invoice_line_item: line, quantity: 3 }],
    });
    const error = await failure(
      stripe.creditNotes.create({
        invoice: invoice.id,
        lines: [{ type: 'invoice_line_item', invoice_line_item: line, quantity: 2 }],
      }),
    );
    expect((error as Stripe.errors.StripeError).message).toBe(
      `Invoice line ${line} has $12.50 left to credit (of $50.00); this line credits $25.00.`,
    );
  });
});
