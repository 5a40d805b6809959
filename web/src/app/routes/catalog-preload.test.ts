import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The pages that read the priced catalog start its pricing chunk (entities/catalog/
 * company-pricing.ts) from their route loader, before Firebase Auth has restored the session:
 * on a first visit the catalog read would otherwise wait for one more round trip after the check.
 */
const pricing = { imports: 0 };
// A session that is never restored: nothing after Auth's check runs in these tests.
vi.mock('@/lib/firebase', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  auth: { authStateReady: () => new Promise<void>(() => undefined), currentUser: null },
}));
// Only the loaders run here (no page renders): the session module is never reached.
vi.mock('@/lib/session', () => ({ readClaims: vi.fn() }));

type RouteModule = { loader: (args: LoaderFunctionArgs) => unknown };

/** Each page's route module, imported by name (a template import made Vite warn on every run). */
const CATALOG_PAGES: Record<string, () => Promise<RouteModule>> = {
  store: () => import('./store.tsx'),
  product: () => import('./product.tsx'),
  cart: () => import('./cart.tsx'),
  'quick-order': () => import('./quick-order.tsx'),
  'order-lists': () => import('./order-lists.tsx'),
};

const args = {
  params: { productId: 'purple-dream' },
  request: new Request('https://portal.test/portal/store'),
} as unknown as LoaderFunctionArgs;

beforeEach(() => {
  // A fresh module graph per test, and a pricing module that counts how often it is loaded.
  vi.resetModules();
  pricing.imports = 0;
  vi.doMock('@/entities/catalog/company-pricing', async (importOriginal) => {
    pricing.imports += 1;
    return importOriginal<object>();
  });
});

describe('catalog pages preload the pricing chunk', () => {
  it.each(Object.keys(CATALOG_PAGES))(
    '%s starts it before the session is restored',
    async (page) => {
      const module = await CATALOG_PAGES[page]!();
      expect(pricing.imports).toBe(0);
      expect(module.loader(args)).toBeNull();
      await vi.waitFor(() => expect(pricing.imports).toBe(1));
    },
  );

  it('a page without the catalog (My Account) leaves it alone', async () => {
    const module = (await import('./account.tsx')) as {
      loader?: (args: LoaderFunctionArgs) => unknown;
    };
    module.loader?.(args);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pricing.imports).toBe(0);
  });
});
