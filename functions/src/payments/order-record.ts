import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { ORDER_STATUSES, type OrderLine, type OrderStatus } from '@portal/domain';
import type { CheckoutSource } from './checkout-lines';

export interface StatusChange {
  status: OrderStatus;
  at: Timestamp;
  by: string;
}

/** orders/{orderId} as the functions write it (timestamps are Firestore Timestamps). */
export interface OrderDoc {
  user_id: string;
  store_name: string;
  items: OrderLine[];
  amount: number;
  currency: 'usd';
  payment_type: 'one_time';
  status: OrderStatus;
  stripe_session_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  status_history: StatusChange[];
  /** What was priced, to recognise a repeated checkout of the same cart. */
  cart_fingerprint: string;
  /** 'cart' orders remove the purchased lines from the cart once paid; Buy Now leaves it alone. */
  source: CheckoutSource;
  stripe_payment_intent_id?: string | null;
}

/** The fields the transitions rely on, checked when read (older or hand-made orders included). */
export interface OrderState {
  id: string;
  user_id: string;
  amount: number;
  status: OrderStatus;
  stripe_session_id: string | null;
  items: Array<Pick<OrderLine, 'product_id' | 'quantity'>>;
  status_history: StatusChange[];
  source: CheckoutSource;
}

class CorruptOrderError extends Error {
  override name = 'CorruptOrderError';
}

function isStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function readOrderState(snap: DocumentSnapshot): OrderState | null {
  if (!snap.exists) return null;
  const data = snap.data() ?? {};
  const status: unknown = data.status;
  if (!isStatus(status) || typeof data.user_id !== 'string' || typeof data.amount !== 'number') {
    throw new CorruptOrderError(`Order ${snap.id} is missing its status, owner or amount`);
  }
  const items = Array.isArray(data.items)
    ? data.items.flatMap((item: unknown) => {
        if (typeof item !== 'object' || item === null) return [];
        const { product_id, quantity } = item as Record<string, unknown>;
        return typeof product_id === 'string' && typeof quantity === 'number'
          ? [{ product_id, quantity }]
          : [];
      })
    : [];
  return {
    id: snap.id,
    user_id: data.user_id,
    amount: data.amount,
    status,
    stripe_session_id: typeof data.stripe_session_id === 'string' ? data.stripe_session_id : null,
    items,
    status_history: Array.isArray(data.status_history)
      ? (data.status_history as StatusChange[])
      : [],
    source: data.source === 'buy_now' ? 'buy_now' : 'cart',
  };
}
