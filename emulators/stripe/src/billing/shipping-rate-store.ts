import type Stripe from 'stripe';
import { SUPPORTED_CURRENCIES } from '../core/currencies.js';
import type { FormObject, FormValue } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import {
  assertKnownKeys,
  paramName,
  readEnum,
  readMetadata,
  readNonNegativeInteger,
  readObject,
  requireString,
} from '../core/param-readers.js';
import { invalidRequest, missingParam, resourceMissing } from '../core/stripe-error.js';
import type { Known, Param, ShippingRate } from '../core/types.js';
import { readExclusiveTaxBehavior, readTaxCode } from './tax/tax-codes.js';

/**
 * The parameters of a shipping rate, the same for `POST /v1/shipping_rates` and a Checkout
 * Session's `shipping_options[i][shipping_rate_data]` (both SDK params types are checked).
 */
export const SHIPPING_RATE_PARAMS: ReadonlyArray<
  Param<Stripe.ShippingRateCreateParams> &
    Param<Stripe.Checkout.SessionCreateParams.ShippingOption.ShippingRateData>
> = [
  'delivery_estimate',
  'display_name',
  'fixed_amount',
  'metadata',
  'tax_behavior',
  'tax_code',
  'type',
];
const FIXED_AMOUNT_PARAMS: ReadonlyArray<
  Param<Stripe.ShippingRateCreateParams.FixedAmount> &
    Param<Stripe.Checkout.SessionCreateParams.ShippingOption.ShippingRateData.FixedAmount>
> = ['amount', 'currency', 'currency_options'];
const DELIVERY_ESTIMATE_PARAMS: ReadonlyArray<
  Param<Stripe.ShippingRateCreateParams.DeliveryEstimate>
> = ['minimum', 'maximum'];
const ESTIMATE_BOUND_PARAMS: ReadonlyArray<
  Param<Stripe.ShippingRateCreateParams.DeliveryEstimate.Minimum>
> = ['unit', 'value'];
const ESTIMATE_UNITS: ReadonlyArray<
  Known<Stripe.ShippingRateCreateParams.DeliveryEstimate.Minimum.Unit>
> = ['business_day', 'day', 'hour', 'month', 'week'];
const RATE_TYPES: ReadonlyArray<Stripe.ShippingRateCreateParams['type'] & string> = [
  'fixed_amount',
];
const MAX_AMOUNT = 99_999_999;

/** A shipping rate as a request describes it, checked; nothing is made yet. */
export interface ShippingRateInput {
  displayName: string;
  amount: number;
  currency: string;
  /** `unspecified` when not given, as Stripe answers. */
  taxBehavior: 'exclusive' | 'unspecified';
  taxCode: string | null;
  metadata: Stripe.Metadata;
  deliveryEstimate: Stripe.ShippingRate.DeliveryEstimate | null;
}

function readEstimateBound(
  value: FormValue | undefined,
  param: string,
): Stripe.ShippingRate.DeliveryEstimate.Minimum | null {
  const bound = readObject(value, param);
  if (!bound) return null;
  assertKnownKeys(bound, ESTIMATE_BOUND_PARAMS, param);
  const unit = readEnum(bound.unit, paramName(param, 'unit'), ESTIMATE_UNITS);
  if (unit === undefined) throw missingParam(paramName(param, 'unit'));
  const count = readNonNegativeInteger(bound.value, paramName(param, 'value'));
  if (count === undefined) throw missingParam(paramName(param, 'value'));
  if (count < 1) {
    throw invalidRequest('This value must be greater than 0.', paramName(param, 'value'));
  }
  return { unit, value: count };
}

function readDeliveryEstimate(
  value: FormValue | undefined,
  param: string,
): Stripe.ShippingRate.DeliveryEstimate | null {
  const estimate = readObject(value, param);
  if (!estimate) return null;
  assertKnownKeys(estimate, DELIVERY_ESTIMATE_PARAMS, param);
  return {
    minimum: readEstimateBound(estimate.minimum, paramName(param, 'minimum')),
    maximum: readEstimateBound(estimate.maximum, paramName(param, 'maximum')),
  };
}

/** `fixed_amount[amount|currency]`: required with `type=fixed_amount` (the only type). */
function readFixedAmount(
  value: FormValue | undefined,
  param: string,
): { amount: number; currency: string } {
  const fixed = readObject(value, param);
  if (!fixed) throw missingParam(param);
  assertKnownKeys(fixed, FIXED_AMOUNT_PARAMS, param);
  if (fixed.currency_options !== undefined) {
    throw invalidRequest(
      'The sandbox does not support `currency_options` on shipping rates: one currency per rate.',
      paramName(param, 'currency_options'),
    );
  }
  const amountParam = paramName(param, 'amount');
  const amount = readNonNegativeInteger(fixed.amount, amountParam);
  if (amount === undefined) throw missingParam(amountParam);
  if (amount > MAX_AMOUNT) {
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_AMOUNT} (it currently is '${amount}').`,
      amountParam,
    );
  }
  const currencyParam = paramName(param, 'currency');
  const currency = requireString(fixed.currency, currencyParam).toLowerCase();
  if (!SUPPORTED_CURRENCIES.includes(currency)) {
    throw invalidRequest(
      `Invalid currency: ${currency}. The sandbox supports these currencies: ${SUPPORTED_CURRENCIES.join(', ')}`,
      currencyParam,
    );
  }
  return { amount, currency };
}

/**
 * A shipping rate's parameters under `param` (`''` for `POST /v1/shipping_rates`): `display_name`
 * (required, up to 100 characters), `type` (`fixed_amount`, the default and only type), `fixed_amount[amount]` and
 * `[currency]`, `tax_behavior` (`exclusive` or `unspecified`: the stand-in for Stripe Tax computes
 * exclusive tax only), `tax_code`, `metadata`, `delivery_estimate`. Unknown keys are refused.
 */
export function readShippingRateParams(data: FormObject, param: string): ShippingRateInput {
  assertKnownKeys(data, SHIPPING_RATE_PARAMS, param);
  readEnum(data.type, paramName(param, 'type'), RATE_TYPES);
  const displayName = requireString(data.display_name, paramName(param, 'display_name'), 100);
  const { amount, currency } = readFixedAmount(data.fixed_amount, paramName(param, 'fixed_amount'));
  return {
    displayName,
    amount,
    currency,
    taxBehavior:
      readExclusiveTaxBehavior(data.tax_behavior, paramName(param, 'tax_behavior')) ??
      'unspecified',
    taxCode: readTaxCode(data.tax_code, paramName(param, 'tax_code')),
    metadata: readMetadata(data.metadata, paramName(param, 'metadata')),
    deliveryEstimate: readDeliveryEstimate(
      data.delivery_estimate,
      paramName(param, 'delivery_estimate'),
    ),
  };
}

/** In-memory shipping rates (`shr_...`): made by the API or by a session's `shipping_rate_data`. */
export class ShippingRateStore {
  private readonly rates = new Map<string, ShippingRate>();

  constructor(private readonly now: () => number) {}

  create(input: ShippingRateInput): ShippingRate {
    const rate: ShippingRate = {
      id: newId('shr', 24),
      object: 'shipping_rate',
      active: true,
      created: Math.floor(this.now() / 1000),
      delivery_estimate: input.deliveryEstimate,
      display_name: input.displayName,
      fixed_amount: { amount: input.amount, currency: input.currency },
      livemode: false,
      metadata: input.metadata,
      tax_behavior: input.taxBehavior,
      tax_code: input.taxCode,
      type: 'fixed_amount',
    };
    this.rates.set(rate.id, rate);
    return rate;
  }

  get(id: string): ShippingRate | undefined {
    return this.rates.get(id);
  }

  /** The rate a request's URL names: 404 when missing. */
  require(id: string): ShippingRate {
    const rate = this.rates.get(id);
    if (!rate) throw resourceMissing('shipping_rate', id, 'shipping_rate');
    return rate;
  }

  clear(): void {
    this.rates.clear();
  }
}
