import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from '@/components/app-loading';

/**
 * Each dashboard tab is its own chunk, fetched when the tab is first opened: the dashboard's
 * first load carries the header, the totals and the tab the manager is on, not the tables,
 * forms and charts of the others. No tab draws antd (their dialogs and the Overview's custom
 * dates bring it, with its theme, when opened). /admin's document preloads the chunks of the tab
 * in the URL (web/build/admin-tab-chunks.ts), and the dashboard's route loader fetches the tab and
 * waits for it (`preloadTabForFirstPaint`), so the dashboard paints once with its tab.
 */
type TabModule = { default: ComponentType };

const loaders = {
  overview: () => import('../overview/overview-panel').then((m) => ({ default: m.OverviewPanel })),
  orders: () => import('../orders/orders-tab'),
  claims: () => import('../claims/claims-panel').then((m) => ({ default: m.ClaimsPanel })),
  receivables: () =>
    import('../receivables/receivables-panel').then((m) => ({ default: m.ReceivablesPanel })),
  tax: () => import('../tax-report/tax-report-panel').then((m) => ({ default: m.TaxReportPanel })),
  certificates: () =>
    import('../certificates/certificates-panel').then((m) => ({ default: m.CertificatesPanel })),
  'standing-orders': () =>
    import('../standing-orders/standing-orders-panel').then((m) => ({
      default: m.StandingOrdersPanel,
    })),
  companies: () =>
    import('../companies/companies-table').then((m) => ({ default: m.CompaniesTable })),
  catalog: () => import('../catalog/catalog-panel').then((m) => ({ default: m.CatalogPanel })),
  'price-lists': () =>
    import('../price-lists/price-lists-panel').then((m) => ({ default: m.PriceListsPanel })),
  tutorials: () =>
    import('../tutorials/tutorials-panel').then((m) => ({ default: m.TutorialsPanel })),
  site: () => import('../site/site-panel').then((m) => ({ default: m.SitePanel })),
} satisfies Record<string, () => Promise<TabModule>>;

export type TabKey = keyof typeof loaders;
const TAB_KEYS = Object.keys(loaders) as TabKey[];

/**
 * The tab the dashboard opens when the URL names none (its URL is then plain /admin). The build
 * reads it from this file (web/build/admin-tab-chunks.ts): /admin's document preloads its chunks.
 */
export const DEFAULT_TAB: TabKey = 'orders';

/** Tabs that had another name: links in older mails and bookmarks still open them. */
const RENAMED_TABS: Readonly<Record<string, TabKey>> = { users: 'companies' };

/** The tab named by ?tab=, the default tab when it names none. */
export function tabFromParam(value: string | null): TabKey {
  const named = value !== null && Object.hasOwn(RENAMED_TABS, value) ? RENAMED_TABS[value] : value;
  return TAB_KEYS.find((key) => key === named) ?? DEFAULT_TAB;
}

/** Each tab's chunk, fetched once; the component once it has come. */
const fetching = new Map<TabKey, Promise<TabModule>>();
const loaded: Partial<Record<TabKey, ComponentType>> = {};

function loadTab(key: TabKey): Promise<TabModule> {
  let promise = fetching.get(key);
  if (!promise) {
    promise = loaders[key]().then((module) => {
      loaded[key] = module.default;
      return module;
    });
    // A chunk that fails to load is the tab's error when it renders (React.lazy keeps it).
    fetching.set(key, promise);
  }
  return promise;
}

const components = Object.fromEntries(
  TAB_KEYS.map((key) => [key, lazy(() => loadTab(key))]),
) as Record<TabKey, LazyExoticComponent<ComponentType>>;

/**
 * Fetches a tab's chunk: the dashboard's route loader waits for the tab in the URL, so the
 * dashboard's first paint has the tab in it (no loading state in its place, no second paint).
 * Never rejects: a chunk that cannot be fetched is the tab's own error when it renders.
 */
export function preloadTab(key: TabKey): Promise<void> {
  return loadTab(key).then(
    () => undefined,
    () => undefined,
  );
}

/** How long the dashboard's first paint waits for its tab's chunk at most (a stalled network). */
export const TAB_WAIT_MS = 3000;

/** preloadTab, but given up on (not cancelled) after TAB_WAIT_MS: the tab then shows loading. */
export function preloadTabForFirstPaint(key: TabKey): Promise<void> {
  return Promise.race([
    preloadTab(key),
    new Promise<void>((resolve) => setTimeout(resolve, TAB_WAIT_MS)),
  ]);
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
  return <TabContent key={tab} tab={tab} />;
}

function TabContent({ tab }: { tab: TabKey }) {
  // A tab whose chunk has come renders at once; React.lazy would wait a tick behind a fallback.
  // Chosen once for as long as the tab stays open: a tab first drawn through React.lazy (its chunk
  // came while it showed loading) stays drawn through it. Drawing the component itself on a later
  // render is another element type to React, which would then mount the tab again and lose what
  // it held: an open product form, a search, a page.
  const [Tab] = useState(() => loaded[tab] ?? components[tab]);
  return (
    <Suspense fallback={<TabLoading />}>
      <Tab />
    </Suspense>
  );
}
