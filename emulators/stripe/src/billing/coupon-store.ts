import type Stripe from 'stripe';
import { SUPPORTED_CURRENCIES } from '../core/currencies.js';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import { formatAmount } from '../core/money.js';
import {
  assertKnownKeys,
  readEnum,
  readMetadata,
  readMetadataUpdate,
  readNonNegativeInteger,
  readString,
} from '../core/param-readers.js';
import { invalidRequest, missingReference, resourceMissing } from '../core/stripe-error.js';
import type { Coupon, Known, Param } from '../core/types.js';

const CREATE_PARAMS: ReadonlyArray<Param<Stripe.CouponCreateParams>> = [
  'id',
  'amount_off',
  'currency',
  'percent_off',
  'duration',
  'duration_in_months',
  'max_redemptions',
  'redeem_by',
  'name',
  'metadata',
  'expand',
];
/** Real parameters the sandbox refuses rather than ignore (they limit what a coupon applies to). */
const UNSUPPORTED_PARAMS: ReadonlyArray<Param<Stripe.CouponCreateParams>> = [
  'applies_to',
  'currency_options',
];
const UPDATE_PARAMS: ReadonlyArray<Param<Stripe.CouponUpdateParams>> = [
  'name',
  'metadata',
  'expand',
];
const DURATIONS: ReadonlyArray<Known<Stripe.CouponCreateParams.Duration>> = [
  'once',
  'repeating',
  'forever',
];
const MAX_AMOUNT_OFF = 99_999_999;

/** `percent_off`: more than 0, at most 100, up to two decimals (`12.5`). */
function readPercentOff(params: FormObject): number | null {
  const text = readString(params.percent_off, 'percent_off');
  if (text === undefined || text === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    throw invalidRequest(`Invalid decimal: ${text}`, 'percent_off');
  }
  const percent = Number(text);
  if (percent <= 0 || percent > 100) {
    throw invalidRequest(
      `percent_off must be greater than 0 and at most 100 (it currently is '${text}').`,
      'percent_off',
    );
  }
  return percent;
}

/** In-memory coupons: made, read, renamed, deleted, and redeemed by paid Checkout Sessions. */
export class CouponStore {
  private readonly coupons = new Map<string, Coupon>();

  constructor(private readonly now: () => number) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** POST /v1/coupons: `amount_off` + `currency` or `percent_off`, and the rest; all checked. */
  create(params: FormObject): Coupon {
    const unsupported = Object.keys(params).find((key) =>
      UNSUPPORTED_PARAMS.some((name) => name === key),
    );
    if (unsupported !== undefined) {
      throw invalidRequest(
        `The sandbox does not support \`${unsupported}\` on coupons.`,
        unsupported,
      );
    }
    assertKnownKeys(params, CREATE_PARAMS, '');
    const id = readString(params.id, 'id', 200) || newId('c', 8).slice(2);
    if (this.coupons.has(id)) {
      throw invalidRequest(`Coupon already exists.`, 'id', 'resource_already_exists');
    }
    const amountOff = readNonNegativeInteger(params.amount_off, 'amount_off') ?? null;
    const percentOff = readPercentOff(params);
    if (amountOff !== null && percentOff !== null) {
      throw invalidRequest(
        'You may only specify one of these parameters: amount_off, percent_off.',
        'amount_off',
      );
    }
    if (amountOff === null && percentOff === null) {
      throw invalidRequest('You must pass either `amount_off` or `percent_off`.', 'amount_off');
    }
    if (amountOff !== null && (amountOff < 1 || amountOff > MAX_AMOUNT_OFF)) {
      throw invalidRequest(
        `amount_off must be between 1 and ${MAX_AMOUNT_OFF} (it currently is '${amountOff}').`,
        'amount_off',
      );
    }
    const currencyText = readString(params.currency, 'currency')?.toLowerCase() || null;
    if (amountOff !== null && currencyText === null) {
      throw invalidRequest('You must pass `currency` with `amount_off`.', 'currency');
    }
    if (currencyText !== null && !SUPPORTED_CURRENCIES.includes(currencyText)) {
      throw invalidRequest(
        `Invalid currency: ${currencyText}. The sandbox supports these currencies: ${SUPPORTED_CURRENCIES.join(', ')}`,
        'currency',
      );
    }
    const duration = readEnum(params.duration, 'duration', DURATIONS) ?? 'once';
    const months = readNonNegativeInteger(params.duration_in_months, 'duration_in_months') ?? null;
    if (duration === 'repeating' && (months === null || months < 1)) {
      throw invalidRequest(
        'You must pass `duration_in_months` (1 or more) with `duration=repeating`.',
        'duration_in_months',
      );
    }
    if (duration !== 'repeating' && months !== null) {
      throw invalidRequest(
        '`duration_in_months` is only for coupons with `duration=repeating`.',
        'duration_in_months',
      );
    }
    const maxRedemptions =
      readNonNegativeInteger(params.max_redemptions, 'max_redemptions') ?? null;
    if (maxRedemptions === 0) {
      throw invalidRequest('This value must be greater than or equal to 1.', 'max_redemptions');
    }
    const redeemBy = readNonNegativeInteger(params.redeem_by, 'redeem_by') ?? null;
    if (redeemBy !== null && redeemBy <= this.nowSeconds()) {
      throw invalidRequest('The `redeem_by` timestamp must be in the future.', 'redeem_by');
    }
    const coupon: Coupon = {
      id,
      object: 'coupon',
      amount_off: amountOff,
      created: this.nowSeconds(),
      currency: amountOff !== null ? currencyText : null,
      duration,
      duration_in_months: months,
      livemode: false,
      max_redemptions: maxRedemptions,
      metadata: readMetadata(params.metadata, 'metadata'),
      name: readString(params.name, 'name', 40) || null,
      percent_off: percentOff,
      redeem_by: redeemBy,
      times_redeemed: 0,
      valid: true,
    };
    this.coupons.set(id, coupon);
    return coupon;
  }

  /** The coupon with `valid` as it is now (redeemed to its limit, or past `redeem_by`: false). */
  get(id: string): Coupon | undefined {
    const coupon = this.coupons.get(id);
    if (coupon) coupon.valid = this.isValid(coupon);
    return coupon;
  }

  /** The coupon a request's URL names: 404 when missing. */
  require(id: string): Coupon {
    const coupon = this.get(id);
    if (!coupon) throw resourceMissing('coupon', id, 'coupon');
    return coupon;
  }

  /**
   * The coupon a Checkout Session's `discounts` names, refused when it does not exist, can no
   * longer be redeemed, or takes an amount off in another currency.
   */
  requireRedeemable(id: string, param: string, currency: string): Coupon {
    const coupon = this.get(id);
    if (!coupon) throw missingReference('coupon', id, param);
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
      throw invalidRequest(
        `Coupon ${id} can no longer be redeemed: it has been redeemed ${coupon.times_redeemed} of ${coupon.max_redemptions} times (max_redemptions).`,
        param,
      );
    }
    if (!coupon.valid) {
      throw invalidRequest(`Coupon ${id} expired (redeem_by has passed).`, param);
    }
    if (coupon.amount_off !== null && coupon.currency !== currency) {
      throw invalidRequest(
        `Coupon ${id} takes ${formatAmount(coupon.amount_off, coupon.currency ?? currency)} off in ${coupon.currency}; this Checkout Session is in ${currency}.`,
        param,
      );
    }
    return coupon;
  }

  /** Newest first. */
  list(): Coupon[] {
    return [...this.coupons.keys()].reverse().flatMap((id) => {
      const coupon = this.get(id);
      return coupon ? [coupon] : [];
    });
  }

  /** POST /v1/coupons/:id: `name` and `metadata` only. */
  update(id: string, params: FormObject): Coupon {
    const coupon = this.require(id);
    assertKnownKeys(params, UPDATE_PARAMS, '');
    const name = readString(params.name, 'name', 40);
    const metadata = readMetadataUpdate(coupon.metadata, params.metadata, 'metadata');
    if (name !== undefined) coupon.name = name || null;
    if (metadata !== undefined) coupon.metadata = metadata;
    return coupon;
  }

  /** DELETE /v1/coupons/:id: no new redemptions; sessions that have it keep their discount. */
  delete(id: string): Stripe.DeletedCoupon {
    this.require(id);
    this.coupons.delete(id);
    return { id, object: 'coupon', deleted: true };
  }

  /** A paid Checkout Session redeemed the coupon (one more `times_redeemed`). */
  redeem(id: string): void {
    const coupon = this.coupons.get(id);
    if (!coupon) return;
    coupon.times_redeemed += 1;
    coupon.valid = this.isValid(coupon);
  }

  clear(): void {
    this.coupons.clear();
  }

  private isValid(coupon: Coupon): boolean {
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
      return false;
    }
    return coupon.redeem_by === null || coupon.redeem_by > this.nowSeconds();
  }
}
