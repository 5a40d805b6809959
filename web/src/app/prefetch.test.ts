import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buyerReads,
  managerReads,
  prefetchLoader,
  shouldRevalidate,
  type PageRead,
} from './prefetch';

type Claims = Record<string, unknown>;
const session = vi.hoisted(() => ({
  ready: Promise.resolve() as Promise<void>,
  user: null as null | { uid: string; claims: Claims | Error },
}));
vi.mock('@/lib/firebase', () => ({
  auth: {
    authStateReady: () => session.ready,
    get currentUser() {
      const user = session.user;
      if (!user) return null;
      return {
        uid: user.uid,
        getIdTokenResult: async () => {
          if (user.claims instanceof Error) throw user.claims;
          return { claims: user.claims };
        },
      };
    },
  },
}));
vi.mock('@/lib/session', async () => {
  const { parseAccessClaims } = await import('@portal/domain');
  return {
    readClaims: async (user: { getIdTokenResult: () => Promise<{ claims: Claims }> }) =>
      parseAccessClaims((await user.getIdTokenResult()).claims),
  };
});

const APPROVED_WHOLESALER = {
  role: 'wholesaler',
  status: 'approved',
  company: 'company-1',
  company_role: 'buyer',
};
const args = (params: Record<string, string> = {}) =>
  ({
    params,
    request: new Request('https://portal.test/portal/store'),
  }) as unknown as LoaderFunctionArgs;

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient();
  session.ready = Promise.resolve();
  session.user = { uid: 'buyer-1', claims: APPROVED_WHOLESALER };
});

function read(
  key: string,
  fetch = vi.fn(async () => `${key} data`),
): PageRead & { fetch: typeof fetch } {
  return { queryKey: [key], queryFn: fetch, fetch };
}

/** Runs, as a loader would, a buyer page's loader that starts these reads. */
const loadForBuyer = (...reads: PageRead[]) =>
  prefetchLoader(
    buyerReads(() => reads),
    { client },
  )(args());

/** Lets the loader's chain (auth ready, token read, the reads) run to its end. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('prefetchLoader', () => {
  it('starts the code it preloads at once, while the session is still being checked', async () => {
    let restore!: () => void;
    session.ready = new Promise((resolve) => (restore = resolve));
    const preload = vi.fn();
    const catalog = read('catalog');
    prefetchLoader(
      buyerReads(() => [catalog]),
      { client, preload: [preload] },
    )(args());
    expect(preload).toHaveBeenCalledTimes(1);
    await settle();
    expect(catalog.fetch).not.toHaveBeenCalled();
    restore();
    await settle();
    expect(catalog.fetch).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it("returns at once and starts an approved buyer's reads with their uid and role", async () => {
    const catalog = read('catalog');
    const reads = vi.fn(() => [catalog]);
    const loader = prefetchLoader(buyerReads(reads), { client });
    expect(loader(args({ productId: 'p1' }))).toBeNull();
    expect(catalog.fetch).not.toHaveBeenCalled();
    await settle();
    expect(reads).toHaveBeenCalledWith(
      {
        kind: 'buyer',
        uid: 'buyer-1',
        role: 'wholesaler',
        companyId: 'company-1',
        companyRole: 'buyer',
      },
      expect.objectContaining({ params: { productId: 'p1' } }),
      client,
    );
    expect(catalog.fetch).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['catalog'])).toBe('catalog data');
  });

  it('waits for Firebase Auth to restore the session before choosing the reads', async () => {
    let restore!: () => void;
    session.ready = new Promise((resolve) => (restore = resolve));
    const catalog = read('catalog');
    loadForBuyer(catalog);
    await settle();
    expect(catalog.fetch).not.toHaveBeenCalled();
    restore();
    await settle();
    expect(catalog.fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['nobody is signed in', null],
    ['the account is pending', { uid: 'u1', claims: { role: 'retailer', status: 'pending' } }],
    ['the account was rejected', { uid: 'u1', claims: { role: 'retailer', status: 'rejected' } }],
    ['the token has no claims', { uid: 'u1', claims: {} }],
    ['the token cannot be read', { uid: 'u1', claims: new Error('auth/network-request-failed') }],
  ])('reads nothing when %s', async (_case, user) => {
    session.user = user;
    const catalog = read('catalog');
    const order = read('order');
    loadForBuyer(catalog);
    prefetchLoader(
      managerReads(() => [order]),
      { client },
    )(args());
    await settle();
    expect(catalog.fetch).not.toHaveBeenCalled();
    expect(order.fetch).not.toHaveBeenCalled();
  });

  it("starts a manager page's reads for a manager only, and a buyer page's for a buyer only", async () => {
    const buyerRead = read('cart');
    const managerRead = read('order');
    const load = () => {
      loadForBuyer(buyerRead);
      prefetchLoader(
        managerReads(({ params }) => [read(`order ${params.orderId}`, managerRead.fetch)]),
        {
          client,
        },
      )(args({ orderId: 'o1' }));
    };

    session.user = { uid: 'manager-1', claims: { role: 'manager' } };
    load();
    await settle();
    expect(buyerRead.fetch).not.toHaveBeenCalled();
    expect(managerRead.fetch).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['order o1'])).toBe('order data');

    client.clear();
    managerRead.fetch.mockClear();
    session.user = { uid: 'buyer-1', claims: APPROVED_WHOLESALER };
    load();
    await settle();
    expect(buyerRead.fetch).toHaveBeenCalledTimes(1);
    expect(managerRead.fetch).not.toHaveBeenCalled();
  });

  it('does not read again what the cache already holds (a page opened from another page)', async () => {
    client.setQueryData(['catalog'], 'cached');
    const catalog = read('catalog');
    loadForBuyer(catalog);
    await settle();
    expect(catalog.fetch).not.toHaveBeenCalled();
    expect(client.getQueryData(['catalog'])).toBe('cached');
  });

  it('joins a read already in flight instead of starting a second one', async () => {
    let finish!: (value: string) => void;
    const slow = read(
      'catalog',
      vi.fn(() => new Promise<string>((resolve) => (finish = resolve))),
    );
    loadForBuyer(slow);
    await settle();
    loadForBuyer(slow);
    await settle();
    expect(slow.fetch).toHaveBeenCalledTimes(1);
    finish('catalog data');
    await settle();
    expect(client.getQueryData(['catalog'])).toBe('catalog data');
  });

  it("reads with the client's retries, then leaves a failed read to the page's hook: no unhandled rejection, the other reads done", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 0 } } });
    const failing = read(
      'profile',
      vi.fn(async () => Promise.reject(new Error('unavailable'))),
    );
    const cart = read('cart');
    loadForBuyer(failing, cart);
    await vi.waitFor(() => expect(client.getQueryState(['profile'])?.status).toBe('error'));
    expect(failing.fetch).toHaveBeenCalledTimes(3);
    expect(client.getQueryData(['cart'])).toBe('cart data');
  });

  it("hands each read's data to its whenRead once it has come, before the page renders it", async () => {
    let finish!: (data: string) => void;
    const slow = read(
      'catalog',
      vi.fn(() => new Promise<string>((resolve) => (finish = resolve))),
    );
    const whenRead = vi.fn();
    loadForBuyer({ ...slow, whenRead });
    await settle();
    expect(whenRead).not.toHaveBeenCalled();
    finish('catalog data');
    await settle();
    expect(whenRead).toHaveBeenCalledExactlyOnceWith('catalog data');
  });

  it('hands data the cache already holds to whenRead at once, and nothing for a failed read', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['catalog'], 'cached catalog');
    const cached = read('catalog');
    const failing = read(
      'profile',
      vi.fn(async () => Promise.reject(new Error('unavailable'))),
    );
    const onCatalog = vi.fn();
    const onProfile = vi.fn();
    loadForBuyer({ ...cached, whenRead: onCatalog }, { ...failing, whenRead: onProfile });
    await settle();
    expect(cached.fetch).not.toHaveBeenCalled();
    expect(onCatalog).toHaveBeenCalledExactlyOnceWith('cached catalog');
    expect(failing.fetch).toHaveBeenCalledTimes(1);
    expect(onProfile).not.toHaveBeenCalled();
  });

  it('keeps a whenRead that throws to itself: the read is done and nothing is left unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const catalog = read('catalog');
      const cart = read('cart');
      loadForBuyer(
        {
          ...catalog,
          whenRead: () => {
            throw new Error('no document head');
          },
        },
        cart,
      );
      await settle();
      expect(client.getQueryData(['catalog'])).toBe('catalog data');
      expect(client.getQueryData(['cart'])).toBe('cart data');
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('shouldRevalidate', () => {
  const check = (from: string, to: string) =>
    shouldRevalidate({
      currentUrl: new URL(from, 'https://portal.test'),
      nextUrl: new URL(to, 'https://portal.test'),
    } as Parameters<typeof shouldRevalidate>[0]);

  it('runs a loader again for another path (another product), not for a new search alone', () => {
    expect(check('/portal/products/a', '/portal/products/b')).toBe(true);
    expect(check('/portal/store', '/portal/store?q=grape')).toBe(false);
    expect(check('/admin', '/admin?tab=users')).toBe(false);
  });
});
