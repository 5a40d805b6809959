import './app-loading.css';

/**
 * What the router shows while the first page's lazy modules load (its HydrateFallback): a plain
 * HTML and CSS spinner, read out as 'Loading'. It sits on the root route, before the landing
 * page, so it must never bring in antd or Firebase (PageLoader is the antd one for the pages).
 */
export function AppLoading() {
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
