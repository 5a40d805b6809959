import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { paths } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { claimCheckout, openCheckout, peekCheckout } from '../../src/checkout/checkout-lock';
import type { CheckoutDoc } from '../../src/checkout/checkout-record';
import { closeCheckout } from '../../src/checkout/checkout-transitions';
import { checkoutOf } from './support';

function checkout(uid: string, fingerprint: string) {
  return (now: Timestamp): CheckoutDoc => ({
    user_id: uid,
    company_id: uid,
    location_id: null,
    location_name: '',
    placed_by_name: 'Lock tester',
    store_name: 'Lock test store',
    seller_permit_id: 'SR-1',
    items: [],
    amount: 500,
    currency: 'usd',
    state: 'open',
    stripe_session_id: null,
    created_at: now,
    updated_at: now,
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
  it('a replaced checkout cannot publish its session before the newer call has closed it', async () => {
    const db = firestore();
    const uid = `t-lock-${randomUUID().slice(0, 8)}`;
    // Tab A claims a checkout and is still creating its Stripe session.
    const a = await claimCheckout(db, uid, 'cart|usd|x:1@500', checkout(uid, 'cart|usd|x:1@500'));
    if (a.kind !== 'created') throw new Error(`claim A: ${a.kind}`);
    // Tab B, with a changed cart, claims a new checkout that replaces A's.
    const b = await claimCheckout(db, uid, 'cart|usd|x:2@500', checkout(uid, 'cart|usd|x:2@500'));
    if (b.kind !== 'created') throw new Error(`claim B: ${b.kind}`);
    expect(b.previous).toEqual({ checkoutId: a.checkoutId, sessionId: null });

    // A's session arrives before B has closed A's checkout: it must not be published...
    expect(await openCheckout(db, uid, a.checkoutId, session('cs_test_replaced_a'))).toBe(false);
    expect((await checkoutOf(a.checkoutId)).stripe_session_id).toBeNull();
    // ...so B's closing of the replaced checkout still applies: one payable checkout, B's.
    expect(await closeCheckout(db, a.checkoutId, 'replaced', { withSession: false })).toBe(true);
    expect((await checkoutOf(a.checkoutId)).state).toBe('replaced');

    expect(await openCheckout(db, uid, b.checkoutId, session('cs_test_current_b'))).toBe(true);
    expect(await peekCheckout(db, uid)).toMatchObject({
      checkout_id: b.checkoutId,
      state: 'open',
      session_id: 'cs_test_current_b',
    });
    expect((await checkoutOf(b.checkoutId)).stripe_session_id).toBe('cs_test_current_b');
    await db.doc(paths.checkoutLock(uid)).delete();
  });
});
