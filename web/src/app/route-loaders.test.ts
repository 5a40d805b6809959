import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USUAL_ORDER_WINDOW } from '@portal/domain';
import { cartKeys } from '@/entities/cart';
import { catalogKeys } from '@/entities/catalog';
import { orderKeys } from '@/entities/orders';
import { profileKeys } from '@/entities/profile';
import { quoteKeys } from '@/entities/quotes';
import { supportKeys } from '@/entities/support';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  seedCartItem,
  seedProducts,
  seedProfile,
  seedWholesalePrices,
} from '@/testing/portal-fixtures';
import { appQueryClient } from './app-query-client';
import { pageModules, layoutModules } from './router';

const session = vi.hoisted(() => ({ user: null as null | { uid: string; claims: object } }));
vi.mock('@/lib/firebase', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  auth: {
    authStateReady: async () => undefined,
    get currentUser() {
      const user = session.user;
      return user && { uid: user.uid, getIdTokenResult: async () => ({ claims: user.claims }) };
    },
  },
}));
// Only the loaders run here (no page renders), so the session module needs only readClaims.
vi.mock('@/lib/session', async () => {
  const { parseAccessClaims } = await import('@portal/domain');
  return {
    readClaims: async (user: { getIdTokenResult: () => Promise<{ claims: object }> }) =>
      parseAccessClaims((await user.getIdTokenResult()).claims),
  };
});

const callables = vi.hoisted(() => ({ callGetCompanyDetails: vi.fn() }));
vi.mock('@/lib/manager-callables', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...callables,
}));

const WHOLESALER = {
  uid: BUYER_UID,
  claims: { role: 'wholesaler', status: 'approved', company: BUYER_UID, company_role: 'owner' },
};
const MANAGER = { uid: 'manager-1', claims: { role: 'manager' } };
/** Whose catalog the buyer's token says: a wholesaler of the buyer's own company. */
const VIEWER = { role: 'wholesaler', companyId: BUYER_UID } as const;

type Loader = (args: LoaderFunctionArgs) => unknown;
/** A route's lazy module (router.tsx writes each as a function returning the module). */
type LazyModule = (typeof pageModules)[string];
async function loaderOf(lazy: LazyModule): Promise<Loader | undefined> {
  const load = lazy as () => Promise<{ loader?: Loader }>;
  return (await load()).loader;
}

/** Runs a route module's loader and waits until the reads it started have settled. */
async function runLoader(load: LazyModule, params: Record<string, string> = {}) {
  const loader = await loaderOf(load);
  expect(loader).toBeTypeOf('function');
  const request = new Request('https://portal.test/');
  // A page's loader returns at once; the dashboard's waits for its tab's chunk first.
  expect(await loader!({ params, request } as unknown as LoaderFunctionArgs)).toBeNull();
  await vi.waitFor(() => expect(appQueryClient.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await vi.waitFor(() => expect(appQueryClient.isFetching()).toBe(0));
}

const cachedKeys = () =>
  appQueryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);

beforeEach(() => {
  appQueryClient.clear();
  // A read that fails here fails at once (the client's retries are prefetch.test.ts's business).
  appQueryClient.setDefaultOptions({ queries: { retry: false } });
  session.user = WHOLESALER;
  seedProfile('wholesaler');
  seedProducts();
  seedWholesalePrices();
  seedCartItem('purple-dream', 6);
  fakeDb.seed('orders/o1', {
    user_id: BUYER_UID,
    status: 'paid',
    items: [],
    total_cents: 0,
    created_at: Timestamp.fromDate(new Date('2025-03-01T10:00:00Z')),
  });
});

describe('route loaders: the reads a signed-in page starts before it renders', () => {
  it("the portal layout reads the buyer's profile and cart", async () => {
    await runLoader(layoutModules['portal-layout']);
    expect(cachedKeys()).toEqual(
      expect.arrayContaining([profileKeys.detail(BUYER_UID), cartKeys.ofBuyer(BUYER_UID)]),
    );
    expect(appQueryClient.getQueryData(cartKeys.ofBuyer(BUYER_UID))).toEqual([
      expect.objectContaining({ product_id: 'purple-dream', quantity: 6 }),
    ]);
  });

  it.each(['store', 'quick-order', 'cart'])(
    "%s reads the catalog priced for the token's role (a wholesaler's prices)",
    async (module) => {
      await runLoader(pageModules[module]!);
      const catalog = appQueryClient.getQueryData<{ id: string; unit_price: number }[]>(
        catalogKeys.forViewer(VIEWER),
      );
      expect(catalog?.find((product) => product.id === 'purple-dream')?.unit_price).toBe(1899);
      expect(cachedKeys()).toContainEqual(catalogKeys.forViewer(VIEWER));
      expect(cachedKeys()).toHaveLength(module === 'store' ? 2 : 1);
    },
  );

  it("the store reads an owner's company's newest orders too (the usual order its skeleton waits for)", async () => {
    await runLoader(pageModules.store!);
    expect(cachedKeys()).toContainEqual([
      ...orderKeys.ofCompany(BUYER_UID, undefined),
      { newest: USUAL_ORDER_WINDOW },
    ]);
  });

  it.each(['buyer', 'viewer'])(
    'the store leaves the usual order to the page for a %s (their locations only, or no ordering)',
    async (companyRole) => {
      session.user = {
        uid: BUYER_UID,
        claims: { ...WHOLESALER.claims, company_role: companyRole },
      };
      await runLoader(pageModules.store!);
      expect(cachedKeys()).toEqual([catalogKeys.forViewer(VIEWER)]);
    },
  );

  it('the product page reads that one product', async () => {
    await runLoader(pageModules.product!, { productId: 'blue-coast' });
    expect(cachedKeys()).toEqual([catalogKeys.product(VIEWER, 'blue-coast')]);
    expect(appQueryClient.getQueryData(catalogKeys.product(VIEWER, 'blue-coast'))).toEqual(
      expect.objectContaining({ id: 'blue-coast', unit_price: 1999 }),
    );
  });

  it('the product page opened from the store starts from the cached catalog and reads nothing', async () => {
    await runLoader(pageModules.store!);
    fakeDb.reset(); // a read now would find no product (null)
    await runLoader(pageModules.product!, { productId: 'blue-coast' });
    expect(appQueryClient.getQueryData(catalogKeys.product(VIEWER, 'blue-coast'))).toEqual(
      expect.objectContaining({ id: 'blue-coast', unit_price: 1999 }),
    );
  });

  it("My Account reads the company's orders and the support content", async () => {
    await runLoader(pageModules.account!);
    expect(cachedKeys()).toEqual(
      expect.arrayContaining([orderKeys.ofCompany(BUYER_UID), supportKeys.all()]),
    );
    expect(cachedKeys()).toHaveLength(2);
  });

  it("the buyer's invoice reads the order", async () => {
    await runLoader(pageModules.invoice!, { orderId: 'o1' });
    expect(cachedKeys()).toEqual([orderKeys.one('o1')]);
  });

  it.each(['admin-invoice', 'packing-slip'])(
    '%s reads the order for a manager and nothing for a buyer',
    async (module) => {
      await runLoader(pageModules[module]!, { orderId: 'o1' });
      expect(cachedKeys()).toEqual([]);
      session.user = MANAGER;
      await runLoader(pageModules[module]!, { orderId: 'o1' });
      expect(cachedKeys()).toEqual([orderKeys.one('o1')]);
    },
  );

  it("the buyer's quote reads the quote; the managers' quote page reads it for a manager only", async () => {
    await runLoader(pageModules.quote!, { quoteId: 'q1' });
    expect(cachedKeys()).toEqual([quoteKeys.one('q1')]);
    appQueryClient.clear();
    await runLoader(pageModules['admin-quote']!, { quoteId: 'q1' });
    expect(cachedKeys()).toEqual([]);
    session.user = MANAGER;
    await runLoader(pageModules['admin-quote']!, { quoteId: 'q1' });
    expect(cachedKeys()).toEqual([quoteKeys.one('q1')]);
  });

  it('the dashboard reads the totals and the accounts waiting for review for a manager, nothing for a buyer', async () => {
    await runLoader(pageModules.admin!);
    expect(cachedKeys()).toEqual([]);
    session.user = MANAGER;
    await runLoader(pageModules.admin!);
    expect(cachedKeys()).toEqual(
      expect.arrayContaining([orderKeys.totals(), profileKeys.pending()]),
    );
    expect(cachedKeys()).toHaveLength(2);
  });

  it("a company's page reads its details through the callable for a manager", async () => {
    callables.callGetCompanyDetails.mockReset().mockResolvedValue({ companyId: BUYER_UID });
    await runLoader(pageModules['admin-company']!, { companyId: BUYER_UID });
    expect(callables.callGetCompanyDetails).not.toHaveBeenCalled();
    session.user = MANAGER;
    await runLoader(pageModules['admin-company']!, { companyId: BUYER_UID });
    expect(callables.callGetCompanyDetails).toHaveBeenCalledWith({ companyId: BUYER_UID });
    expect(cachedKeys()).toHaveLength(1);
  });

  it("a company's page does not try again a company the callable refuses (as its hook would not), other failures yes", async () => {
    appQueryClient.setDefaultOptions({ queries: { retry: 2, retryDelay: 0 } });
    session.user = MANAGER;
    const refusal = Object.assign(new Error('No company with this id.'), {
      code: 'functions/not-found',
    });
    callables.callGetCompanyDetails.mockReset().mockRejectedValue(refusal);
    await runLoader(pageModules['admin-company']!, { companyId: 'nobody' });
    expect(callables.callGetCompanyDetails).toHaveBeenCalledTimes(1);

    appQueryClient.clear();
    const outage = Object.assign(new Error('Unavailable.'), { code: 'functions/unavailable' });
    callables.callGetCompanyDetails.mockReset().mockRejectedValue(outage);
    await runLoader(pageModules['admin-company']!, { companyId: 'nobody' });
    expect(callables.callGetCompanyDetails).toHaveBeenCalledTimes(3);
  });

  it('a manager opening a portal page starts no buyer reads', async () => {
    session.user = MANAGER;
    await runLoader(layoutModules['portal-layout']);
    await runLoader(pageModules.store!);
    expect(cachedKeys()).toEqual([]);
  });

  it('/portal sends the browser on to the store before anything renders', async () => {
    const loader = await loaderOf(pageModules['portal-index']!);
    const response = loader!({
      params: {},
      request: new Request('https://portal.test/portal'),
    } as unknown as LoaderFunctionArgs) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/portal/store');
    expect(cachedKeys()).toEqual([]);
    // A leaf route without a Component makes React Router warn on every load of /portal.
    const { Component } = (await (pageModules['portal-index'] as () => Promise<object>)()) as {
      Component?: unknown;
    };
    expect(Component).toBeTypeOf('function');
  });

  it('public pages and the landing page have no loader (nothing to read before them)', async () => {
    for (const module of ['landing', 'login', 'apply', 'not-found']) {
      expect(await loaderOf(pageModules[module]!)).toBeUndefined();
    }
  });
});
