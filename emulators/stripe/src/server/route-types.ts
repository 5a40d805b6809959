import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { readStringList } from '../core/param-readers.js';
import type { SandboxState } from './sandbox-state.js';
import { invalidRequest } from '../core/stripe-error.js';
import type {
  BalanceTransaction,
  Coupon,
  CreditNote,
  Invoice,
  InvoiceItem,
  InvoiceLine,
  Price,
  Product,
  Subscription,
  TestClock,
} from '../core/types.js';

export interface ApiRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/checkout/sessions/cs_test_1`. */
  path: string;
  params: FormObject;
}

/** Every object the API answers with, typed by the SDK. */
export type ApiBody =
  | Stripe.Checkout.Session
  | Stripe.ApiList<Stripe.Checkout.Session>
  | Stripe.ApiList<Stripe.LineItem>
  | Stripe.PaymentIntent
  | Stripe.Customer
  | Stripe.ApiList<Stripe.Customer>
  | Stripe.Charge
  | Stripe.Refund
  | Stripe.ApiList<Stripe.Refund>
  | Stripe.Dispute
  | Stripe.ApiList<Stripe.Dispute>
  | Product
  | Price
  | Stripe.ApiList<Price>
  | Stripe.Subscription
  | Stripe.ApiList<Subscription>
  | Invoice
  | Stripe.ApiList<Invoice>
  | Stripe.DeletedInvoice
  | Stripe.ApiList<InvoiceLine>
  | InvoiceItem
  | Stripe.DeletedInvoiceItem
  | Stripe.InvoicePayment
  | Stripe.ApiList<Stripe.InvoicePayment>
  | TestClock
  | Stripe.ApiList<TestClock>
  | Stripe.TaxRate
  | Stripe.ShippingRate
  | Stripe.Tax.Calculation
  | Stripe.ApiList<Stripe.Tax.CalculationLineItem>
  | Stripe.TestHelpers.DeletedTestClock
  | BalanceTransaction
  | Stripe.ApiList<BalanceTransaction>
  | CreditNote
  | Stripe.ApiList<CreditNote>
  | Stripe.ApiList<Stripe.CreditNoteLineItem>
  | Coupon
  | Stripe.ApiList<Coupon>
  | Stripe.DeletedCoupon;

export interface ApiResult {
  status: number;
  body: ApiBody;
}

export type Handler = (
  state: SandboxState,
  request: ApiRequest,
  match: RegExpExecArray,
) => ApiResult;

export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

/** `expand[]`: each field must be one the object can expand. */
export function readExpand(params: FormObject, expandable: ReadonlyArray<string>): string[] {
  const expand = readStringList(params.expand, 'expand') ?? [];
  for (const field of expand) {
    if (!expandable.includes(field))
      throw invalidRequest(`This property cannot be expanded (${field}).`, 'expand');
  }
  return expand;
}
