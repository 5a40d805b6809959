// @vitest-environment node
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  defaultTab,
  manifestKey,
  TAB_LOADERS_FILE,
  tabExtraFiles,
  tabModules,
  tabPreloadFile,
  tabPreloadScript,
  tabsExtraFiles,
} from './admin-tab-chunks';
import { ROUTES } from '@portal/domain';
import { FIRST_LOAD_CHUNKS, type Manifest } from './route-chunks';

const loadersSource = readFileSync(new URL(`../${TAB_LOADERS_FILE}`, import.meta.url), 'utf8');

describe('the tabs’ loaders', () => {
  it('give each tab the module it imports, a quoted key or a .then() alike', () => {
    const source = `const loaders = {
  overview: () =>
    import('../overview/overview-panel').then((m) => ({ default: m.OverviewPanel })),
  orders: () => import('../orders/orders-tab'),
  'standing-orders': () => import("../standing-orders/standing-orders-panel"),
};
export const DEFAULT_TAB: TabKey = 'orders';`;
    expect(tabModules(source, 'src/features/admin/dashboard')).toEqual({
      overview: 'src/features/admin/overview/overview-panel',
      orders: 'src/features/admin/orders/orders-tab',
      'standing-orders': 'src/features/admin/standing-orders/standing-orders-panel',
    });
    expect(defaultTab(source)).toBe('orders');
    expect(tabModules('export function Tabs() {}', 'x')).toEqual({});
    expect(() => defaultTab('const tabs = {}')).toThrow('names no DEFAULT_TAB');
  });

  it('are read from the dashboard’s own file, whose default tab is one of them', () => {
    const modules = tabModules(loadersSource, 'src/features/admin/dashboard');
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(modules)).toContain(defaultTab(loadersSource));
    // /admin's first load (the size report's) is the dashboard with its default tab.
    expect(FIRST_LOAD_CHUNKS[ROUTES.admin.path]).toEqual([
      `${modules[defaultTab(loadersSource)]}.tsx`,
    ]);
  });
});

const manifest: Manifest = {
  'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_table.js': { file: 'assets/table.js', imports: ['_react.js'], css: ['assets/table.css'] },
  'src/app/routes/admin.tsx': {
    file: 'assets/admin.js',
    imports: ['_react.js'],
    css: ['assets/admin.css'],
  },
  'src/tabs/users.tsx': {
    file: 'assets/users.js',
    imports: ['_table.js', '_react.js'],
    css: ['assets/admin.css', 'assets/users.css'],
  },
  'src/tabs/orders.tsx': { file: 'assets/orders.js', imports: ['_table.js'] },
};
const routeKeys = ['index.html', 'src/app/routes/admin.tsx'];

describe('a tab’s extra files', () => {
  it('are its chunks and CSS that the dashboard route does not already load', () => {
    expect(manifestKey(manifest, 'src/tabs/users')).toBe('src/tabs/users.tsx');
    expect(manifestKey(manifest, 'src/tabs/none')).toBeUndefined();
    const files = tabExtraFiles(manifest, routeKeys, 'src/tabs/users.tsx');
    expect(files.js.sort()).toEqual(['assets/table.js', 'assets/users.js']);
    expect(files.css.sort()).toEqual(['assets/table.css', 'assets/users.css']);
    expect(
      tabExtraFiles(manifest, ['index.html', 'src/tabs/users.tsx'], 'src/tabs/users.tsx'),
    ).toEqual({ js: [], css: [] });
  });

  it('are refused for a tab whose module the build does not have', () => {
    expect(() =>
      tabsExtraFiles(manifest, routeKeys, { users: 'src/tabs/users', catalog: 'src/tabs/catalog' }),
    ).toThrow("The catalog tab's module src/tabs/catalog is not in the Vite manifest");
  });
});

/** Runs the preload script for a URL query; the links it adds, as rel href (as). */
function runScript(script: string, search: string): string[] {
  const added: string[] = [];
  const document = {
    createElement: () => ({ rel: '', as: '', href: '', crossOrigin: null as string | null }),
    head: {
      appendChild: (link: { rel: string; as: string; href: string; crossOrigin: string | null }) =>
        added.push(
          `${link.rel} ${link.href}${link.as ? ` (${link.as})` : ''}${link.crossOrigin === '' ? ' crossorigin' : ''}`,
        ),
    },
  };
  runInNewContext(script, { document, location: { search }, URLSearchParams });
  return added;
}

describe('the tab preload script', () => {
  const tabs = tabsExtraFiles(manifest, routeKeys, {
    users: 'src/tabs/users',
    orders: 'src/tabs/orders',
  });
  const script = tabPreloadScript(tabs, 'orders');

  it('preloads the chunks and CSS of the tab in the URL', () => {
    expect(runScript(script, '?tab=users').sort()).toEqual([
      'modulepreload /assets/table.js crossorigin',
      'modulepreload /assets/users.js crossorigin',
      'preload /assets/table.css (style) crossorigin',
      'preload /assets/users.css (style) crossorigin',
    ]);
  });

  it('preloads the default tab when the URL names none or no tab it knows', () => {
    const orders = [
      'modulepreload /assets/orders.js crossorigin',
      'modulepreload /assets/table.js crossorigin',
      'preload /assets/table.css (style) crossorigin',
    ];
    expect(runScript(script, '').sort()).toEqual(orders);
    expect(runScript(script, '?tab=nope').sort()).toEqual(orders);
    expect(runScript(script, '?tab=__proto__').sort()).toEqual(orders);
    expect(runScript(script, '?tab=toString').sort()).toEqual(orders);
  });

  it('is refused without the default tab, and named by its content', () => {
    expect(() => tabPreloadScript(tabs, 'overview')).toThrow(
      'No chunks for the default tab overview',
    );
    expect(tabPreloadFile(script)).toMatch(/^assets\/admin-tab-preload-[\w-]{8}\.js$/);
    expect(tabPreloadFile(script)).not.toBe(tabPreloadFile(tabPreloadScript(tabs, 'users')));
  });
});
