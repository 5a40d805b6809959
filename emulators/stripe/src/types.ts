/** The subset of Stripe objects the sandbox produces, with the field names Stripe uses. */
export type SessionStatus = 'open' | 'complete' | 'expired';
export type PaymentStatus = 'unpaid' | 'paid';

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: null;
  metadata: Record<string, string>;
  nickname: null;
  product: string;
  recurring: null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface LineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

/** What the hosted page shows for a line besides the Stripe fields. */
export interface ProductInfo {
  name: string;
  description: string | null;
  images: string[];
}

export interface CustomerDetails {
  address: null;
  email: string | null;
  name: string | null;
  phone: null;
  tax_exempt: 'none';
  tax_ids: [];
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  after_expiration: null;
  allow_promotion_codes: null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; status: null };
  billing_address_collection: null;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_creation: 'if_required';
  customer_details: CustomerDetails | null;
  customer_email: string | null;
  expires_at: number;
  invoice: null;
  livemode: false;
  locale: null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_link: null;
  payment_method_collection: 'if_required';
  payment_method_types: string[];
  payment_status: PaymentStatus;
  recovered_from: null;
  setup_intent: null;
  shipping_address_collection: null;
  status: SessionStatus;
  submit_type: null;
  subscription: null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: 'succeeded';
}

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: CheckoutSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: 'checkout.session.completed' | 'checkout.session.expired';
}

export interface DeliveryRecord {
  eventId: string;
  type: StripeEvent['type'];
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** HTTP status answered by the endpoint, or null on a network error or timeout. */
  status: number | null;
  ok: boolean;
  error?: string;
  /** Milliseconds since the epoch when the attempt finished. */
  at: number;
}
