// @vitest-environment node
import { ROUTES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_CHUNKS } from './route-chunks';
import {
  chunkGroups,
  firstLoads,
  laterLoads,
  LATER_EXTRA_BYTES,
  type PlannedManifest,
} from './route-chunk-groups';

const ORDERS_TAB = 'src/features/admin/orders/orders-tab';
const routeKey = (module: string) => `src/app/routes/${module}.tsx`;

/**
 * A manifest with every route's modules as lazy chunks that import nothing, the entry and the
 * dashboard's Orders tab, and then `chunks` on top: a small app shaped like the real one.
 */
function manifestWith(chunks: PlannedManifest): PlannedManifest {
  const manifest: PlannedManifest = {
    'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_everywhere.js'] },
    '_everywhere.js': { file: 'assets/everywhere.js' },
    [`${ORDERS_TAB}.tsx`]: { file: 'assets/orders-tab.js', isDynamicEntry: true },
  };
  for (const route of Object.values(ROUTES)) {
    for (const module of [...route.layouts, route.module]) {
      manifest[routeKey(module)] = { file: `assets/${module}.js`, isDynamicEntry: true };
    }
  }
  return { ...manifest, ...chunks };
}

/** A route's page module as a lazy chunk with these imports (static and dynamic). */
function page(module: string, imports: string[], dynamicImports: string[] = []): PlannedManifest {
  return {
    [routeKey(module)]: {
      file: `assets/${module}.js`,
      isDynamicEntry: true,
      imports,
      ...(dynamicImports.length > 0 ? { dynamicImports } : {}),
    },
  };
}

/** Modules by chunk file: each chunk holds two made-up modules named after it. */
const modulesOf = (file: string) => [`/app/${file}/a.ts`, `/app/${file}/b.ts`];
/** Every chunk 100 bytes. */
const small = () => 100;

describe('the first loads', () => {
  it('are every route’s and every dashboard tab’s, each with the entry’s chunks', () => {
    const manifest = manifestWith({});
    const loads = firstLoads(manifest, { orders: ORDERS_TAB });
    expect([...loads.keys()]).toEqual([
      ...Object.values(ROUTES).map((route) => route.path),
      `${ROUTES.admin.path}?tab=orders`,
    ]);
    for (const keys of loads.values()) expect(keys).toContain('_everywhere.js');
    expect(loads.get(ROUTES.portal.path)).toContain(routeKey(ROUTES.store.module));
    expect(FIRST_LOAD_CHUNKS[ROUTES.portal.path]).toEqual([routeKey(ROUTES.store.module)]);
    expect(loads.get(`${ROUTES.admin.path}?tab=orders`)).toContain(`${ORDERS_TAB}.tsx`);
  });

  it('name a tab whose module the build does not have', () => {
    expect(() =>
      firstLoads(manifestWith({}), { lost: 'src/features/admin/lost/lost-tab' }),
    ).toThrow("The lost tab's module src/features/admin/lost/lost-tab is not in the Vite manifest");
  });
});

describe('the groups', () => {
  const manifest = manifestWith({
    ...page(ROUTES.store.module, ['_grid.js', '_search.js', '_money.js']),
    ...page(ROUTES.cart.module, ['_grid.js', '_search.js', '_money.js', '_lines.js']),
    ...page(ROUTES.account.module, ['_money.js']),
    '_grid.js': { file: 'assets/grid.js' },
    '_search.js': { file: 'assets/search.js' },
    '_money.js': { file: 'assets/money.js' },
    '_lines.js': { file: 'assets/lines.js', css: ['assets/lines.css'] },
    // Loaded only later (a dialog): no first load holds it.
    '_dialog.js': { file: 'assets/dialog.js' },
  });
  const groups = chunkGroups(
    manifest,
    firstLoads(manifest, { orders: ORDERS_TAB }),
    modulesOf,
    small,
  );

  it('put the chunks held by the same first loads together, every module of them', () => {
    const grid = groups.get('/app/assets/grid.js/a.ts');
    expect(grid).toMatch(/^first-load-[0-9a-f]{12}$/);
    expect(groups.get('/app/assets/grid.js/b.ts')).toBe(grid);
    expect(groups.get('/app/assets/search.js/a.ts')).toBe(grid);
  });

  it('keep apart chunks held by other first loads', () => {
    const grid = groups.get('/app/assets/grid.js/a.ts');
    const money = groups.get('/app/assets/money.js/a.ts');
    const lines = groups.get('/app/assets/lines.js/a.ts');
    const everywhere = groups.get('/app/assets/everywhere.js/a.ts');
    expect(new Set([grid, money, lines, everywhere]).size).toBe(4);
    expect([money, lines, everywhere]).not.toContain(undefined);
  });

  it('leave out entries, the routes’ own chunks and what no first load holds', () => {
    for (const file of ['entry.js', 'store.js', 'cart.js', 'orders-tab.js', 'dialog.js']) {
      expect(groups.has(`/app/assets/${file}/a.ts`)).toBe(false);
    }
  });

  it('are the same whatever order the first loads come in', () => {
    const loads = firstLoads(manifest, { orders: ORDERS_TAB });
    const reversed = new Map([...loads].reverse());
    expect(chunkGroups(manifest, reversed, modulesOf, small)).toEqual(groups);
  });
});

describe('the parts loaded later', () => {
  // The store and the cart hold three chunks; My Account holds none of them, but its page can
  // open a dialog that needs the grid: whatever is grouped with the grid comes with it there.
  const manifest = manifestWith({
    ...page(ROUTES.store.module, ['_grid.js', '_search.js', '_money.js']),
    ...page(ROUTES.cart.module, ['_grid.js', '_search.js', '_money.js']),
    // Saved lists hold the large chunk too, so it is of another kind than the three.
    ...page(ROUTES.orderLists.module, ['_big.js']),
    ...page(ROUTES.account.module, [], ['src/dialog.tsx']),
    'src/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_grid.js'] },
    // The router imports every route's modules when it goes there.
    'index.html': {
      file: 'assets/entry.js',
      isEntry: true,
      imports: ['_everywhere.js'],
      dynamicImports: Object.values(ROUTES).flatMap((route) =>
        [...route.layouts, route.module].map(routeKey),
      ),
    },
    '_grid.js': { file: 'assets/grid.js' },
    '_search.js': { file: 'assets/search.js' },
    // Money is small, but whoever fetches it fetches the large chunk it imports.
    '_money.js': { file: 'assets/money.js', imports: ['_big.js'] },
    '_big.js': { file: 'assets/big.js' },
  });
  const sizes: Record<string, number> = {
    'assets/grid.js': 100,
    'assets/search.js': 50,
    'assets/money.js': 30,
    'assets/big.js': 1000,
  };
  const sizeOf = (file: string) => sizes[file] ?? 10;
  const loads = firstLoads(manifest, { orders: ORDERS_TAB });
  const group = (groups: Map<string, string>, file: string) =>
    groups.get(`/app/assets/${file}/a.ts`);

  it('are what a page can open later, less its first load', () => {
    const later = laterLoads(manifest, loads);
    // On the store and the cart the grid came with the page; on My Account it did not. Going to
    // another route is no such part: that route's first load holds its groups whole.
    expect(later).toEqual([new Set(['src/dialog.tsx', '_grid.js'])]);
    expect(laterLoads(manifest, loads, new Set()).length).toBeGreaterThan(1);
  });

  it('fetch at most the limit more than they need, counting what a grouped chunk imports', () => {
    const groups = chunkGroups(manifest, loads, modulesOf, sizeOf, undefined, 100);
    // The search (50 bytes) joins the grid; money (30 bytes) would bring the large chunk along.
    expect(group(groups, 'search.js')).toBe(group(groups, 'grid.js'));
    expect(group(groups, 'money.js')).not.toBe(group(groups, 'grid.js'));
    expect(group(groups, 'big.js')).not.toBe(group(groups, 'money.js'));
  });

  it('go with everything held by the same first loads when the limit allows it', () => {
    const groups = chunkGroups(manifest, loads, modulesOf, sizeOf, undefined, 2000);
    expect(new Set(['grid.js', 'search.js', 'money.js'].map((f) => group(groups, f))).size).toBe(1);
    expect(LATER_EXTRA_BYTES).toBeGreaterThan(1000);
  });
});
