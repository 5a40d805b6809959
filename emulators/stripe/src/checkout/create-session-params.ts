import type Stripe from 'stripe';
import { billingOf, sameInterval } from '../billing/billing-periods.js';
import { minimumTotal, SUPPORTED_CURRENCIES } from '../core/currencies.js';
import type { FormObject, FormValue } from '../core/form-encoding.js';
import { formatAmount } from '../core/money.js';
import {
  assertKnownKeys,
  paramName,
  readList,
  readMetadata,
  readNonNegativeInteger,
  readObject,
  readString,
  readStringList,
  readUrl,
  requireString,
} from '../core/param-readers.js';
import { knownCountryName } from './shipping-details.js';
import { readAutomaticTax } from '../billing/tax/automatic-tax-param.js';
import { readTaxCode, taxCodeOfProduct } from '../billing/tax/tax-codes.js';
import { readShippingRateParams, type ShippingRateInput } from '../billing/shipping-rate-store.js';
import { invalidRequest, missingParam, missingReference } from '../core/stripe-error.js';
import type {
  CustomerUpdate,
  Known,
  Param,
  Price,
  Product,
  ProductInfo,
  ShippingRate,
} from '../core/types.js';

export interface LineInput {
  quantity: number;
  unitAmount: number;
  currency: string;
  product: ProductInfo;
  productMetadata: Stripe.Metadata;
  /** The saved price a line names (`line_items[i][price]`); null for `price_data`. */
  price: Price | null;
  /** `product_data[tax_code]`, or the saved price's product's; null for the preset. */
  taxCode: string | null;
}

/**
 * One of `shipping_options`: a saved shipping rate (`shipping_rate`, checked), or the one Stripe
 * makes from `shipping_rate_data` (made once every parameter has been checked).
 */
export type ShippingOptionInput = { rate: ShippingRate } | { data: ShippingRateInput };

/** The amount a shipping option charges. */
export function shippingOptionAmount(option: ShippingOptionInput): number {
  return 'rate' in option ? option.rate.fixed_amount.amount : option.data.amount;
}

/** The modes the sandbox serves. */
export type SessionMode = Extract<
  Known<Stripe.Checkout.SessionCreateParams.Mode>,
  'payment' | 'subscription'
>;

/** `subscription_data` of a subscription-mode session. */
export interface SubscriptionData {
  metadata: Stripe.Metadata;
  description: string | null;
}

/**
 * Where saved prices (`line_items[i][price]`), their products and saved shipping rates
 * (`shipping_options[i][shipping_rate]`) are looked up.
 */
export interface Catalog {
  getPrice(id: string): Price | undefined;
  getProduct(id: string): Product | undefined;
  getShippingRate(id: string): ShippingRate | undefined;
}

export interface CreateSessionInput {
  /** The creation time (seconds) that expires_at was checked against: one clock read per request. */
  created: number;
  mode: SessionMode;
  lines: LineInput[];
  currency: string;
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Stripe.Metadata;
  customerEmail: string | null;
  /** `customer`: an existing customer (checked by the caller against the customer store). */
  customer: string | null;
  /** `customer_update[...]=auto`: what Checkout saves on the customer once the buyer pays. */
  customerUpdate: CustomerUpdate;
  /** `shipping_address_collection[allowed_countries]`, or null when no ship-to is collected. */
  allowedCountries: string[] | null;
  /** `phone_number_collection[enabled]`. */
  phoneRequired: boolean;
  expiresAt: number;
  /** `allowed_payment_method_types`, or null when the request leaves the choice to Stripe. */
  allowedPaymentMethodTypes: string[] | null;
  paymentIntentMetadata: Stripe.Metadata;
  /** `subscription_data` in subscription mode; null in payment mode. */
  subscriptionData: SubscriptionData | null;
  /** `automatic_tax[enabled]`: the sandbox's stand-in for Stripe Tax computes the tax. */
  automaticTax: boolean;
  /** `discounts[0][coupon]`: the coupon taken off the session (checked by the caller). */
  coupon: string | null;
  /** `shipping_options`, in order (the first is preselected); empty without any. */
  shippingOptions: ShippingOptionInput[];
  /** Real Stripe parameters the sandbox accepts but does not act on. */
  ignored: string[];
}

// Every parameter name below is checked against the SDK's SessionCreateParams: a parameter the
// pinned API version does not have (`payment_method_types` since 2026-09-30.endive, for one) does
// not compile.
const HANDLED: ReadonlyArray<Param<Stripe.Checkout.SessionCreateParams>> = [
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
  'customer_email',
  'customer',
  'customer_update',
  'shipping_address_collection',
  'phone_number_collection',
  'expires_at',
  'allowed_payment_method_types',
  'expand',
  'payment_intent_data',
  'subscription_data',
  'ui_mode',
  'automatic_tax',
  'discounts',
  'shipping_options',
];
const IGNORED: ReadonlyArray<Param<Stripe.Checkout.SessionCreateParams>> = [
  'allow_promotion_codes',
  'billing_address_collection',
  'locale',
  'submit_type',
  'customer_creation',
  'invoice_creation',
  'custom_text',
  'consent_collection',
  'payment_method_collection',
];
const LINE_ITEM_PARAMS: ReadonlyArray<Param<Stripe.Checkout.SessionCreateParams.LineItem>> = [
  'price',
  'price_data',
  'quantity',
  'adjustable_quantity',
  'tax_rates',
];
const PRICE_DATA_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.LineItem.PriceData>
> = [
  'currency',
  'unit_amount',
  'unit_amount_decimal',
  'product_data',
  'product',
  'tax_behavior',
  'recurring',
];
const PRODUCT_DATA_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData>
> = ['name', 'description', 'images', 'metadata', 'tax_code', 'unit_label'];
const SUBSCRIPTION_DATA_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.SubscriptionData>
> = ['metadata', 'description'];
/** Real `subscription_data` parameters the sandbox refuses rather than ignore (they change billing). */
const SUBSCRIPTION_DATA_UNSUPPORTED: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.SubscriptionData>
> = [
  'application_fee_percent',
  'billing_cycle_anchor',
  'billing_cycle_anchor_config',
  'billing_mode',
  'default_tax_rates',
  'invoice_settings',
  'on_behalf_of',
  'pending_invoice_item_interval',
  'proration_behavior',
  'transfer_data',
  'trial_end',
  'trial_period_days',
  'trial_settings',
];
const PAYMENT_INTENT_DATA_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.PaymentIntentData>
> = ['metadata', 'description', 'receipt_email', 'statement_descriptor', 'capture_method'];
/** The payment method types the sandbox accepts in `allowed_payment_method_types`. */
const PAYMENT_METHOD_TYPES: ReadonlyArray<
  Known<Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType>
> = [
  'card',
  'link',
  'us_bank_account',
  'cashapp',
  'affirm',
  'afterpay_clearpay',
  'klarna',
  'paypal',
  'amazon_pay',
  'sepa_debit',
  'ideal',
  'bancontact',
];
const MODES: ReadonlyArray<Known<Stripe.Checkout.SessionCreateParams.Mode>> = [
  'payment',
  'setup',
  'subscription',
];
/** The modes the sandbox serves (on its own hosted page): a payment, or a subscription. */
const SUPPORTED_MODES: ReadonlyArray<SessionMode> = ['payment', 'subscription'];
const MAX_LINES: Readonly<Record<SessionMode, number>> = { payment: 100, subscription: 20 };
const UI_MODE: Known<Stripe.Checkout.SessionCreateParams.UiMode> = 'hosted_page';
const MAX_UNIT_AMOUNT = 99_999_999;
const MAX_QUANTITY = 999_999;
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const MAX_SHIPPING_OPTIONS = 5;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readProductData(
  value: FormValue | undefined,
  param: string,
): { product: ProductInfo; metadata: Stripe.Metadata; taxCode: string | null } {
  const data = readObject(value, param);
  if (!data) throw missingParam(paramName(param, 'name'));
  assertKnownKeys(data, PRODUCT_DATA_PARAMS, param);
  const name = requireString(data.name, paramName(param, 'name'), 5000);
  const description = readString(data.description, paramName(param, 'description'), 40000) || null;
  const images = readList(data.images, paramName(param, 'images')) ?? [];
  if (images.length > 8)
    throw invalidRequest('You can pass at most 8 images.', paramName(param, 'images'));
  const urls = images.map((image, index) => {
    const url = readUrl(image, `${paramName(param, 'images')}[${index}]`);
    if (!url) throw missingParam(`${paramName(param, 'images')}[${index}]`);
    return url;
  });
  return {
    product: { name, description, images: urls },
    metadata: readMetadata(data.metadata, paramName(param, 'metadata')),
    taxCode: readTaxCode(data.tax_code, paramName(param, 'tax_code')),
  };
}

function recurringInPaymentMode(param: string) {
  return invalidRequest(
    'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
    param,
  );
}

/** A saved price (`line_items[i][price]`): it must exist, be active and suit the mode. */
function readSavedPrice(
  id: string,
  param: string,
  mode: SessionMode,
  catalog: Catalog,
): Omit<LineInput, 'quantity'> {
  const price = catalog.getPrice(id);
  if (!price) throw invalidRequest(`No such price: '${id}'`, param, 'resource_missing');
  if (!price.active) {
    throw invalidRequest(
      'The price specified is inactive. This field only accepts active prices.',
      param,
    );
  }
  if (price.recurring && mode === 'payment') throw recurringInPaymentMode(param);
  const product = catalog.getProduct(price.product);
  return {
    unitAmount: price.unit_amount,
    currency: price.currency,
    product: {
      name: product?.name ?? price.product,
      description: product?.description ?? null,
      images: product?.images ?? [],
    },
    productMetadata: product?.metadata ?? {},
    price,
    taxCode: taxCodeOfProduct(product),
  };
}

function readQuantity(line: FormObject, param: string): number {
  const quantityParam = paramName(param, 'quantity');
  if (line.quantity === undefined)
    throw invalidRequest(
      `Quantity is required. Add \`quantity\` to \`${param}\``,
      quantityParam,
      'parameter_missing',
    );
  const quantityText = readString(line.quantity, quantityParam) ?? '';
  if (!/^-?\d+$/.test(quantityText))
    throw invalidRequest(`Invalid integer: ${quantityText}`, quantityParam);
  const quantity = Number(quantityText);
  if (quantity < 1)
    throw invalidRequest(`This value must be greater than or equal to 1.`, quantityParam);
  if (quantity > MAX_QUANTITY)
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_QUANTITY}.`,
      quantityParam,
    );
  return quantity;
}

function readLine(value: FormValue, param: string, mode: SessionMode, catalog: Catalog): LineInput {
  const line = readObject(value, param);
  if (!line) throw missingParam(paramName(param, 'price_data'));
  assertKnownKeys(line, LINE_ITEM_PARAMS, param);
  const priceParam = paramName(param, 'price_data');
  const priceId = readString(line.price, paramName(param, 'price'));
  if (priceId) {
    if (line.price_data !== undefined) {
      throw invalidRequest(
        'You may only specify one of these parameters: price, price_data.',
        priceParam,
      );
    }
    const saved = readSavedPrice(priceId, paramName(param, 'price'), mode, catalog);
    return { ...saved, quantity: readQuantity(line, param) };
  }
  const priceData = readObject(line.price_data, priceParam);
  if (!priceData)
    throw invalidRequest(`You must specify either \`price\` or \`price_data\` in ${param}.`, param);
  assertKnownKeys(priceData, PRICE_DATA_PARAMS, priceParam);
  if (priceData.recurring !== undefined) {
    const recurringParam = paramName(priceParam, 'recurring');
    if (mode === 'payment') throw recurringInPaymentMode(recurringParam);
    throw invalidRequest(
      'The sandbox takes recurring prices by id only: create the price (POST /v1/prices) and pass `line_items[i][price]`.',
      recurringParam,
    );
  }
  const currencyText = requireString(
    priceData.currency,
    paramName(priceParam, 'currency'),
  ).toLowerCase();
  if (!SUPPORTED_CURRENCIES.includes(currencyText)) {
    throw invalidRequest(
      `Invalid currency: ${currencyText}. The sandbox supports these currencies: ${SUPPORTED_CURRENCIES.join(', ')}`,
      paramName(priceParam, 'currency'),
    );
  }
  const productId = readString(priceData.product, paramName(priceParam, 'product'));
  if (productId)
    throw invalidRequest(
      `No such product: '${productId}'`,
      paramName(priceParam, 'product'),
      'resource_missing',
    );
  if (priceData.unit_amount_decimal !== undefined) {
    throw invalidRequest(
      'The sandbox supports integer `unit_amount` only.',
      paramName(priceParam, 'unit_amount_decimal'),
    );
  }
  const unitAmountParam = paramName(priceParam, 'unit_amount');
  const unitAmount = readNonNegativeInteger(priceData.unit_amount, unitAmountParam);
  if (unitAmount === undefined) throw missingParam(unitAmountParam);
  if (unitAmount > MAX_UNIT_AMOUNT) {
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_UNIT_AMOUNT} (it currently is '${unitAmount}').`,
      unitAmountParam,
    );
  }
  const { product, metadata, taxCode } = readProductData(
    priceData.product_data,
    paramName(priceParam, 'product_data'),
  );
  return {
    quantity: readQuantity(line, param),
    unitAmount,
    currency: currencyText,
    product,
    productMetadata: metadata,
    price: null,
    taxCode,
  };
}

/**
 * Subscription mode: every line a recurring price, all billed at one interval (Checkout's rule;
 * the one-time extras Stripe would add to the first invoice are not supported).
 */
function checkSubscriptionLines(lines: ReadonlyArray<LineInput>): void {
  const intervals = lines.map((line) => (line.price ? billingOf(line.price) : null));
  const first = intervals.find((billing) => billing !== null);
  if (!first) {
    throw invalidRequest(
      'You must specify at least one recurring price in `subscription` mode when using prices.',
      'mode',
    );
  }
  lines.forEach((line, index) => {
    const billing = intervals[index];
    if (!billing) {
      throw invalidRequest(
        `The sandbox does not support one-time prices in \`subscription\` mode (Stripe adds them to the first invoice only): line_items[${index}] is one-time.`,
        `line_items[${index}][${line.price ? 'price' : 'price_data'}]`,
      );
    }
    if (!sameInterval(billing, first)) {
      throw invalidRequest(
        'Checkout does not support multiple prices with different billing intervals: all recurring prices must have the same `recurring[interval]` and `recurring[interval_count]`.',
        `line_items[${index}][price]`,
      );
    }
  });
}

function readLines(
  body: FormObject,
  mode: SessionMode,
  catalog: Catalog,
): { lines: LineInput[]; currency: string } {
  const items = readList(body.line_items, 'line_items');
  if (!items || items.length === 0)
    throw invalidRequest(
      `\`line_items\` is required in \`${mode}\` mode.`,
      'line_items',
      'parameter_missing',
    );
  if (items.length > MAX_LINES[mode])
    throw invalidRequest(
      `You can pass at most ${MAX_LINES[mode]} line items in \`${mode}\` mode.`,
      'line_items',
    );
  const lines = items.map((item, index) => readLine(item, `line_items[${index}]`, mode, catalog));
  const currency = (lines[0] as LineInput).currency;
  lines.forEach((line, index) => {
    if (line.currency !== currency) {
      throw invalidRequest(
        'Checkout does not support multiple currencies. Line item currencies must all be the same.',
        `line_items[${index}][${line.price ? 'price' : 'price_data][currency'}]`,
      );
    }
  });
  if (mode === 'subscription') checkSubscriptionLines(lines);
  return { lines, currency };
}

/**
 * The amount due before discounts and tax (the lines and the preselected shipping option): a
 * subscription may be free; a payment has Stripe's minimum charge; neither may pass the maximum.
 */
function checkTotal(
  mode: SessionMode,
  lines: ReadonlyArray<LineInput>,
  shipping: number,
  currency: string,
): void {
  const total = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0) + shipping;
  if (mode === 'payment' && total < minimumTotal(currency)) {
    throw invalidRequest(
      `The Checkout Session's total amount due must add up to at least ${formatAmount(minimumTotal(currency), currency)} ${currency}`,
    );
  }
  if (total > MAX_UNIT_AMOUNT) {
    throw invalidRequest(
      `The Checkout Session's total amount due must be no more than ${formatAmount(MAX_UNIT_AMOUNT, currency)} ${currency}`,
    );
  }
}

const SHIPPING_OPTION_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.ShippingOption>
> = ['shipping_rate', 'shipping_rate_data'];

/**
 * One shipping option: exactly one of `shipping_rate` (a saved rate, `POST /v1/shipping_rates`)
 * and `shipping_rate_data`, in the currency of the line items.
 */
function readShippingOption(
  value: FormValue,
  param: string,
  currency: string,
  catalog: Catalog,
): ShippingOptionInput {
  const option = readObject(value, param) ?? {};
  assertKnownKeys(option, SHIPPING_OPTION_PARAMS, param);
  const rateParam = paramName(param, 'shipping_rate');
  const dataParam = paramName(param, 'shipping_rate_data');
  const rateId = readString(option.shipping_rate, rateParam) || undefined;
  const data = readObject(option.shipping_rate_data, dataParam);
  if (rateId !== undefined && data) {
    throw invalidRequest(
      'You may only specify one of these parameters: shipping_rate, shipping_rate_data.',
      dataParam,
    );
  }
  let chosen: ShippingOptionInput;
  let currencyParam: string;
  if (rateId !== undefined) {
    const rate = catalog.getShippingRate(rateId);
    if (!rate) throw missingReference('shipping_rate', rateId, rateParam);
    chosen = { rate };
    currencyParam = rateParam;
  } else if (data) {
    chosen = { data: readShippingRateParams(data, dataParam) };
    currencyParam = paramName(paramName(dataParam, 'fixed_amount'), 'currency');
  } else {
    throw invalidRequest(
      `You must specify either \`shipping_rate\` or \`shipping_rate_data\` in ${param}.`,
      param,
    );
  }
  const rateCurrency = 'rate' in chosen ? chosen.rate.fixed_amount.currency : chosen.data.currency;
  if (rateCurrency !== currency) {
    throw invalidRequest(
      `The shipping rate's currency (${rateCurrency}) must be the currency of the line items (${currency}).`,
      currencyParam,
    );
  }
  return chosen;
}

/**
 * `shipping_options`: up to 5, in `payment` mode only (Stripe: "Only Checkout Sessions in payment
 * mode support shipping options"); the first is preselected.
 */
function readShippingOptions(
  body: FormObject,
  mode: SessionMode,
  currency: string,
  catalog: Catalog,
): ShippingOptionInput[] {
  const list = readList(body.shipping_options, 'shipping_options');
  if (list === undefined || list.length === 0) return [];
  if (mode !== 'payment') {
    throw invalidRequest(
      'You can only pass `shipping_options` in `payment` mode.',
      'shipping_options',
    );
  }
  if (list.length > MAX_SHIPPING_OPTIONS) {
    throw invalidRequest(
      `You can pass at most ${MAX_SHIPPING_OPTIONS} shipping options (got ${list.length}).`,
      'shipping_options',
    );
  }
  return list.map((option, index) =>
    readShippingOption(option, `shipping_options[${index}]`, currency, catalog),
  );
}

function readExpiresAt(body: FormObject, nowSeconds: number): number {
  const expiresAt = readNonNegativeInteger(body.expires_at, 'expires_at');
  if (expiresAt === undefined) return nowSeconds + MAX_EXPIRY_SECONDS;
  if (expiresAt < nowSeconds + MIN_EXPIRY_SECONDS) {
    throw invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  }
  if (expiresAt > nowSeconds + MAX_EXPIRY_SECONDS) {
    throw invalidRequest(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  return expiresAt;
}

function readMode(body: FormObject): SessionMode {
  const mode = readString(body.mode, 'mode');
  if (mode === undefined || mode === '') throw missingParam('mode');
  if (!MODES.some((known) => known === mode)) {
    throw invalidRequest('Invalid mode: must be one of payment, setup, or subscription', 'mode');
  }
  const supported = SUPPORTED_MODES.find((known) => known === mode);
  if (supported === undefined) {
    throw invalidRequest(
      `The sandbox supports \`mode=payment\` and \`mode=subscription\` only (got \`${mode}\`).`,
      'mode',
    );
  }
  const uiMode = readString(body.ui_mode, 'ui_mode');
  if (uiMode !== undefined && uiMode !== UI_MODE) {
    throw invalidRequest(
      `The sandbox supports \`ui_mode=${UI_MODE}\` only (got \`${uiMode}\`).`,
      'ui_mode',
    );
  }
  return supported;
}

/** `subscription_data[metadata]` and `[description]`, in subscription mode only. */
function readSubscriptionData(body: FormObject, mode: SessionMode): SubscriptionData | null {
  const data = readObject(body.subscription_data, 'subscription_data');
  if (mode !== 'subscription') {
    if (data) {
      throw invalidRequest(
        'You can only pass `subscription_data` in `subscription` mode.',
        'subscription_data',
      );
    }
    return null;
  }
  if (!data) return { metadata: {}, description: null };
  const unsupported = Object.keys(data).find((key) =>
    SUBSCRIPTION_DATA_UNSUPPORTED.some((name) => name === key),
  );
  if (unsupported !== undefined) {
    throw invalidRequest(
      `The sandbox does not support \`subscription_data[${unsupported}]\`.`,
      `subscription_data[${unsupported}]`,
    );
  }
  assertKnownKeys(data, SUBSCRIPTION_DATA_PARAMS, 'subscription_data');
  return {
    metadata: readMetadata(data.metadata, 'subscription_data[metadata]'),
    description: readString(data.description, 'subscription_data[description]', 500) || null,
  };
}

/** `allowed_payment_method_types`: a filter on the methods offered; null when not given. */
function readAllowedPaymentMethodTypes(body: FormObject): string[] | null {
  const param = 'allowed_payment_method_types';
  const types = readStringList(body.allowed_payment_method_types, param);
  if (!types || types.length === 0) return null;
  types.forEach((type, index) => {
    if (!PAYMENT_METHOD_TYPES.some((known) => known === type)) {
      throw invalidRequest(
        `Invalid ${param}[${index}]: must be one of ${PAYMENT_METHOD_TYPES.join(', ')}`,
        `${param}[${index}]`,
      );
    }
  });
  return types;
}

const DISCOUNT_PARAMS: ReadonlyArray<Param<Stripe.Checkout.SessionCreateParams.Discount>> = [
  'coupon',
  'promotion_code',
];

/**
 * `discounts`: one coupon (`discounts[0][coupon]`), payment mode only; not with
 * `allow_promotion_codes`, as at Stripe. Promotion codes are not supported.
 */
function readDiscounts(body: FormObject, mode: SessionMode): string | null {
  const list = readList(body.discounts, 'discounts');
  if (list === undefined || list.length === 0) return null;
  if (body.allow_promotion_codes !== undefined) {
    throw invalidRequest(
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      'allow_promotion_codes',
    );
  }
  if (mode !== 'payment') {
    throw invalidRequest(
      'The sandbox applies `discounts` in `payment` mode only (no coupons on subscriptions).',
      'discounts',
    );
  }
  if (list.length > 1) {
    throw invalidRequest('You can only apply one discount to a Checkout Session.', 'discounts');
  }
  const discount = readObject(list[0], 'discounts[0]') ?? {};
  assertKnownKeys(discount, DISCOUNT_PARAMS, 'discounts[0]');
  if (discount.promotion_code !== undefined) {
    throw invalidRequest(
      'The sandbox does not support promotion codes: pass `discounts[0][coupon]`.',
      'discounts[0][promotion_code]',
    );
  }
  return requireString(discount.coupon, 'discounts[0][coupon]');
}

const CUSTOMER_UPDATE_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.CustomerUpdate>
> = ['shipping', 'address', 'name'];
const AUTO_OR_NEVER: ReadonlyArray<
  Known<Stripe.Checkout.SessionCreateParams.CustomerUpdate.Shipping>
> = ['auto', 'never'];

/** `customer` and `customer_update`: who pays, and whether Checkout saves what they type. */
function readCustomer(
  body: FormObject,
  customerEmail: string | null,
): { customer: string | null; customerUpdate: CustomerUpdate } {
  const customer = readString(body.customer, 'customer', 255) || null;
  if (customer !== null && customerEmail !== null) {
    throw invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  }
  const update = readObject(body.customer_update, 'customer_update');
  if (update) {
    if (customer === null) {
      throw invalidRequest(
        '`customer_update` can only be used with `customer`.',
        'customer_update',
      );
    }
    assertKnownKeys(update, CUSTOMER_UPDATE_PARAMS, 'customer_update');
    for (const key of CUSTOMER_UPDATE_PARAMS) {
      const value = readString(update[key], `customer_update[${key}]`);
      if (value !== undefined && !AUTO_OR_NEVER.some((known) => known === value)) {
        throw invalidRequest(
          `Invalid customer_update[${key}]: must be one of auto or never`,
          `customer_update[${key}]`,
        );
      }
    }
  }
  return {
    customer,
    customerUpdate: {
      shipping: update?.shipping === 'auto',
      address: update?.address === 'auto',
      name: update?.name === 'auto',
    },
  };
}

const SHIPPING_COLLECTION_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.ShippingAddressCollection>
> = ['allowed_countries'];
const PHONE_COLLECTION_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.PhoneNumberCollection>
> = ['enabled'];

/** `shipping_address_collection[allowed_countries]`: two-letter country codes. */
function readAllowedCountries(body: FormObject): string[] | null {
  const collection = readObject(body.shipping_address_collection, 'shipping_address_collection');
  if (!collection) return null;
  assertKnownKeys(collection, SHIPPING_COLLECTION_PARAMS, 'shipping_address_collection');
  const param = 'shipping_address_collection[allowed_countries]';
  const countries = readStringList(collection.allowed_countries, param);
  if (!countries || countries.length === 0) throw missingParam(param);
  countries.forEach((country, index) => {
    if (knownCountryName(country) === undefined) {
      throw invalidRequest(`Invalid ${param}[${index}]: ${country}`, `${param}[${index}]`);
    }
  });
  return countries;
}

function readPhoneCollection(body: FormObject): boolean {
  const collection = readObject(body.phone_number_collection, 'phone_number_collection');
  if (!collection) return false;
  assertKnownKeys(collection, PHONE_COLLECTION_PARAMS, 'phone_number_collection');
  const enabled = readString(collection.enabled, 'phone_number_collection[enabled]');
  if (enabled !== 'true' && enabled !== 'false') {
    throw missingParam('phone_number_collection[enabled]');
  }
  return enabled === 'true';
}

/**
 * Validates a `POST /v1/checkout/sessions` body the way Stripe does; throws Stripe-shaped 400s.
 * Saved prices are looked up in `catalog`.
 */
export function readCreateSessionParams(
  body: FormObject,
  nowSeconds: number,
  catalog: Catalog,
): CreateSessionInput {
  assertKnownKeys(body, [...HANDLED, ...IGNORED], '');
  const mode = readMode(body);
  const { lines, currency } = readLines(body, mode, catalog);
  const shippingOptions = readShippingOptions(body, mode, currency, catalog);
  checkTotal(
    mode,
    lines,
    shippingOptions[0] ? shippingOptionAmount(shippingOptions[0]) : 0,
    currency,
  );
  const customerEmail = readString(body.customer_email, 'customer_email', 800) || null;
  if (customerEmail !== null && !EMAIL.test(customerEmail)) {
    throw invalidRequest(
      `Invalid email address: ${customerEmail}`,
      'customer_email',
      'email_invalid',
    );
  }
  const { customer, customerUpdate } = readCustomer(body, customerEmail);
  const paymentIntentData = readObject(body.payment_intent_data, 'payment_intent_data') ?? {};
  if (mode === 'subscription' && body.payment_intent_data !== undefined) {
    throw invalidRequest(
      'You can not pass `payment_intent_data` in `subscription` mode.',
      'payment_intent_data',
    );
  }
  assertKnownKeys(paymentIntentData, PAYMENT_INTENT_DATA_PARAMS, 'payment_intent_data');
  const subscriptionData = readSubscriptionData(body, mode);
  return {
    mode,
    lines,
    currency,
    successUrl: readUrl(body.success_url, 'success_url') ?? null,
    cancelUrl: readUrl(body.cancel_url, 'cancel_url') ?? null,
    clientReferenceId: readString(body.client_reference_id, 'client_reference_id', 200) || null,
    metadata: readMetadata(body.metadata, 'metadata'),
    customerEmail,
    customer,
    customerUpdate,
    allowedCountries: readAllowedCountries(body),
    phoneRequired: readPhoneCollection(body),
    created: nowSeconds,
    expiresAt: readExpiresAt(body, nowSeconds),
    allowedPaymentMethodTypes: readAllowedPaymentMethodTypes(body),
    paymentIntentMetadata: readMetadata(
      paymentIntentData.metadata,
      'payment_intent_data[metadata]',
    ),
    subscriptionData,
    automaticTax: readAutomaticTax(body.automatic_tax),
    coupon: readDiscounts(body, mode),
    shippingOptions,
    ignored: Object.keys(body).filter((key) => IGNORED.some((name) => name === key)),
  };
}
