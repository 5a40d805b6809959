import type Stripe from 'stripe';
import type { FormObject, FormValue } from '../core/form-encoding.js';
import {
  assertKnownKeys,
  readBoolean,
  readEnum,
  readList,
  readMetadata,
  readMetadataUpdate,
  readNonNegativeInteger,
  readObject,
  readString,
  readStringList,
  requireString,
} from '../core/param-readers.js';
import { invalidRequest } from '../core/stripe-error.js';
import type {
  Customer,
  Invoice,
  InvoiceItem,
  Known,
  Param,
  PreviousAttributes,
  StripeEvent,
} from '../core/types.js';
import { snapshot } from '../webhooks/events.js';
import { readShippingDetails } from '../customers/customer-store.js';
import { buildManualInvoice, DAY_SECONDS, invoiceItemLine } from './invoice-builder.js';
import {
  bankPaymentProcessing,
  collectInvoicePayment,
  settleBankPayment,
  startBankPayment,
} from './invoice-collection.js';
import { INVOICE_CURRENCY, type InvoiceItemStore } from './invoice-item-store.js';
import type { BillingContext } from './subscription-billing.js';
import { applyCustomerBalance, returnAppliedBalance } from './invoice-balance.js';
import { readAutomaticTax } from './tax/automatic-tax-param.js';
import { applyInvoiceTax } from './tax/invoice-tax.js';
import { exemptionOf } from './tax/tax-amounts.js';

/** What one-off invoices need: billing's stores and the invoice items. */
export interface ManualInvoiceContext extends BillingContext {
  readonly invoiceItems: InvoiceItemStore;
}

export const INVOICE_CREATE_PARAMS: ReadonlyArray<Param<Stripe.InvoiceCreateParams>> = [
  'auto_advance',
  'automatic_tax',
  'collection_method',
  'currency',
  'custom_fields',
  'customer',
  'days_until_due',
  'description',
  'due_date',
  'expand',
  'footer',
  'metadata',
  'payment_settings',
  'pending_invoice_items_behavior',
  'shipping_details',
];
const PAYMENT_SETTINGS_PARAMS: ReadonlyArray<Param<Stripe.InvoiceCreateParams.PaymentSettings>> = [
  'payment_method_types',
];
const CUSTOM_FIELD_PARAMS: ReadonlyArray<Param<Stripe.InvoiceCreateParams.CustomField>> = [
  'name',
  'value',
];
export const INVOICE_UPDATE_PARAMS: ReadonlyArray<Param<Stripe.InvoiceUpdateParams>> = [
  'auto_advance',
  'custom_fields',
  'days_until_due',
  'description',
  'due_date',
  'expand',
  'footer',
  'metadata',
];
/** What a finalized (open, paid, void, uncollectible) invoice still lets an update change. */
const FINALIZED_UPDATABLE: ReadonlyArray<Param<Stripe.InvoiceUpdateParams>> = [
  'auto_advance',
  'expand',
  'metadata',
];
const COLLECTION_METHODS: ReadonlyArray<Known<Stripe.InvoiceCreateParams.CollectionMethod>> = [
  'charge_automatically',
  'send_invoice',
];
const PENDING_BEHAVIORS: ReadonlyArray<
  Known<Stripe.InvoiceCreateParams.PendingInvoiceItemsBehavior>
> = ['exclude', 'include'];
/** The payment method types the sandbox can take on an invoice (the hosted page offers them). */
export const INVOICE_PAYMENT_METHOD_TYPES: ReadonlyArray<
  Extract<Stripe.Invoice.PaymentSettings.PaymentMethodType, 'card' | 'us_bank_account'>
> = ['card', 'us_bank_account'];
const MAX_CUSTOM_FIELDS = 4;
const MAX_DAYS_UNTIL_DUE = 3650;

/** `custom_fields[i][name|value]` (at most 4; names up to 40 characters, values up to 140). */
function readCustomFields(value: FormValue | undefined): Stripe.Invoice.CustomField[] | null {
  const list = readList(value, 'custom_fields');
  if (list === undefined || list.length === 0) return null;
  if (list.length > MAX_CUSTOM_FIELDS) {
    throw invalidRequest(
      `An invoice can have at most ${MAX_CUSTOM_FIELDS} custom fields; got ${list.length}.`,
      'custom_fields',
    );
  }
  return list.map((entry, index) => {
    const param = `custom_fields[${index}]`;
    const field = readObject(entry, param) ?? {};
    assertKnownKeys(field, CUSTOM_FIELD_PARAMS, param);
    return {
      name: requireString(field.name, `${param}[name]`, 40),
      value: requireString(field.value, `${param}[value]`, 140),
    };
  });
}

function readDaysUntilDue(params: FormObject): number | null {
  const days = readNonNegativeInteger(params.days_until_due, 'days_until_due');
  if (days === undefined) return null;
  if (days > MAX_DAYS_UNTIL_DUE) {
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_DAYS_UNTIL_DUE} (it currently is '${days}').`,
      'days_until_due',
    );
  }
  return days;
}

/** `due_date`: unix seconds after `now`. */
function readDueDate(params: FormObject, now: number): number | null {
  const dueDate = readNonNegativeInteger(params.due_date, 'due_date');
  if (dueDate === undefined) return null;
  if (dueDate <= now) {
    throw invalidRequest(
      `The due date must be in the future (it is ${dueDate}; now is ${now}).`,
      'due_date',
    );
  }
  return dueDate;
}

/**
 * The payment terms: `send_invoice` needs `days_until_due` or `due_date` (not both);
 * `charge_automatically` takes neither.
 */
function checkTerms(
  collectionMethod: Invoice['collection_method'],
  daysUntilDue: number | null,
  dueDate: number | null,
): void {
  if (daysUntilDue !== null && dueDate !== null) {
    throw invalidRequest(
      'You may only specify one of these parameters: days_until_due, due_date.',
      'due_date',
    );
  }
  if (collectionMethod === 'charge_automatically') {
    if (daysUntilDue !== null || dueDate !== null) {
      const param = daysUntilDue !== null ? 'days_until_due' : 'due_date';
      throw invalidRequest(
        `Invoices with \`collection_method=charge_automatically\` can't have a \`${param}\`; it is only used with \`collection_method=send_invoice\`.`,
        param,
      );
    }
  } else if (daysUntilDue === null && dueDate === null) {
    throw invalidRequest(
      'Invoices with `collection_method=send_invoice` need either `days_until_due` or `due_date`.',
      'days_until_due',
      'parameter_missing',
    );
  }
}

function readPaymentMethodTypes(
  params: FormObject,
): Stripe.Invoice.PaymentSettings.PaymentMethodType[] | null | undefined {
  const settings = readObject(params.payment_settings, 'payment_settings');
  if (!settings) return undefined;
  assertKnownKeys(settings, PAYMENT_SETTINGS_PARAMS, 'payment_settings');
  const param = 'payment_settings[payment_method_types]';
  const types = readStringList(settings.payment_method_types, param);
  if (types === undefined || types.length === 0) return null;
  return types.map((type, index) => {
    const known = INVOICE_PAYMENT_METHOD_TYPES.find((candidate) => candidate === type);
    if (!known) {
      throw invalidRequest(
        `The sandbox takes invoice payments by ${INVOICE_PAYMENT_METHOD_TYPES.join(' and ')} only (got \`${type}\`).`,
        `${param}[${index}]`,
      );
    }
    return known;
  });
}

/**
 * POST /v1/invoices: a one-off draft for `customer` (looked up by the caller), every parameter
 * checked before anything is made. With `pending_invoice_items_behavior=include`, the customer's
 * pending invoice items become its lines. Returns the invoice and `invoice.created`.
 */
export function createManualInvoice(
  ctx: ManualInvoiceContext,
  params: FormObject,
  customer: (id: string) => Customer,
  nowFor: (customer: Customer) => number,
): { invoice: Invoice; events: StripeEvent[] } {
  assertKnownKeys(params, INVOICE_CREATE_PARAMS, '');
  const found = customer(requireString(params.customer, 'customer'));
  const now = nowFor(found);
  const collectionMethod =
    readEnum(params.collection_method, 'collection_method', COLLECTION_METHODS) ??
    'charge_automatically';
  const daysUntilDue = readDaysUntilDue(params);
  const dueDate = readDueDate(params, now);
  checkTerms(collectionMethod, daysUntilDue, dueDate);
  const currency = readString(params.currency, 'currency')?.toLowerCase();
  if (currency !== undefined && currency !== '' && currency !== INVOICE_CURRENCY) {
    throw invalidRequest(
      `The sandbox supports \`currency=${INVOICE_CURRENCY}\` only for invoices (got \`${currency}\`).`,
      'currency',
    );
  }
  const customFields = readCustomFields(params.custom_fields);
  const metadata = readMetadata(params.metadata, 'metadata');
  const description = readString(params.description, 'description', 1500) || null;
  const footer = readString(params.footer, 'footer', 5000) || null;
  const autoAdvance = readBoolean(params.auto_advance, 'auto_advance') ?? false;
  const pending =
    readEnum(params.pending_invoice_items_behavior, 'pending_invoice_items_behavior', [
      ...PENDING_BEHAVIORS,
    ]) ?? 'exclude';
  const paymentMethodTypes = readPaymentMethodTypes(params);
  const automaticTax = readAutomaticTax(params.automatic_tax);
  // Where this invoice's goods go: taxed there rather than at the customer's ship-to.
  const shippingDetails = readShippingDetails(params.shipping_details, 'shipping_details') ?? null;
  const invoice = ctx.invoices.add(
    buildManualInvoice({
      customer: found,
      created: now,
      collectionMethod,
      daysUntilDue,
      dueDate,
      customFields,
      metadata,
      description,
      footer,
      autoAdvance,
      automaticTax,
      paymentMethodTypes:
        paymentMethodTypes !== undefined
          ? paymentMethodTypes
          : collectionMethod === 'send_invoice'
            ? [...INVOICE_PAYMENT_METHOD_TYPES]
            : null,
    }),
  );
  invoice.shipping_details = shippingDetails;
  ctx.invoices.setDaysUntilDue(invoice.id, daysUntilDue);
  if (pending === 'include') {
    for (const item of ctx.invoiceItems.pending(found.id)) addItemLine(ctx, invoice, item);
  }
  return { invoice, events: [ctx.event('invoice.created', invoice)] };
}

/** Puts an invoice item on a draft: its line, and the draft's amounts. */
export function addItemLine(ctx: ManualInvoiceContext, invoice: Invoice, item: InvoiceItem): void {
  item.invoice = invoice.id;
  invoice.lines.data.push(invoiceItemLine(item, invoice.id));
  ctx.invoices.recalculate(invoice);
}

/**
 * DELETE /v1/invoiceitems/:id: a pending item, or one on a draft (its line goes, and the draft's
 * amounts follow). An item on a finalized invoice is refused.
 */
export function deleteInvoiceItem(ctx: ManualInvoiceContext, item: InvoiceItem): void {
  const invoice = item.invoice === null ? undefined : ctx.invoices.get(item.invoice);
  if (invoice && invoice.status !== 'draft') {
    throw invalidRequest(
      `This invoice item is on invoice ${invoice.id}, which is no longer a draft (it is \`${invoice.status}\`): it can't be deleted.`,
      'id',
    );
  }
  if (invoice) {
    invoice.lines.data = invoice.lines.data.filter(
      (line) => line.parent?.invoice_item_details?.invoice_item !== item.id,
    );
    ctx.invoices.recalculate(invoice);
  }
  ctx.invoiceItems.delete(item.id);
}

/** A one-off invoice (not a subscription's): what the calls below act on. */
export function isManual(invoice: Invoice): boolean {
  return invoice.billing_reason === 'manual';
}

/**
 * POST /v1/invoices/:id: a draft's `metadata`, `custom_fields`, `days_until_due` or `due_date`,
 * `description`, `footer`, `auto_advance`; a finalized invoice's `metadata` and `auto_advance`
 * only. Everything is checked before anything changes. Returns the changed fields' earlier values
 * (undefined when nothing changed).
 */
export function updateInvoice(
  ctx: ManualInvoiceContext,
  invoice: Invoice,
  params: FormObject,
  now: number,
): PreviousAttributes<'invoice.updated'> | undefined {
  assertKnownKeys(params, INVOICE_UPDATE_PARAMS, '');
  if (invoice.status !== 'draft') {
    const refused = Object.keys(params).find(
      (key) => !FINALIZED_UPDATABLE.some((allowed) => allowed === key),
    );
    if (refused !== undefined) {
      throw invalidRequest(
        `This invoice is \`${invoice.status}\`: once finalized, only its \`metadata\` and \`auto_advance\` can be updated (not \`${refused}\`).`,
        refused,
      );
    }
  } else if (!isManual(invoice)) {
    throw invalidRequest('The sandbox updates one-off invoices only.', 'invoice');
  }
  const next: Partial<Invoice> = {};
  const metadata = readMetadataUpdate(invoice.metadata, params.metadata, 'metadata');
  if (metadata !== undefined) next.metadata = metadata;
  const autoAdvance = readBoolean(params.auto_advance, 'auto_advance');
  if (autoAdvance !== undefined) next.auto_advance = autoAdvance;
  if (params.custom_fields !== undefined)
    next.custom_fields = readCustomFields(params.custom_fields);
  const description = readString(params.description, 'description', 1500);
  if (description !== undefined) next.description = description || null;
  const footer = readString(params.footer, 'footer', 5000);
  if (footer !== undefined) next.footer = footer || null;
  let days: number | null | undefined;
  if (params.days_until_due !== undefined || params.due_date !== undefined) {
    days = readDaysUntilDue(params);
    const dueDate = readDueDate(params, now);
    checkTerms(invoice.collection_method, days, dueDate);
    next.due_date = dueDate ?? invoice.created + (days ?? 0) * DAY_SECONDS;
  }
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next) as Array<[keyof Invoice, unknown]>) {
    if (JSON.stringify(invoice[key]) === JSON.stringify(value)) continue;
    previous[key] = snapshot(invoice[key]);
  }
  Object.assign(invoice, next);
  if (days !== undefined) ctx.invoices.setDaysUntilDue(invoice.id, days);
  return Object.keys(previous).length > 0
    ? (previous as PreviousAttributes<'invoice.updated'>)
    : undefined;
}

/** DELETE /v1/invoices/:id: a draft only; its invoice items go with it. */
export function deleteDraft(ctx: ManualInvoiceContext, invoice: Invoice): StripeEvent[] {
  if (invoice.status !== 'draft') {
    throw invalidRequest(
      `You can only delete draft invoices; this one is \`${invoice.status}\`. Void an open invoice instead.`,
      'invoice',
    );
  }
  for (const item of ctx.invoiceItems.onInvoice(invoice.id)) ctx.invoiceItems.delete(item.id);
  ctx.invoices.delete(invoice.id);
  return [ctx.event('invoice.deleted', invoice)];
}

/** Where the sandbox serves an invoice's page and its PDF. */
export interface InvoiceUrls {
  hosted: string;
  pdf: string;
}

/**
 * POST /v1/invoices/:id/finalize: draft to open, numbered, due `days_until_due` days from now (or
 * on its `due_date`), with its hosted page and PDF (`invoice.finalized`). Nothing due: paid at
 * once, as at Stripe (`invoice.paid` too).
 */
export function finalizeInvoice(
  ctx: ManualInvoiceContext,
  invoice: Invoice,
  at: number,
  urls: InvoiceUrls,
): StripeEvent[] {
  if (invoice.status !== 'draft') {
    throw invalidRequest(
      "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
      'invoice',
    );
  }
  taxAtFinalization(ctx, invoice);
  ctx.invoices.finalize(invoice, at);
  const days = ctx.invoices.daysUntilDue(invoice.id);
  if (days !== null) invoice.due_date = at + days * DAY_SECONDS;
  invoice.hosted_invoice_url = urls.hosted;
  invoice.invoice_pdf = urls.pdf;
  invoice.amount_remaining = invoice.amount_due;
  applyCustomerBalance(ctx, invoice, at);
  const events = [ctx.event('invoice.finalized', invoice)];
  if (invoice.amount_due === 0) {
    ctx.invoices.markPaid(invoice, at);
    events.push(ctx.event('invoice.paid', invoice));
  }
  return events;
}

/**
 * With `automatic_tax`, the tax of a one-off invoice as it is finalized: from its
 * `shipping_details`, else the customer's ship-to, else their address, and their `tax_exempt` at this moment, snapshotted in
 * `customer_tax_exempt`. A customer the sandbox cannot locate is refused as at Stripe
 * (`customer_tax_location_invalid`); the invoice stays a draft.
 */
function taxAtFinalization(ctx: ManualInvoiceContext, invoice: Invoice): void {
  if (!invoice.automatic_tax.enabled) return;
  const customer = ctx.customers.get(invoice.customer);
  const located = applyInvoiceTax(
    invoice,
    {
      shipping: invoice.shipping_details?.address ?? customer?.shipping?.address,
      billing: customer?.address,
      exempt: exemptionOf(customer),
      // An item's `tax_code` (else its product's); `txcd_00000000` leaves it untaxed.
      taxCodeOf: (line) => ctx.invoiceItems.taxCodeOfLine(line),
    },
    ctx.taxRates,
  );
  if (!located) {
    throw invalidRequest(
      "The customer's location isn't recognized. Set a valid customer address in order to automatically calculate tax.",
      undefined,
      'customer_tax_location_invalid',
    );
  }
}

/**
 * POST /v1/invoices/:id/send: an open `send_invoice` invoice, or one already paid (Stripe sends
 * it without a reference to the payment: an invoice the customer's balance paid in full when it
 * was finalized); `invoice.sent`, no mail.
 */
export function sendInvoice(ctx: ManualInvoiceContext, invoice: Invoice): StripeEvent[] {
  if (invoice.collection_method !== 'send_invoice') {
    throw invalidRequest(
      "You can only send invoices whose `collection_method` is `send_invoice`; this one's is `charge_automatically`.",
      'invoice',
    );
  }
  if (invoice.status !== 'open' && invoice.status !== 'paid') {
    throw invalidRequest(
      `You can only send an open or paid invoice; this one is \`${invoice.status}\`${invoice.status === 'draft' ? ' (finalize it first)' : ''}.`,
      'invoice',
    );
  }
  return [ctx.event('invoice.sent', invoice)];
}

/** Refuses to close an invoice whose bank debit is still processing. */
function assertNoPaymentProcessing(ctx: ManualInvoiceContext, invoice: Invoice): void {
  if (bankPaymentProcessing(ctx, invoice)) {
    throw invalidRequest(
      `Invoice ${invoice.id} has a US bank account payment processing; wait until it settles.`,
      'invoice',
    );
  }
}

/** POST /v1/invoices/:id/void: open or uncollectible to void (`invoice.voided`). */
export function voidInvoice(
  ctx: ManualInvoiceContext,
  invoice: Invoice,
  at: number,
): StripeEvent[] {
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw invalidRequest(
      `You can only void open or uncollectible invoices; this one is \`${invoice.status}\`${invoice.status === 'draft' ? ' (delete a draft instead)' : ''}.`,
      'invoice',
    );
  }
  assertNoPaymentProcessing(ctx, invoice);
  ctx.invoices.markVoid(invoice, at);
  returnAppliedBalance(ctx, invoice, at);
  return [ctx.event('invoice.voided', invoice)];
}

/** POST /v1/invoices/:id/mark_uncollectible: open to uncollectible (`invoice.marked_uncollectible`). */
export function markInvoiceUncollectible(
  ctx: ManualInvoiceContext,
  invoice: Invoice,
  at: number,
): StripeEvent[] {
  if (invoice.status !== 'open') {
    throw invalidRequest(
      `You can only mark open invoices as uncollectible; this one is \`${invoice.status}\`.`,
      'invoice',
    );
  }
  assertNoPaymentProcessing(ctx, invoice);
  ctx.invoices.markUncollectible(invoice, at);
  return [ctx.event('invoice.marked_uncollectible', invoice)];
}

/**
 * Refuses a payment of an invoice that cannot take one: paid, void, a draft, or with a bank
 * debit processing. Open and uncollectible invoices can be paid.
 */
export function assertPayable(ctx: ManualInvoiceContext, invoice: Invoice): void {
  if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid.', 'invoice');
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw invalidRequest(
      `This invoice is ${invoice.status}: only an open or uncollectible invoice can be paid.`,
      'invoice',
    );
  }
  assertNoPaymentProcessing(ctx, invoice);
}

/** `paid_out_of_band=true`: paid outside Stripe, no payment made (`invoice.paid`). */
export function payOutOfBand(
  ctx: ManualInvoiceContext,
  invoice: Invoice,
  at: number,
): StripeEvent[] {
  ctx.invoices.markPaidOutOfBand(invoice, at);
  return [ctx.event('invoice.paid', invoice)];
}

/**
 * Charges a one-off invoice with `paymentMethod` through its payment intent: paid
 * (`invoice.paid`) or declined (`invoice.payment_failed`, one more `attempt_count`).
 */
export function chargeManualInvoice(
  ctx: ManualInvoiceContext,
  invoice: Invoice,
  paymentMethod: string,
  at: number,
): { paid: boolean; events: StripeEvent[] } {
  if (collectInvoicePayment(ctx, invoice, paymentMethod, at)) {
    ctx.invoices.markPaid(invoice, at);
    return { paid: true, events: [ctx.event('invoice.paid', invoice)] };
  }
  ctx.invoices.markPaymentFailed(invoice);
  return { paid: false, events: [ctx.event('invoice.payment_failed', invoice)] };
}

/**
 * The hosted page's "US bank account": the debit starts (payment intent `processing`); the invoice
 * stays open and no event is sent until it settles.
 */
export function payByBankAccount(ctx: ManualInvoiceContext, invoice: Invoice, at: number): void {
  startBankPayment(ctx, invoice, at);
}

/**
 * Settles a processing bank debit: succeeded, the invoice is paid (`invoice.paid`); failed, it
 * stays as it was (open) with one more `attempt_count` (`invoice.payment_failed`). Null when no
 * debit is waiting.
 */
export function settleInvoiceBankPayment(
  ctx: ManualInvoiceContext,
  invoice: Invoice,
  outcome: 'succeeded' | 'failed',
  at: number,
): StripeEvent[] | null {
  if (!bankPaymentProcessing(ctx, invoice)) return null;
  settleBankPayment(ctx, invoice, outcome, at);
  if (outcome === 'succeeded') {
    ctx.invoices.markPaid(invoice, at);
    return [ctx.event('invoice.paid', invoice)];
  }
  ctx.invoices.markPaymentFailed(invoice);
  return [ctx.event('invoice.payment_failed', invoice)];
}

/** Checks that a payment method type is one the invoice takes. */
export function acceptsMethod(
  invoice: Invoice,
  method: (typeof INVOICE_PAYMENT_METHOD_TYPES)[number],
): boolean {
  const types = invoice.payment_settings.payment_method_types;
  return types === null ? method === 'card' : types.includes(method);
}
