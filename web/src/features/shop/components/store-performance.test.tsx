import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catalogIndex, DEFAULT_STORE_QUERY, STORE_SORTS } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import {
  catalogFixtureDocuments,
  generateCatalog,
} from '../../../../../test-support/catalog-fixture';
import { startingPrice } from '../lib/store-view';
import { StorePage } from './store-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

/** The store must answer a typed query within this on the test machine (the bound). */
const FILTER_BUDGET_MS = 100;
/** Building the index: once per catalog load, not per keystroke; a loose bound. */
const INDEX_BUDGET_MS = 250;
/**
 * A generous bound for re-rendering the store after one typed character, in happy-dom on a shared
 * two-core machine (10 to 110 ms measured when quiet; in jsdom it was 150 to 550 ms, and up to
 * about 1.1 s while production builds ran beside it). It catches the store rendering far more
 * cards than a page of them.
 */
const RENDER_BUDGET_MS = 2000;
const CATALOG_SIZE = 2000;

/** The generated catalog as a retailer's store holds it (retail price and breaks). */
function pricedCatalog(count: number): PricedProduct[] {
  return generateCatalog(count, 18).map(
    ({ price_wholesaler: _price, wholesale_breaks: _breaks, ...product }) => ({
      ...product,
      unit_price: product.price_retailer,
      breaks: product.price_breaks,
      tier_price: product.price_retailer,
      price_list: null,
    }),
  );
}

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe('the store with 2,000 products', () => {
  it(`filters and sorts in memory in under ${FILTER_BUDGET_MS} ms per query`, () => {
    const products = pricedCatalog(CATALOG_SIZE);
    // Building runs once per catalog load: warmed up on a few products, then the median of 3.
    catalogIndex(products.slice(0, 50), startingPrice);
    const builds = Array.from({ length: 3 }, () =>
      timed(() => catalogIndex(products, startingPrice)),
    ).sort((a, b) => a.ms - b.ms);
    const build = builds[1]!;
    const index = build.result;
    const queries = [
      { ...DEFAULT_STORE_QUERY, q: 'c' },
      { ...DEFAULT_STORE_QUERY, q: 'cherry' },
      { ...DEFAULT_STORE_QUERY, q: 'frosty cherry syrup' },
      { ...DEFAULT_STORE_QUERY, q: 'syr-0' },
      { ...DEFAULT_STORE_QUERY, q: 'SYR-001' },
      { ...DEFAULT_STORE_QUERY, category: 'Syrups' },
      ...STORE_SORTS.map((sort) => ({ ...DEFAULT_STORE_QUERY, sort })),
      { q: 'syrup', category: 'Syrups', sort: 'price_desc' as const },
    ];
    // The first query warms up the engine (the JIT); then each is timed, the median of 5 runs
    // (one garbage collection on a busy machine is not the store's answer time).
    index.apply(queries[0]!);
    const times = queries.map((query) => {
      const runs = Array.from({ length: 5 }, () => timed(() => index.apply(query)));
      const ms = runs.map((run) => run.ms).sort((a, b) => a - b)[2]!;
      return { query, count: runs[0]!.result.length, ms };
    });
    const slowest = Math.max(...times.map((t) => t.ms));
    console.info(
      `catalogIndex, ${CATALOG_SIZE} products: built in ${build.ms.toFixed(2)} ms; ` +
        times
          .map((t) => `${JSON.stringify(t.query)} -> ${t.count} in ${t.ms.toFixed(2)} ms`)
          .join('; ') +
        `; slowest ${slowest.toFixed(2)} ms`,
    );
    // Every syrup's SKU (SYR-0xxxx) and nothing else.
    expect(times.find((t) => t.query.q === 'syr-0')?.count).toBe(
      products.filter((product) => product.category === 'Syrups').length,
    );
    expect(times.find((t) => t.query.q === '' && t.query.category === '')?.count).toBe(
      CATALOG_SIZE,
    );
    expect(build.ms).toBeLessThan(INDEX_BUDGET_MS);
    expect(slowest).toBeLessThan(FILTER_BUDGET_MS);
  });

  it(`re-renders the store after one typed character in under ${RENDER_BUDGET_MS} ms (happy-dom)`, async () => {
    seedProfile('retailer');
    const products = generateCatalog(CATALOG_SIZE, 18);
    for (const [path, data] of catalogFixtureDocuments(products)) fakeDb.seed(path, data);
    const start = performance.now();
    renderWithProviders(<StorePage />, { route: '/portal/store' });
    expect((await screen.findAllByRole('article', {}, { timeout: 45_000 }))[0]).toBeVisible();
    const firstRender = performance.now() - start;
    expect(screen.getByRole('status')).toHaveTextContent('2,000 products');

    // One character at a time, as a buyer types: each changes most of the cards shown.
    const search = screen.getByLabelText('Search');
    const typing = ['c', 'ch', 'che', 'cher', 'cherr', 'cherry'].map((value) => {
      const { ms } = timed(() => act(() => void fireEvent.change(search, { target: { value } })));
      return { value, ms };
    });
    console.info(
      `Store, ${CATALOG_SIZE} products in happy-dom: loaded and first shown in ${firstRender.toFixed(0)} ms; ` +
        typing.map((t) => `typing "${t.value}" re-rendered in ${t.ms.toFixed(1)} ms`).join('; '),
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^\d+ products$/);
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName(/Cherry/);
    for (const { ms } of typing) expect(ms).toBeLessThan(RENDER_BUDGET_MS);
    // Loading 2,000 documents through the fake Firestore and the schema can take seconds on a busy
    // machine (0.3 s when quiet).
  }, 60_000);
});
