import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, paths } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { migrateOrderBook } from '../../src/migrations/order-book-migration';

/** Orders as the releases before the order book wrote them, dated before any other test's. */
const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const BEFORE = new Date('2024-02-01T00:00:00Z');
const line = {
  product_id: 'blue-coast',
  name: 'Blue Coast Syrup',
  description: '',
  image_url: '',
  unit_amount: 3499,
  quantity: 1,
  line_total: 3499,
};

function oldOrder(status: string, extra: Record<string, unknown> = {}) {
  return {
    user_id: 'legacy-buyer',
    store_name: 'Legacy Shop',
    items: [line],
    amount: 3499,
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: 'cs_test_legacy',
    created_at: at('2024-01-10T10:00:00Z'),
    paid_at: null,
    status_history: [{ status: 'pending', at: at('2024-01-10T10:00:00Z'), by: 'legacy-buyer' }],
    cart_fingerprint: 'cart|legacy',
    source: 'cart',
    ...extra,
  };
}

describe('migrating the order book', () => {
  it('moves old attempts to checkouts, keeps every real order, and runs once', async () => {
    const db = firestore();
    const id = (name: string) => `legacy-${name}-${Date.now().toString(36)}`;
    const ids = {
      abandoned: id('abandoned'),
      replaced: id('replaced'),
      paid: id('paid'),
      refunded: id('refunded'),
      paidAfterCancel: id('pac'),
      clearing: id('clearing'),
    };
    await Promise.all([
      db.doc(paths.order(ids.abandoned)).set(oldOrder('pending')),
      db.doc(paths.order(ids.replaced)).set(
        oldOrder('cancelled', {
          status_history: [
            { status: 'pending', at: at('2024-01-10T10:00:00Z'), by: 'legacy-buyer' },
            { status: 'cancelled', at: at('2024-01-10T11:00:00Z'), by: 'system' },
          ],
        }),
      ),
      db
        .doc(paths.order(ids.paid))
        .set(oldOrder('delivered', { paid_at: at('2024-01-10T10:01:00Z') })),
      db
        .doc(paths.order(ids.refunded))
        .set(oldOrder('cancelled', { refunds: [{ refund_id: 're_x', amount: 3499 }] })),
      db
        .doc(paths.order(ids.paidAfterCancel))
        .set(oldOrder('cancelled', { payment_after_cancel: { session_id: 'cs_x' } })),
      // Today's kind of pending order: a delayed payment clearing, with its completed checkout.
      db.doc(paths.order(ids.clearing)).set(oldOrder('pending')),
      db.doc(paths.checkout(ids.clearing)).set({ ...oldOrder('pending'), state: 'completed' }),
    ]);

    const dry = await migrateOrderBook(db, { apply: false, before: BEFORE });
    expect(dry.moved.sort()).toEqual([ids.abandoned, ids.replaced].sort());
    expect((await db.doc(paths.order(ids.abandoned)).get()).exists).toBe(true);

    const applied = await migrateOrderBook(db, { apply: true, before: BEFORE });
    expect(applied.moved.sort()).toEqual([ids.abandoned, ids.replaced].sort());
    for (const moved of [ids.abandoned, ids.replaced]) {
      expect((await db.doc(paths.order(moved)).get()).exists).toBe(false);
    }
    const abandoned = (await db.doc(paths.checkout(ids.abandoned)).get()).data();
    expect(abandoned).toMatchObject({
      state: 'expired',
      amount: 3499,
      user_id: 'legacy-buyer',
      store_name: 'Legacy Shop',
    });
    expect((await db.doc(paths.checkout(ids.replaced)).get()).get('state')).toBe('replaced');
    for (const kept of [ids.paid, ids.refunded, ids.paidAfterCancel, ids.clearing]) {
      expect((await db.doc(paths.order(kept)).get()).exists).toBe(true);
    }
    expect((await migrateOrderBook(db, { apply: true, before: BEFORE })).moved).toEqual([]);

    await Promise.all(
      Object.values(ids).flatMap((doc) => [
        db.collection(COLLECTIONS.orders).doc(doc).delete(),
        db.collection(COLLECTIONS.checkouts).doc(doc).delete(),
      ]),
    );
  });
});
