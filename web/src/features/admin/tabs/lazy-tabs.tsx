import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from '@/components/app-loading';
import { withAntdTheme } from '../components/with-antd-theme';

/**
 * Each dashboard tab is its own chunk, fetched when the tab is first opened: the dashboard's
 * first load carries the header, the totals and the tab the manager is on, not the tables,
 * forms, date pickers and trees of the other five. A tab drawn with antd brings its theme in its
 * chunk (withAntdTheme): only the Overview does now; the others draw none (their dialogs bring
 * antd when opened). Orders, the default tab, is fetched together while the manager's access is
 * checked (`preloadTab`), so it is not fetched only after that.
 */
type TabModule = { default: ComponentType };

const loaders = {
  overview: withAntdTheme(() => import('../overview/overview-panel').then((m) => m.OverviewPanel)),
  orders: () => import('./orders-tab'),
  'standing-orders': () =>
    import('../components/standing-orders-panel').then((m) => ({
      default: m.StandingOrdersPanel,
    })),
  users: () =>
    import('../components/user-management-table').then((m) => ({
      default: m.UserManagementTable,
    })),
  catalog: () => import('../components/catalog-panel').then((m) => ({ default: m.CatalogPanel })),
  tutorials: () =>
    import('../components/tutorials-panel').then((m) => ({ default: m.TutorialsPanel })),
} satisfies Record<string, () => Promise<TabModule>>;

export type TabKey = keyof typeof loaders;
const TAB_KEYS = Object.keys(loaders) as TabKey[];

/** The tab named by ?tab=, Orders when it names none. */
export function tabFromParam(value: string | null): TabKey {
  return TAB_KEYS.find((key) => key === value) ?? 'orders';
}

const components = Object.fromEntries(TAB_KEYS.map((key) => [key, lazy(loaders[key])])) as Record<
  TabKey,
  LazyExoticComponent<ComponentType>
>;

/** Starts fetching a tab's chunk (the dashboard page does it for the tab in the URL at once). */
export function preloadTab(key: TabKey): void {
  void loaders[key]();
}

function TabLoading() {
  return (
    <div className="admin-tab-loading" role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">Loading tab</span>
    </div>
  );
}

/** The tab's content, with a small loading state while its chunk arrives. */
export function LazyTab({ tab }: { tab: TabKey }) {
  const Tab = components[tab];
  return (
    <Suspense fallback={<TabLoading />}>
      <Tab />
    </Suspense>
  );
}
