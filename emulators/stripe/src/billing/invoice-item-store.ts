import Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import {
  assertKnownKeys,
  readMetadata,
  readNonNegativeInteger,
  readObject,
  readString,
  requireString,
} from '../core/param-readers.js';
import { invalidRequest, missingParam, resourceMissing } from '../core/stripe-error.js';
import type {
  Customer,
  Invoice,
  InvoiceItem,
  InvoiceLine,
  Param,
  Price,
  Product,
} from '../core/types.js';
import { readExclusiveTaxBehavior, readTaxCode, taxCodeOfProduct } from './tax/tax-codes.js';

export const INVOICE_ITEM_CREATE_PARAMS: ReadonlyArray<Param<Stripe.InvoiceItemCreateParams>> = [
  'amount',
  'currency',
  'customer',
  'description',
  'expand',
  'invoice',
  'metadata',
  'period',
  'price_data',
  'pricing',
  'quantity',
  'tax_behavior',
  'tax_code',
  'unit_amount_decimal',
];
const PRICE_DATA_PARAMS: ReadonlyArray<Param<Stripe.InvoiceItemCreateParams.PriceData>> = [
  'currency',
  'product',
  'unit_amount',
];
const PRICING_PARAMS: ReadonlyArray<Param<Stripe.InvoiceItemCreateParams.Pricing>> = ['price'];
const PERIOD_PARAMS: ReadonlyArray<Param<Stripe.InvoiceItemCreateParams.Period>> = ['start', 'end'];
/** The one currency the sandbox bills in (as for prices). */
export const INVOICE_CURRENCY = 'usd';
const MAX_QUANTITY = 999_999;
const MAX_AMOUNT = 99_999_999;
/** `unit_amount_decimal`: cents, with up to 12 decimal places, as Stripe takes it. */
const DECIMAL_PATTERN = /^\d{1,10}(\.\d{1,12})?$/;

/** What making an invoice item looks up: the customer, a draft invoice, prices and products. */
export interface InvoiceItemLookups {
  customer(id: string, param: string): Customer;
  invoice(id: string): Invoice | undefined;
  price(id: string): Price | undefined;
  product(id: string): Product | undefined;
  /** An inactive one-time price of `product` made for `price_data` (as Stripe makes one). */
  inlinePrice(product: string, unitAmount: number): Price;
  productName(price: Price): string;
  /** "Now" in seconds for the customer (their test clock's time when they have one). */
  now(customer: Customer): number;
}

/** How an item is priced: the unit amount (cents, maybe fractional) and the price, if any. */
interface ItemPricing {
  unitAmount: string;
  quantity: number;
  price: Price | null;
}

function readCurrency(value: FormObject[string] | undefined, param: string): void {
  const currency = readString(value, param)?.toLowerCase();
  if (currency !== undefined && currency !== '' && currency !== INVOICE_CURRENCY) {
    throw invalidRequest(
      `The sandbox supports \`currency=${INVOICE_CURRENCY}\` only for invoice items (got \`${currency}\`).`,
      param,
    );
  }
}

function readQuantity(params: FormObject): number | undefined {
  const quantity = readNonNegativeInteger(params.quantity, 'quantity');
  if (quantity === undefined) return undefined;
  if (quantity < 1 || quantity > MAX_QUANTITY) {
    throw invalidRequest(
      `This value must be between 1 and ${MAX_QUANTITY} (it currently is '${quantity}').`,
      'quantity',
    );
  }
  return quantity;
}

function readAmountLimit(value: number | undefined, param: string): number | undefined {
  if (value !== undefined && value > MAX_AMOUNT) {
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_AMOUNT} (it currently is '${value}').`,
      param,
    );
  }
  return value;
}

/**
 * The item's pricing: exactly one of `amount` (the total, quantity 1), `unit_amount_decimal`,
 * `pricing[price]` (a saved one-time price) or `price_data` (an existing product and a unit amount).
 */
function readPricing(params: FormObject, lookups: InvoiceItemLookups): ItemPricing {
  const given = (['amount', 'price_data', 'pricing', 'unit_amount_decimal'] as const).filter(
    (key) => params[key] !== undefined && params[key] !== '',
  );
  if (given.length === 0) {
    throw invalidRequest(
      'You must specify one of `amount`, `unit_amount_decimal`, `pricing[price]` or `price_data` to create an invoice item.',
      'amount',
    );
  }
  if (given.length > 1) {
    throw invalidRequest(
      `You may only specify one of these parameters: ${given.join(', ')}.`,
      given[1],
    );
  }
  const quantity = readQuantity(params);
  if (given[0] === 'amount') {
    if (quantity !== undefined) {
      throw invalidRequest(
        '`quantity` cannot be used with `amount`, which is the total of the item; use `unit_amount_decimal` with `quantity`.',
        'quantity',
      );
    }
    const amount = readAmountLimit(readNonNegativeInteger(params.amount, 'amount'), 'amount');
    return { unitAmount: String(amount ?? 0), quantity: 1, price: null };
  }
  if (given[0] === 'unit_amount_decimal') {
    const text = readString(params.unit_amount_decimal, 'unit_amount_decimal') ?? '';
    if (!DECIMAL_PATTERN.test(text)) {
      throw invalidRequest(`Invalid decimal: ${text}`, 'unit_amount_decimal');
    }
    return { unitAmount: text, quantity: quantity ?? 1, price: null };
  }
  if (given[0] === 'pricing') {
    const pricing = readObject(params.pricing, 'pricing') ?? {};
    assertKnownKeys(pricing, PRICING_PARAMS, 'pricing');
    const id = requireString(pricing.price, 'pricing[price]');
    const price = lookups.price(id);
    if (!price) {
      throw invalidRequest(`No such price: '${id}'`, 'pricing[price]', 'resource_missing');
    }
    if (price.type !== 'one_time') {
      throw invalidRequest(
        'The price specified is set to `type=recurring` but this field only accepts prices with `type=one_time`.',
        'pricing[price]',
      );
    }
    return { unitAmount: String(price.unit_amount), quantity: quantity ?? 1, price };
  }
  const data = readObject(params.price_data, 'price_data') ?? {};
  assertKnownKeys(data, PRICE_DATA_PARAMS, 'price_data');
  if (data.currency === undefined) throw missingParam('price_data[currency]');
  readCurrency(data.currency, 'price_data[currency]');
  const productId = requireString(data.product, 'price_data[product]');
  if (!lookups.product(productId)) {
    throw invalidRequest(
      `No such product: '${productId}'`,
      'price_data[product]',
      'resource_missing',
    );
  }
  const unitAmount = readAmountLimit(
    readNonNegativeInteger(data.unit_amount, 'price_data[unit_amount]'),
    'price_data[unit_amount]',
  );
  if (unitAmount === undefined) throw missingParam('price_data[unit_amount]');
  return {
    unitAmount: String(unitAmount),
    quantity: quantity ?? 1,
    price: lookups.inlinePrice(productId, unitAmount),
  };
}

function readPeriod(params: FormObject, at: number): Stripe.InvoiceItem.Period {
  const period = readObject(params.period, 'period');
  if (!period) return { start: at, end: at };
  assertKnownKeys(period, PERIOD_PARAMS, 'period');
  const start = readNonNegativeInteger(period.start, 'period[start]');
  const end = readNonNegativeInteger(period.end, 'period[end]');
  if (start === undefined) throw missingParam('period[start]');
  if (end === undefined) throw missingParam('period[end]');
  if (end < start) {
    throw invalidRequest('The period end must be at or after the period start.', 'period[end]');
  }
  return { start, end };
}

/** The draft a new item goes on: the customer's, and still a draft. */
function readInvoice(
  params: FormObject,
  customer: Customer,
  lookups: InvoiceItemLookups,
): Invoice | null {
  const id = readString(params.invoice, 'invoice') || undefined;
  if (id === undefined) return null;
  const invoice = lookups.invoice(id);
  if (!invoice) throw invalidRequest(`No such invoice: '${id}'`, 'invoice', 'resource_missing');
  if (invoice.customer !== customer.id) {
    throw invalidRequest(
      `The invoice ${id} belongs to another customer (${invoice.customer}), not ${customer.id}.`,
      'invoice',
    );
  }
  if (invoice.status !== 'draft') {
    throw invalidRequest(
      `Invoice ${id} is not a draft (it is \`${invoice.status}\`): invoice items can only be added to draft invoices.`,
      'invoice',
    );
  }
  return invoice;
}

/**
 * In-memory invoice items: pending items of a customer (no `invoice`) until an invoice takes them,
 * and items on draft invoices.
 */
export class InvoiceItemStore {
  private readonly items = new Map<string, InvoiceItem>();
  /**
   * Each item's tax code (its `tax_code`, else its price's product's), kept aside: the invoice
   * item object has no such field in this API version.
   */
  private readonly taxCodes = new Map<string, string>();

  /**
   * POST /v1/invoiceitems: checks every parameter before anything is made; returns the item and
   * the draft invoice it goes on (null for a pending item). The caller adds its line.
   */
  create(
    params: FormObject,
    lookups: InvoiceItemLookups,
  ): { item: InvoiceItem; invoice: Invoice | null } {
    assertKnownKeys(params, INVOICE_ITEM_CREATE_PARAMS, '');
    const customer = lookups.customer(requireString(params.customer, 'customer'), 'customer');
    readCurrency(params.currency, 'currency');
    const invoice = readInvoice(params, customer, lookups);
    const pricing = readPricing(params, lookups);
    const description =
      readString(params.description, 'description', 5000) ||
      (pricing.price ? lookups.productName(pricing.price) : null);
    const metadata = readMetadata(params.metadata, 'metadata');
    readExclusiveTaxBehavior(params.tax_behavior, 'tax_behavior');
    const taxCode =
      readTaxCode(params.tax_code, 'tax_code') ??
      (pricing.price ? taxCodeOfProduct(lookups.product(pricing.price.product)) : null);
    const at = lookups.now(customer);
    const period = readPeriod(params, at);
    const amount = Math.round(Number(pricing.unitAmount) * pricing.quantity);
    if (amount > MAX_AMOUNT) {
      throw invalidRequest(
        `The item's amount (${amount}) must be at most ${MAX_AMOUNT} cents.`,
        'quantity',
      );
    }
    const item: InvoiceItem = {
      id: newId('ii', 24),
      object: 'invoiceitem',
      amount,
      currency: INVOICE_CURRENCY,
      customer: customer.id,
      customer_account: null,
      date: at,
      description,
      discountable: true,
      discounts: [],
      invoice: invoice?.id ?? null,
      livemode: false,
      metadata,
      net_amount: amount,
      parent: null,
      period,
      pricing: {
        ...(pricing.price
          ? { price_details: { price: pricing.price.id, product: pricing.price.product } }
          : {}),
        type: 'price_details',
        unit_amount_decimal: Stripe.Decimal.from(pricing.unitAmount),
      },
      proration: false,
      proration_details: { credited_items: null, discount_amounts: [] },
      quantity: pricing.quantity,
      quantity_decimal: Stripe.Decimal.from(pricing.quantity),
      tax_rates: [],
      test_clock: typeof customer.test_clock === 'string' ? customer.test_clock : null,
    };
    this.items.set(item.id, item);
    if (taxCode) this.taxCodes.set(item.id, taxCode);
    return { item, invoice };
  }

  /**
   * The tax code of an invoice line made from an item (null for the preset, or for a line of no
   * item): what the invoice's automatic tax taxes it as.
   */
  taxCodeOfLine(line: InvoiceLine): string | null {
    const id = line.parent?.invoice_item_details?.invoice_item;
    return (id && this.taxCodes.get(id)) || null;
  }

  get(id: string): InvoiceItem | undefined {
    return this.items.get(id);
  }

  /** The invoice item a request's URL names: 404 when missing. */
  require(id: string): InvoiceItem {
    const item = this.items.get(id);
    if (!item) throw resourceMissing('invoiceitem', id, 'id');
    return item;
  }

  /** The customer's pending items (on no invoice yet), oldest first. */
  pending(customerId: string): InvoiceItem[] {
    return [...this.items.values()].filter(
      (item) => item.customer === customerId && item.invoice === null,
    );
  }

  /** The items on an invoice. */
  onInvoice(invoiceId: string): InvoiceItem[] {
    return [...this.items.values()].filter((item) => item.invoice === invoiceId);
  }

  delete(id: string): void {
    this.items.delete(id);
    this.taxCodes.delete(id);
  }

  /** Forgets the items of these customers (a deleted test clock's). */
  forgetCustomers(customerIds: ReadonlySet<string>): void {
    for (const [id, item] of this.items) {
      if (customerIds.has(item.customer)) this.delete(id);
    }
  }

  clear(): void {
    this.items.clear();
    this.taxCodes.clear();
  }
}
