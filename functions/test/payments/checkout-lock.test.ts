import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { paths } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { claimCheckout, openCheckout, peekCheckout } from '../../src/payments/checkout-lock';
import type { OrderDoc } from '../../src/payments/order-record';
import { cancelPendingOrder, SYSTEM_ACTOR } from '../../src/payments/order-transitions';
import { orderOf } from './support';

function order(uid: string, fingerprint: string) {
  return (now: Timestamp): OrderDoc => ({
    user_id: uid,
    store_name: 'Lock test store',
    items: [],
    amount: 500,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'pending',
    stripe_session_id: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
    status_history: [{ status: 'pending', at: now, by: uid }],
    cart_fingerprint: fingerprint,
    source: 'cart',
  });
}

const session = (id: string) => ({
  id,
  url: `https://checkout.test/${id}`,
  expiresAt: new Date(Date.now() + 3_600_000),
});

describe('checkout lock', () => {
  it('a replaced checkout cannot publish its session before the newer call has cancelled it', async () => {
    const db = firestore();
    const uid = `t-lock-${randomUUID().slice(0, 8)}`;
    // Tab A claims a checkout and is still creating its Stripe session.
    const a = await claimCheckout(db, uid, 'cart|usd|x:1@500', order(uid, 'cart|usd|x:1@500'));
    expect(a.kind).toBe('created');
    // Tab B, with a changed cart, claims a new checkout that replaces A's order.
    const b = await claimCheckout(db, uid, 'cart|usd|x:2@500', order(uid, 'cart|usd|x:2@500'));
    expect(b).toMatchObject({ kind: 'created', previous: { orderId: a.orderId, sessionId: null } });

    // A's session arrives before B has cancelled A's order: it must not be published...
    expect(await openCheckout(db, uid, a.orderId, session('cs_test_replaced_a'))).toBe(false);
    expect((await orderOf(a.orderId)).stripe_session_id).toBeNull();
    // ...so B's cancellation of the replaced order still applies: one payable checkout, B's.
    expect(await cancelPendingOrder(db, a.orderId, SYSTEM_ACTOR)).toBe(true);
    expect((await orderOf(a.orderId)).status).toBe('cancelled');

    expect(await openCheckout(db, uid, b.orderId, session('cs_test_current_b'))).toBe(true);
    expect(await peekCheckout(db, uid)).toMatchObject({
      order_id: b.orderId,
      state: 'open',
      session_id: 'cs_test_current_b',
    });
    expect((await orderOf(b.orderId)).stripe_session_id).toBe('cs_test_current_b');
    await db.doc(paths.checkoutLock(uid)).delete();
  });
});
