import { describe, expect, it } from 'vitest';
import {
  isPlacedOrder,
  newOrderAnnouncement,
  orderArrivals,
  placedSince,
  type LiveOrder,
} from './live-orders';

const since = new Date('2026-12-03T10:00:00Z');
const order = (id: string, fields: Partial<LiveOrder> = {}): LiveOrder => ({
  id,
  status: 'processing',
  store_name: 'Probe Shop',
  amount: 6998,
  created_at: new Date(since.getTime() + 1000),
  paid_at: null,
  ...fields,
});

describe('isPlacedOrder', () => {
  it('counts paid and on-terms orders, not open or dropped checkouts', () => {
    expect(isPlacedOrder('processing')).toBe(true);
    expect(isPlacedOrder('awaiting_payment')).toBe(true);
    expect(isPlacedOrder('shipped')).toBe(true);
    expect(isPlacedOrder('pending')).toBe(false);
    expect(isPlacedOrder('cancelled')).toBe(false);
  });
});

describe('orderArrivals', () => {
  it('announces an unseen order created since the listener started', () => {
    expect(orderArrivals([order('a')], new Map(), new Set(), since).map((o) => o.id)).toEqual([
      'a',
    ]);
  });

  it('announces a checkout seen open that is now paid, and only once', () => {
    const seen = new Map([['a', 'pending' as const]]);
    expect(orderArrivals([order('a')], seen, new Set(), since)).toHaveLength(1);
    expect(orderArrivals([order('a')], seen, new Set(['a']), since)).toEqual([]);
  });

  it('does not announce a change to an order already placed, nor an open checkout', () => {
    const seen = new Map([['a', 'processing' as const]]);
    expect(orderArrivals([order('a', { status: 'shipped' })], seen, new Set(), since)).toEqual([]);
    expect(orderArrivals([order('b', { status: 'pending' })], new Map(), new Set(), since)).toEqual(
      [],
    );
  });

  it('treats an old order a change brings into view as a change', () => {
    // Created 40 minutes before the listener started and shipped now.
    const old = order('old', {
      status: 'shipped',
      created_at: new Date(since.getTime() - 40 * 60_000),
      paid_at: new Date(since.getTime() - 39 * 60_000),
    });
    expect(orderArrivals([old], new Map(), new Set(), since)).toEqual([]);
  });

  it('counts a checkout opened before the listener started and paid after it', () => {
    const paidSince = order('paid', {
      created_at: new Date(since.getTime() - 10 * 60_000),
      paid_at: new Date(since.getTime() + 5000),
    });
    expect(orderArrivals([paidSince], new Map(), new Set(), since)).toEqual([paidSince]);
  });
});

describe('placedSince', () => {
  const opened = since;
  it('counts orders paid, or placed on terms, since the view opened, once', () => {
    const paidLater = order('a', {
      created_at: new Date(opened.getTime() - 600_000),
      paid_at: new Date(opened.getTime() + 500),
    });
    const onTerms = order('b', { status: 'awaiting_payment' });
    expect(placedSince([paidLater, onTerms], opened, new Set()).map((o) => o.id)).toEqual([
      'a',
      'b',
    ]);
    expect(placedSince([paidLater], opened, new Set(['a']))).toEqual([]);
  });

  it('leaves out orders placed before, and open checkouts', () => {
    const before = order('a', {
      created_at: new Date(opened.getTime() - 600_000),
      paid_at: new Date(opened.getTime() - 1),
    });
    const open = order('b', { status: 'pending' });
    expect(placedSince([before, open], opened, new Set())).toEqual([]);
  });
});

describe('newOrderAnnouncement', () => {
  it('names the store and the total', () => {
    expect(newOrderAnnouncement({ store_name: 'Probe Shop', amount: 6998 })).toBe(
      'New order from Probe Shop, $69.98',
    );
    expect(newOrderAnnouncement({ store_name: '', amount: 100 })).toBe(
      'New order from a customer, $1.00',
    );
  });
});
