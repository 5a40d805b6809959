import Stripe from 'stripe';
import { MAX_INTERVAL_COUNT } from './billing-periods.js';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import {
  assertKnownKeys,
  readBoolean,
  readEnum,
  readMetadata,
  readNonNegativeInteger,
  readObject,
  readString,
  readStringList,
  requireString,
} from '../core/param-readers.js';
import {
  invalidRequest,
  missingParam,
  missingReference,
  resourceMissing,
} from '../core/stripe-error.js';
import type { BillingInterval, Known, Param, Price, Product } from '../core/types.js';
import { readTaxCode } from './tax/tax-codes.js';

const PRICE_PARAMS: ReadonlyArray<Param<Stripe.PriceCreateParams>> = [
  'currency',
  'unit_amount',
  'recurring',
  'product',
  'product_data',
  'lookup_key',
  'transfer_lookup_key',
  'metadata',
  'nickname',
  'active',
  'expand',
];
const RECURRING_PARAMS: ReadonlyArray<Param<Stripe.PriceCreateParams.Recurring>> = [
  'interval',
  'interval_count',
  'usage_type',
];
const PRODUCT_DATA_PARAMS: ReadonlyArray<Param<Stripe.PriceCreateParams.ProductData>> = [
  'name',
  'metadata',
  'tax_code',
];
const PRODUCT_PARAMS: ReadonlyArray<Param<Stripe.ProductCreateParams>> = [
  'name',
  'id',
  'description',
  'metadata',
  'active',
  'tax_code',
  'expand',
];
export const PRICE_LIST_PARAMS: ReadonlyArray<Param<Stripe.PriceListParams>> = [
  'lookup_keys',
  'active',
  'product',
  'type',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const INTERVALS: ReadonlyArray<Known<Stripe.PriceCreateParams.Recurring.Interval>> = [
  'day',
  'week',
  'month',
  'year',
];
const PRICE_TYPES: ReadonlyArray<Known<Stripe.PriceListParams.Type>> = ['one_time', 'recurring'];
/** The one currency the sandbox's Price objects come in. */
export const PRICE_CURRENCY = 'usd';
const MAX_UNIT_AMOUNT = 99_999_999;
const MAX_LOOKUP_KEYS = 10;

export interface PriceFilter {
  lookupKeys?: string[];
  active?: boolean;
  product?: string;
  type?: Known<Stripe.Price.Type>;
}

/** `recurring[...]`: the billing interval, or null for a one-time price. */
function readRecurring(params: FormObject): BillingInterval | null {
  const recurring = readObject(params.recurring, 'recurring');
  if (!recurring) return null;
  assertKnownKeys(recurring, RECURRING_PARAMS, 'recurring');
  const interval = readEnum(recurring.interval, 'recurring[interval]', INTERVALS);
  if (interval === undefined) throw missingParam('recurring[interval]');
  const count = readNonNegativeInteger(recurring.interval_count, 'recurring[interval_count]') ?? 1;
  const max = MAX_INTERVAL_COUNT[interval];
  if (count < 1 || count > max) {
    throw invalidRequest(
      `Invalid recurring[interval_count]: must be between 1 and ${max} for interval=${interval} (at most one year).`,
      'recurring[interval_count]',
    );
  }
  const usage = readString(recurring.usage_type, 'recurring[usage_type]');
  if (usage !== undefined && usage !== 'licensed') {
    throw invalidRequest(
      `The sandbox supports \`recurring[usage_type]=licensed\` only (got \`${usage}\`).`,
      'recurring[usage_type]',
    );
  }
  return { interval, interval_count: count };
}

function readUnitAmount(params: FormObject): number {
  const amount = readNonNegativeInteger(params.unit_amount, 'unit_amount');
  if (amount === undefined) throw missingParam('unit_amount');
  if (amount > MAX_UNIT_AMOUNT) {
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_UNIT_AMOUNT} (it currently is '${amount}').`,
      'unit_amount',
    );
  }
  return amount;
}

function readCurrency(params: FormObject): string {
  const currency = requireString(params.currency, 'currency').toLowerCase();
  if (currency !== PRICE_CURRENCY) {
    throw invalidRequest(
      `The sandbox supports \`currency=${PRICE_CURRENCY}\` only for prices (got \`${currency}\`).`,
      'currency',
    );
  }
  return currency;
}

/** In-memory Products and Prices: create, retrieve, list, lookup keys. */
export class PriceStore {
  private readonly products = new Map<string, Product>();
  private readonly prices = new Map<string, Price>();

  constructor(private readonly now: () => number) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /**
   * POST /v1/products: `name`, optional `id`, `description`, `metadata`, `active`, `tax_code`
   * (what its prices' lines are taxed as, see tax-codes.ts).
   */
  createProduct(params: FormObject): Product {
    assertKnownKeys(params, PRODUCT_PARAMS, '');
    const name = requireString(params.name, 'name', 5000);
    const id = readString(params.id, 'id', 255) || undefined;
    if (id !== undefined && !/^[A-Za-z0-9_-]+$/.test(id)) {
      throw invalidRequest('Invalid id: use letters, digits, `_` and `-` only.', 'id');
    }
    if (id !== undefined && this.products.has(id)) {
      throw invalidRequest('Product already exists.', 'id', 'resource_already_exists');
    }
    const description = readString(params.description, 'description', 40000) || null;
    const metadata = readMetadata(params.metadata, 'metadata');
    const active = readBoolean(params.active, 'active') ?? true;
    const taxCode = readTaxCode(params.tax_code, 'tax_code');
    return this.addProduct({ id, name, description, metadata, active, taxCode });
  }

  private addProduct(input: {
    id: string | undefined;
    name: string;
    description: string | null;
    metadata: Stripe.Metadata;
    active: boolean;
    taxCode: string | null;
  }): Product {
    const created = this.nowSeconds();
    const product: Product = {
      id: input.id ?? newId('prod', 14),
      object: 'product',
      active: input.active,
      created,
      default_price: null,
      description: input.description,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: input.metadata,
      name: input.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: input.taxCode,
      tax_details: null,
      type: 'service',
      unit_label: null,
      updated: created,
      url: null,
    };
    this.products.set(product.id, product);
    return product;
  }

  getProduct(id: string): Product | undefined {
    return this.products.get(id);
  }

  /** The product a request's URL names: 404 when missing. */
  requireProduct(id: string): Product {
    const product = this.products.get(id);
    if (!product) throw resourceMissing('product', id, 'id');
    return product;
  }

  /**
   * POST /v1/prices: a per-unit price in usd, one-time or recurring, of an existing `product` or a
   * new one (`product_data`). A `lookup_key` already used by an active price is refused unless
   * `transfer_lookup_key=true`, which moves it to the new price. Everything is checked before
   * anything is written.
   */
  createPrice(params: FormObject): Price {
    assertKnownKeys(params, PRICE_PARAMS, '');
    const currency = readCurrency(params);
    const unitAmount = readUnitAmount(params);
    const recurring = readRecurring(params);
    const productId = readString(params.product, 'product') || undefined;
    const productData = readObject(params.product_data, 'product_data');
    if (productId !== undefined && productData) {
      throw invalidRequest(
        'You may only specify one of these parameters: product, product_data.',
        'product_data',
      );
    }
    if (productId === undefined && !productData) {
      throw invalidRequest(
        'You must specify either `product` or `product_data` when creating a price.',
        'product',
      );
    }
    if (productId !== undefined && !this.products.has(productId)) {
      throw missingReference('product', productId, 'product');
    }
    let newProduct: { name: string; metadata: Stripe.Metadata; taxCode: string | null } | undefined;
    if (productData) {
      assertKnownKeys(productData, PRODUCT_DATA_PARAMS, 'product_data');
      newProduct = {
        name: requireString(productData.name, 'product_data[name]', 5000),
        metadata: readMetadata(productData.metadata, 'product_data[metadata]'),
        taxCode: readTaxCode(productData.tax_code, 'product_data[tax_code]'),
      };
    }
    const lookupKey = readString(params.lookup_key, 'lookup_key', 200) || null;
    const transfer = readBoolean(params.transfer_lookup_key, 'transfer_lookup_key') ?? false;
    const holder = lookupKey === null ? undefined : this.activeWithLookupKey(lookupKey);
    if (holder && !transfer) {
      throw invalidRequest(
        `A price (\`${holder.id}\`) already uses that lookup key.`,
        'lookup_key',
      );
    }
    const metadata = readMetadata(params.metadata, 'metadata');
    const nickname = readString(params.nickname, 'nickname', 5000) || null;
    const active = readBoolean(params.active, 'active') ?? true;

    if (holder) holder.lookup_key = null;
    const product =
      productId ??
      this.addProduct({
        id: undefined,
        name: newProduct?.name ?? '',
        description: null,
        metadata: newProduct?.metadata ?? {},
        active: true,
        taxCode: newProduct?.taxCode ?? null,
      }).id;
    const price: Price = {
      id: newId('price', 24),
      object: 'price',
      active,
      billing_scheme: 'per_unit',
      created: this.nowSeconds(),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata,
      nickname,
      product,
      recurring: recurring
        ? { ...recurring, meter: null, trial_period_days: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: Stripe.Decimal.from(unitAmount),
    };
    this.prices.set(price.id, price);
    return price;
  }

  /**
   * The price Stripe makes for an invoice item's `price_data`: one-time, inactive (it is not
   * offered anywhere else), of an existing product.
   */
  createInlinePrice(product: string, unitAmount: number): Price {
    const price: Price = {
      id: newId('price', 24),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: this.nowSeconds(),
      currency: PRICE_CURRENCY,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product,
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: Stripe.Decimal.from(unitAmount),
    };
    this.prices.set(price.id, price);
    return price;
  }

  private activeWithLookupKey(lookupKey: string): Price | undefined {
    return [...this.prices.values()].find((p) => p.active && p.lookup_key === lookupKey);
  }

  getPrice(id: string): Price | undefined {
    return this.prices.get(id);
  }

  /** The price a request's URL names: 404 when missing. */
  requirePrice(id: string): Price {
    const price = this.prices.get(id);
    if (!price) throw resourceMissing('price', id, 'price');
    return price;
  }

  /** The name of a price's product (the description of its lines). */
  productName(price: Price): string {
    return this.products.get(price.product)?.name ?? price.product;
  }

  /** GET /v1/prices filters: `lookup_keys[]` (up to 10), `active`, `product`, `type`. */
  readFilter(params: FormObject): PriceFilter {
    const lookupKeys = readStringList(params.lookup_keys, 'lookup_keys');
    if (lookupKeys && lookupKeys.length > MAX_LOOKUP_KEYS) {
      throw invalidRequest(
        `You may pass at most ${MAX_LOOKUP_KEYS} lookup keys (got ${lookupKeys.length}).`,
        'lookup_keys',
      );
    }
    const active = readBoolean(params.active, 'active');
    const product = readString(params.product, 'product') || undefined;
    const type = readEnum(params.type, 'type', PRICE_TYPES);
    return {
      ...(lookupKeys && lookupKeys.length > 0 ? { lookupKeys } : {}),
      ...(active !== undefined ? { active } : {}),
      ...(product ? { product } : {}),
      ...(type ? { type } : {}),
    };
  }

  /** Newest first. */
  listPrices(filter: PriceFilter): Price[] {
    return [...this.prices.values()]
      .reverse()
      .filter(
        (p) =>
          (filter.lookupKeys === undefined ||
            (p.lookup_key !== null && filter.lookupKeys.includes(p.lookup_key))) &&
          (filter.active === undefined || p.active === filter.active) &&
          (filter.product === undefined || p.product === filter.product) &&
          (filter.type === undefined || p.type === filter.type),
      );
  }

  clear(): void {
    this.products.clear();
    this.prices.clear();
  }
}
