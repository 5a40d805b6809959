import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import { formatAmount } from '../core/money.js';
import { assertKnownKeys, readMetadata, readString } from '../core/param-readers.js';
import { invalidRequest, missingReference, StripeApiError } from '../core/stripe-error.js';
import type { Charge, Known, Param, PaymentIntent, Refund } from '../core/types.js';

const REFUND_PARAMS: ReadonlyArray<Param<Stripe.RefundCreateParams>> = [
  'payment_intent',
  'charge',
  'amount',
  'reason',
  'metadata',
  'expand',
];
const REASONS: ReadonlyArray<Known<Stripe.RefundCreateParams.Reason>> = [
  'duplicate',
  'fraudulent',
  'requested_by_customer',
];

/** Who a charge is billed to: Checkout's `customer_details`, or an invoice's customer. */
export type BillingContact = Pick<
  Stripe.Charge.BillingDetails,
  'address' | 'email' | 'name' | 'phone'
>;

/** `amount`: a whole number of cents, at least 1; undefined when not given. */
function readRefundAmount(params: FormObject): number | undefined {
  const text = readString(params.amount, 'amount');
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, 'amount');
  const amount = Number(text);
  if (amount < 1 || !Number.isSafeInteger(amount)) {
    throw invalidRequest('Invalid positive integer', 'amount');
  }
  return amount;
}

/** The charges of succeeded payments and their refunds. */
export class Ledger {
  private readonly charges = new Map<string, Charge>();
  private readonly refunds = new Map<string, Refund>();

  constructor(private readonly now: () => number) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /**
   * The charge of a payment intent that just succeeded (set as its latest_charge), billed to the
   * buyer Checkout collected (or the invoice names), made at `created` (default: now).
   */
  charge(
    paymentIntent: PaymentIntent,
    buyer: BillingContact | null,
    created: number = this.nowSeconds(),
  ): Charge {
    const charge: Charge = {
      id: newId('ch', 24),
      object: 'charge',
      amount: paymentIntent.amount,
      amount_captured: paymentIntent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: null,
      billing_details: {
        address: buyer?.address ?? null,
        email: buyer?.email ?? null,
        name: buyer?.name ?? null,
        phone: buyer?.phone ?? null,
        tax_id: null,
      },
      calculated_statement_descriptor: null,
      captured: true,
      created,
      currency: paymentIntent.currency,
      customer: typeof paymentIntent.customer === 'string' ? paymentIntent.customer : null,
      description: paymentIntent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      fraud_details: {},
      livemode: false,
      metadata: { ...paymentIntent.metadata },
      on_behalf_of: null,
      outcome: null,
      paid: true,
      payment_intent: paymentIntent.id,
      payment_method:
        typeof paymentIntent.payment_method === 'string' ? paymentIntent.payment_method : null,
      payment_method_details: null,
      receipt_email: null,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, url: '' },
      review: null,
      shipping: paymentIntent.shipping ? structuredClone(paymentIntent.shipping) : null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'succeeded',
      transfer_data: null,
      transfer_group: null,
    };
    charge.refunds.url = `/v1/charges/${charge.id}/refunds`;
    this.charges.set(charge.id, charge);
    paymentIntent.latest_charge = charge.id;
    return charge;
  }

  getCharge(id: string): Charge | undefined {
    return this.charges.get(id);
  }

  getRefund(id: string): Refund | undefined {
    return this.refunds.get(id);
  }

  /** Refunds of one charge or payment intent (or all), newest first. */
  listRefunds(filter: { charge?: string; paymentIntent?: string }): Refund[] {
    return [...this.refunds.values()]
      .reverse()
      .filter(
        (r) =>
          (filter.charge === undefined || r.charge === filter.charge) &&
          (filter.paymentIntent === undefined || r.payment_intent === filter.paymentIntent),
      );
  }

  /**
   * POST /v1/refunds: refunds part or all of what is left on a succeeded charge. Refused in
   * Stripe's words when the payment did not succeed, nothing is left, or the amount is more than
   * what is left. Returns the refund and the charge after it.
   */
  refund(
    params: FormObject,
    paymentIntentOf: (id: string) => PaymentIntent | undefined,
    disputed: (chargeId: string) => boolean = () => false,
  ): { refund: Refund; charge: Charge } {
    assertKnownKeys(params, REFUND_PARAMS, '');
    const piId = readString(params.payment_intent, 'payment_intent') || undefined;
    const chargeId = readString(params.charge, 'charge') || undefined;
    if (!piId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'payment_intent',
      );
    }
    let charge: Charge | undefined;
    if (piId) {
      const paymentIntent = paymentIntentOf(piId);
      if (!paymentIntent) throw missingReference('payment_intent', piId, 'payment_intent');
      if (paymentIntent.status !== 'succeeded' || !paymentIntent.latest_charge) {
        throw invalidRequest(
          `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
          'payment_intent',
        );
      }
      charge = this.charges.get(String(paymentIntent.latest_charge));
    } else if (chargeId) {
      charge = this.charges.get(chargeId);
      if (!charge) throw missingReference('charge', chargeId, 'charge');
    }
    if (!charge) throw missingReference('charge', chargeId ?? '', 'charge');
    if (chargeId && charge.id !== chargeId) {
      throw invalidRequest('The charge and payment_intent do not belong together.', 'charge');
    }
    if (disputed(charge.id)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has been charged back; cannot issue a refund.`,
        'charge',
        'charge_disputed',
      );
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        'charge',
        'charge_already_refunded',
      );
    }
    const amount = readRefundAmount(params) ?? left;
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
        'amount',
      );
    }
    const reasonText = readString(params.reason, 'reason') || undefined;
    const reason = REASONS.find((r) => r === reasonText);
    if (reasonText !== undefined && reason === undefined) {
      throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(', ')}`, 'reason');
    }
    const refund: Refund = {
      id: newId('re', 24),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: this.nowSeconds(),
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      metadata: readMetadata(params.metadata, 'metadata'),
      payment_intent: charge.payment_intent,
      payment_method: null,
      reason: reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    return { refund, charge };
  }

  clear(): void {
    this.charges.clear();
    this.refunds.clear();
  }
}
