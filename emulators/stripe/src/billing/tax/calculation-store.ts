import type Stripe from 'stripe';
import { SUPPORTED_CURRENCIES } from '../../core/currencies.js';
import type { FormObject, FormValue } from '../../core/form-encoding.js';
import { newId } from '../../core/ids.js';
import {
  assertKnownKeys,
  paramName,
  readEnum,
  readList,
  readMetadata,
  readNonNegativeInteger,
  readObject,
  readString,
  requireString,
} from '../../core/param-readers.js';
import { invalidRequest, missingParam, resourceMissing } from '../../core/stripe-error.js';
import type { Customer, Known, Param } from '../../core/types.js';
import { percentageDecimal, stateName } from './state-rates.js';
import { GENERAL_TAX_CODE, readTaxCode } from './tax-codes.js';
import {
  computeTax,
  exemptionOf,
  taxLocation,
  type LineTax,
  type TaxExempt,
  type TaxLocation,
} from './tax-amounts.js';

export type TaxCalculation = Stripe.Tax.Calculation & { id: string };
export type TaxCalculationLineItem = Stripe.Tax.CalculationLineItem;

export const CALCULATION_CREATE_PARAMS: ReadonlyArray<Param<Stripe.Tax.CalculationCreateParams>> = [
  'currency',
  'line_items',
  'customer',
  'customer_details',
  'expand',
  'tax_date',
  // Refused below: the stand-in taxes goods shipped to a US state, nothing else.
  'ship_from_details',
  'shipping_cost',
];
const UNSUPPORTED: ReadonlyArray<Param<Stripe.Tax.CalculationCreateParams>> = [
  'ship_from_details',
  'shipping_cost',
];
const LINE_ITEM_PARAMS: ReadonlyArray<Param<Stripe.Tax.CalculationCreateParams.LineItem>> = [
  'amount',
  'metadata',
  'product',
  'quantity',
  'reference',
  'tax_behavior',
  'tax_code',
];
const CUSTOMER_DETAILS_PARAMS: ReadonlyArray<
  Param<Stripe.Tax.CalculationCreateParams.CustomerDetails>
> = ['address', 'address_source', 'ip_address', 'tax_ids', 'taxability_override'];
const ADDRESS_PARAMS: ReadonlyArray<
  Param<Stripe.Tax.CalculationCreateParams.CustomerDetails.Address>
> = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'];
const TAX_ID_PARAMS: ReadonlyArray<
  Param<Stripe.Tax.CalculationCreateParams.CustomerDetails.TaxId>
> = ['type', 'value'];
const ADDRESS_SOURCES: ReadonlyArray<
  Known<Stripe.Tax.CalculationCreateParams.CustomerDetails.AddressSource>
> = ['billing', 'shipping'];
const OVERRIDES: ReadonlyArray<
  Known<Stripe.Tax.CalculationCreateParams.CustomerDetails.TaxabilityOverride>
> = ['none', 'customer_exempt', 'reverse_charge'];
/** Stripe keeps a calculation for 90 days. */
const LIFETIME_SECONDS = 90 * 24 * 60 * 60;
const MAX_LINES = 100;

interface StoredCalculation {
  calculation: TaxCalculation;
  lines: TaxCalculationLineItem[];
}

/** The customer a calculation names, looked up by the caller (400 when missing). */
export type CustomerLookup = (id: string, param: string) => Customer;

function locationInvalid(param?: string) {
  return invalidRequest(
    "The customer's location isn't recognized. Set a valid customer address in order to automatically calculate tax.",
    param,
    'customer_tax_location_invalid',
  );
}

function readAddress(value: FormValue | undefined, param: string): Stripe.Address | null {
  const address = readObject(value, param);
  if (!address) return null;
  assertKnownKeys(address, ADDRESS_PARAMS, param);
  const field = (key: string) => readString(address[key], paramName(param, key), 200) || null;
  return {
    line1: field('line1'),
    line2: field('line2'),
    city: field('city'),
    state: field('state'),
    postal_code: field('postal_code'),
    country: requireString(address.country, paramName(param, 'country')).toUpperCase(),
  };
}

function readTaxIds(value: FormValue | undefined): Stripe.Tax.Calculation.CustomerDetails.TaxId[] {
  const param = 'customer_details[tax_ids]';
  return (readList(value, param) ?? []).map((entry, index) => {
    const itemParam = `${param}[${index}]`;
    const taxId = readObject(entry, itemParam) ?? {};
    assertKnownKeys(taxId, TAX_ID_PARAMS, itemParam);
    return {
      type: requireString(taxId.type, `${itemParam}[type]`),
      value: requireString(taxId.value, `${itemParam}[value]`),
    };
  });
}

interface LineInput {
  amount: number;
  quantity: number;
  reference: string;
  taxCode: string;
  product: string | null;
  metadata: Stripe.Metadata;
}

function readLines(value: FormValue | undefined): LineInput[] {
  const items = readList(value, 'line_items');
  if (!items || items.length === 0) throw missingParam('line_items');
  if (items.length > MAX_LINES) {
    throw invalidRequest(`You can pass at most ${MAX_LINES} line items.`, 'line_items');
  }
  return items.map((item, index) => {
    const param = `line_items[${index}]`;
    const line = readObject(item, param) ?? {};
    assertKnownKeys(line, LINE_ITEM_PARAMS, param);
    const amount = readNonNegativeInteger(line.amount, `${param}[amount]`);
    if (amount === undefined) throw missingParam(`${param}[amount]`);
    const behavior = readEnum(line.tax_behavior, `${param}[tax_behavior]`, [
      'exclusive',
      'inclusive',
    ]);
    if (behavior === 'inclusive') {
      throw invalidRequest(
        'The sandbox computes exclusive tax only (`tax_behavior=exclusive`).',
        `${param}[tax_behavior]`,
      );
    }
    const quantity = readNonNegativeInteger(line.quantity, `${param}[quantity]`) ?? 1;
    if (quantity < 1) {
      throw invalidRequest('This value must be greater than or equal to 1.', `${param}[quantity]`);
    }
    return {
      amount,
      quantity,
      reference: readString(line.reference, `${param}[reference]`, 500) || `line_item_${index}`,
      taxCode: readTaxCode(line.tax_code, `${param}[tax_code]`) ?? GENERAL_TAX_CODE,
      product: readString(line.product, `${param}[product]`) || null,
      metadata: readMetadata(line.metadata, `${param}[metadata]`),
    };
  });
}

/** `customer_details` and `customer`: where the sale is and whether the buyer is exempt. */
function readBuyer(
  params: FormObject,
  customerOf: CustomerLookup,
): {
  customer: Customer | null;
  details: Stripe.Tax.Calculation.CustomerDetails;
  location: TaxLocation;
  exempt: TaxExempt;
} {
  const customerId = readString(params.customer, 'customer') || null;
  const customer = customerId ? customerOf(customerId, 'customer') : null;
  const given = readObject(params.customer_details, 'customer_details');
  if (!customer && !given) throw missingParam('customer_details');
  const details = given ?? {};
  assertKnownKeys(details, CUSTOMER_DETAILS_PARAMS, 'customer_details');
  const address = readAddress(details.address, 'customer_details[address]');
  const source =
    readEnum(details.address_source, 'customer_details[address_source]', ADDRESS_SOURCES) ?? null;
  const override =
    readEnum(details.taxability_override, 'customer_details[taxability_override]', OVERRIDES) ??
    'none';
  const taxIds = readTaxIds(details.tax_ids);
  const ipAddress = readString(details.ip_address, 'customer_details[ip_address]') || null;
  // The address given wins; else the customer's ship-to, then their billing address.
  const candidates = address
    ? [{ address, source: source ?? 'billing' }]
    : [
        { address: customer?.shipping?.address, source: 'shipping' as const },
        { address: customer?.address, source: 'billing' as const },
      ];
  const location = taxLocation(candidates);
  if (!location || location.country !== 'US') {
    throw locationInvalid(address ? 'customer_details[address]' : undefined);
  }
  const used =
    address ?? (location.source === 'shipping' ? customer?.shipping?.address : customer?.address);
  const exempt: TaxExempt =
    override === 'customer_exempt'
      ? 'exempt'
      : override === 'reverse_charge'
        ? 'reverse'
        : exemptionOf(customer ?? undefined);
  return {
    customer,
    details: {
      address: used ? structuredClone(used) : null,
      address_source: location.source,
      ip_address: ipAddress,
      tax_ids: taxIds,
      taxability_override: override,
    },
    location,
    exempt,
  };
}

function breakdownRate(tax: LineTax): Stripe.Tax.Calculation.TaxBreakdown.TaxRateDetails {
  return {
    country: tax.country,
    flat_amount: null,
    percentage_decimal: percentageDecimal(tax.percentage),
    rate_type: 'percentage',
    state: tax.state,
    tax_type: 'sales_tax',
  };
}

function lineBreakdown(tax: LineTax): Stripe.Tax.CalculationLineItem.TaxBreakdown {
  return {
    amount: tax.amount,
    jurisdiction: {
      country: tax.country,
      display_name: tax.state ? stateName(tax.state) : tax.country,
      level: 'state',
      state: tax.state,
    },
    sourcing: 'destination',
    tax_rate_details: {
      display_name: 'Sales Tax',
      percentage_decimal: percentageDecimal(tax.percentage),
      tax_type: 'sales_tax',
    },
    taxability_reason: tax.reason,
    taxable_amount: tax.taxableAmount,
  };
}

/**
 * Tax calculations (`POST /v1/tax/calculations`) by the sandbox's stand-in for Stripe Tax: each
 * line taxed at its US state's base rate (see state-rates.ts), or not at all for an exempt buyer.
 */
export class TaxCalculationStore {
  private readonly calculations = new Map<string, StoredCalculation>();

  constructor(private readonly now: () => number) {}

  create(params: FormObject, customerOf: CustomerLookup): TaxCalculation {
    assertKnownKeys(params, CALCULATION_CREATE_PARAMS, '');
    const unsupported = UNSUPPORTED.find((key) => params[key] !== undefined);
    if (unsupported) {
      throw invalidRequest(
        `The sandbox's stand-in for Stripe Tax does not support \`${unsupported}\`.`,
        unsupported,
      );
    }
    const currency = requireString(params.currency, 'currency').toLowerCase();
    if (!SUPPORTED_CURRENCIES.includes(currency)) {
      throw invalidRequest(`Invalid currency: ${currency}.`, 'currency');
    }
    const lines = readLines(params.line_items);
    const buyer = readBuyer(params, customerOf);
    const created = Math.floor(this.now() / 1000);
    const taxDate = readNonNegativeInteger(params.tax_date, 'tax_date') ?? created;
    const result = computeTax(
      lines.map((line) => line.amount),
      buyer.location,
      buyer.exempt,
      lines.map((line) => line.taxCode),
    );
    const id = newId('taxcalc', 24);
    const items: TaxCalculationLineItem[] = lines.map((line, index) => {
      const tax = result.lines[index] as LineTax;
      return {
        id: newId('tax_li', 24),
        object: 'tax.calculation_line_item',
        amount: line.amount,
        amount_tax: tax.amount,
        livemode: false,
        metadata: line.metadata,
        performance_location: null,
        product: line.product,
        quantity: line.quantity,
        reference: line.reference,
        tax_behavior: 'exclusive',
        tax_breakdown: [lineBreakdown(tax)],
        tax_code: line.taxCode,
      };
    });
    const breakdown = new Map<string, Stripe.Tax.Calculation.TaxBreakdown>();
    for (const tax of result.lines) {
      const key = `${tax.state}:${tax.percentage}:${tax.reason}`;
      const entry = breakdown.get(key);
      if (entry) {
        entry.amount += tax.amount;
        entry.taxable_amount += tax.taxableAmount;
      } else {
        breakdown.set(key, {
          amount: tax.amount,
          inclusive: false,
          tax_rate_details: breakdownRate(tax),
          taxability_reason: tax.reason,
          taxable_amount: tax.taxableAmount,
        });
      }
    }
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const calculation: TaxCalculation = {
      id,
      object: 'tax.calculation',
      amount_total: subtotal + result.amount,
      currency,
      customer: buyer.customer?.id ?? null,
      customer_details: buyer.details,
      expires_at: created + LIFETIME_SECONDS,
      livemode: false,
      ship_from_details: null,
      shipping_cost: null,
      tax_amount_exclusive: result.amount,
      tax_amount_inclusive: 0,
      tax_breakdown: [...breakdown.values()],
      tax_date: taxDate,
    };
    this.calculations.set(id, { calculation, lines: items });
    return calculation;
  }

  /** The calculation a request's URL names: 404 when missing. */
  require(id: string): StoredCalculation {
    const stored = this.calculations.get(id);
    if (!stored) throw resourceMissing('tax.calculation', id, 'calculation');
    return stored;
  }

  clear(): void {
    this.calculations.clear();
  }
}

/** A calculation's line items as the API lists them: `tax_breakdown` only when expanded. */
export function renderCalculationLines(
  lines: ReadonlyArray<TaxCalculationLineItem>,
  withBreakdown: boolean,
): TaxCalculationLineItem[] {
  return lines.map((line) => {
    const { tax_breakdown: breakdown, ...rest } = line;
    return withBreakdown ? { ...rest, tax_breakdown: breakdown ?? [] } : rest;
  });
}
