import { notifyManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmAccount,
  decodeView,
  encodeView,
  forgetLastView,
  isFromDevice,
  keepLastView,
  LAST_VIEW_KEY,
  LAST_VIEW_MAX_AGE_MS,
  LAST_VIEW_MAX_CHARS,
  resetLastViewState,
  restoredAccount,
  restoreLastView,
  WRITE_DELAY_MS,
} from './last-view';

const buyer = { kind: 'buyer', uid: 'buyer-1', email: 'buyer@demo.test' } as const;
let stops: (() => void)[] = [];

beforeEach(() => {
  // The cache's events at once, not on a (real) timer of their own.
  notifyManager.setScheduler((callback) => callback());
  vi.useFakeTimers();
  localStorage.clear();
  resetLastViewState();
});
afterEach(() => {
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  stops.forEach((stop) => stop());
  stops = [];
  vi.useRealTimers();
});

/** A client whose reads are kept, as the app's is. */
function keptClient() {
  const client = new QueryClient();
  stops.push(keepLastView(client));
  return client;
}

/** Data arriving as a query's read, so the cache tells the keeper (setQueryData does too). */
function read(client: QueryClient, key: readonly unknown[], data: unknown) {
  client.setQueryData(key, data);
}

function stored(): Record<string, unknown> | null {
  const text = localStorage.getItem(LAST_VIEW_KEY);
  return text ? (decodeView(text) as Record<string, unknown>) : null;
}

describe('encodeView / decodeView', () => {
  it('keeps Dates and plain data', () => {
    const value = {
      placed: new Date('2026-11-01T10:00:00Z'),
      lines: [{ sku: 'A', qty: 2 }],
      none: null,
    };
    const back = decodeView(encodeView(value)) as typeof value;
    expect(back.placed).toBeInstanceOf(Date);
    expect(back.placed.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(back.lines).toEqual([{ sku: 'A', qty: 2 }]);
    expect(back.none).toBeNull();
  });

  it('refuses what is not plain data (a Firestore cursor, a class instance)', () => {
    class Cursor {
      constructor(readonly at: number) {}
    }
    expect(() => encodeView({ next: new Cursor(3) })).toThrow();
    expect(() => encodeView({ load: () => 1 })).toThrow();
  });
});

describe('keeping the view', () => {
  it('keeps nothing until a guard confirms the account', () => {
    const client = keptClient();
    read(client, ['profile', 'buyer-1'], { status: 'approved' });
    vi.advanceTimersByTime(1100);
    expect(stored()).toBeNull();
  });

  it("writes the confirmed account's reads after a burst of reads, then after each later read", () => {
    const client = keptClient();
    read(client, ['profile', 'buyer-1'], { status: 'approved', since: new Date(0) });
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    expect(stored()).toMatchObject({ account: buyer, queries: [expect.anything()] });

    read(client, ['cart', 'buyer-1'], { items: [] });
    read(client, ['orders', 'buyer-1'], []);
    vi.advanceTimersByTime(WRITE_DELAY_MS - 1);
    expect((stored()?.queries as unknown[]).length).toBe(1);
    vi.advanceTimersByTime(1);
    expect((stored()?.queries as unknown[]).length).toBe(3);
  });

  it('leaves out a query whose data is not plain, and the largest ones when over the limit', () => {
    const client = keptClient();
    read(client, ['cursor'], { next: new (class Cursor {})() });
    read(client, ['small'], 'x');
    read(client, ['huge'], 'y'.repeat(LAST_VIEW_MAX_CHARS));
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    const keys = (stored()?.queries as { queryKey: unknown[] }[]).map((query) => query.queryKey);
    expect(keys).toEqual([['small']]);
  });

  it('writes at once when the page is hidden (a phone switching apps)', () => {
    const client = keptClient();
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    read(client, ['cart', 'buyer-1'], { items: [1] });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect((stored()?.queries as unknown[]).length).toBe(1);
  });

  it('writes at once when the page is left (pagehide)', () => {
    const client = keptClient();
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    read(client, ['cart', 'buyer-1'], { items: [1] });
    window.dispatchEvent(new Event('pagehide'));
    expect((stored()?.queries as unknown[]).length).toBe(1);
  });

  it('forgets the view and stops keeping it (sign-out)', () => {
    const client = keptClient();
    read(client, ['profile', 'buyer-1'], {});
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    forgetLastView();
    read(client, ['cart', 'buyer-1'], {});
    vi.advanceTimersByTime(1100);
    expect(stored()).toBeNull();
  });
});

describe('restoring the view', () => {
  function keepOne(data: unknown) {
    const client = keptClient();
    read(client, ['orders', 'buyer-1'], data);
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    stops.forEach((stop) => stop());
    stops = [];
    resetLastViewState();
  }

  it('puts the data back, Dates included, marked for reading afresh', () => {
    keepOne([{ id: 'o1', createdAt: new Date('2026-11-20T08:00:00Z') }]);
    const client = new QueryClient();
    expect(restoreLastView(client)).toEqual(buyer);
    expect(restoredAccount()).toEqual(buyer);
    const orders = client.getQueryData<{ createdAt: Date }[]>(['orders', 'buyer-1']);
    expect(orders?.[0]?.createdAt).toBeInstanceOf(Date);
    expect(client.getQueryState(['orders', 'buyer-1'])?.isInvalidated).toBe(true);
  });

  it('shows nothing older than its age limit, and forgets it', () => {
    keepOne([]);
    const client = new QueryClient();
    expect(restoreLastView(client, Date.now() + LAST_VIEW_MAX_AGE_MS + 1)).toBeNull();
    expect(client.getQueryData(['orders', 'buyer-1'])).toBeUndefined();
    expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
  });

  it('shows nothing written by another build or damaged, and forgets it', () => {
    keepOne([]);
    const view = stored()!;
    localStorage.setItem(LAST_VIEW_KEY, encodeView({ ...view, build: 'another-build' }));
    expect(restoreLastView(new QueryClient())).toBeNull();
    expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();

    localStorage.setItem(LAST_VIEW_KEY, '{"build":');
    expect(restoreLastView(new QueryClient())).toBeNull();
    localStorage.setItem(
      LAST_VIEW_KEY,
      encodeView({ ...view, account: { kind: 'admin', uid: 'x' } }),
    );
    expect(restoreLastView(new QueryClient())).toBeNull();
    expect(restoredAccount()).toBeNull();
  });

  it('starts with nothing when nothing was kept', () => {
    expect(restoreLastView(new QueryClient())).toBeNull();
  });

  it('a different account confirmed on this tab is no longer the restored one', () => {
    keepOne([]);
    restoreLastView(new QueryClient());
    confirmAccount({ kind: 'manager', uid: 'manager-1', email: 'manager@demo.test' });
    expect(restoredAccount()).toBeNull();
  });

  it('tells the data restored from the device from data read since', () => {
    keepOne([]);
    const client = new QueryClient();
    restoreLastView(client);
    const restoredAt = client.getQueryState(['orders', 'buyer-1'])!.dataUpdatedAt;
    expect(isFromDevice(restoredAt)).toBe(true);
    vi.advanceTimersByTime(10);
    client.setQueryData(['orders', 'buyer-1'], [{ id: 'fresh' }]);
    expect(isFromDevice(client.getQueryState(['orders', 'buyer-1'])!.dataUpdatedAt)).toBe(false);
    expect(isFromDevice(0)).toBe(false);
    forgetLastView();
    expect(isFromDevice(restoredAt)).toBe(false);
  });

  it('does not keep a restored query older than the age limit that was never read again', () => {
    keepOne([{ id: 'old' }]);
    const client = new QueryClient();
    stops.push(keepLastView(client));
    restoreLastView(client);
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    expect((stored()?.queries as unknown[]).length).toBe(1);
    vi.advanceTimersByTime(LAST_VIEW_MAX_AGE_MS);
    read(client, ['cart', 'buyer-1'], { items: [] });
    vi.advanceTimersByTime(1100);
    const keys = (stored()?.queries as { queryKey: unknown[] }[]).map((query) => query.queryKey);
    expect(keys).toEqual([['cart', 'buyer-1']]);
  });
});

describe('another tab of the browser', () => {
  it('stops this tab keeping its view when another tab forgets it (Logout there)', () => {
    const client = keptClient();
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    localStorage.removeItem(LAST_VIEW_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: LAST_VIEW_KEY, newValue: null }));
    read(client, ['cart', 'buyer-1'], { items: [] });
    vi.advanceTimersByTime(1100);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toBeNull();
  });

  it("keeps going when the other tab keeps the same account's view", () => {
    const client = keptClient();
    confirmAccount(buyer);
    vi.advanceTimersByTime(1100);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: LAST_VIEW_KEY,
        newValue: localStorage.getItem(LAST_VIEW_KEY),
      }),
    );
    read(client, ['cart', 'buyer-1'], { items: [] });
    vi.advanceTimersByTime(1100);
    expect((stored()?.queries as unknown[]).length).toBe(1);
  });
});
