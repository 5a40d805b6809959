import './app-loading.css';

/** The loading spinner: plain HTML and CSS (no antd), shown only once loading takes 300 ms. */
export function Spinner() {
  return <span className="app-loading__spinner" aria-hidden="true" />;
}

/**
 * A page's loading state, read out as its label: the router's first-load state (its
 * HydrateFallback) and the guards' while the session or access is checked. It sits on the root
 * route, before the landing page, so it must never bring in antd or Firebase.
 */
export function AppLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/**
 * The loading state of a page drawn while the session is checked (its frame and its own loading
 * states are on screen): read out as the guard's label, not shown.
 */
export function CheckingStatus({ label }: { label: string }) {
  return (
    <span className="visually-hidden" role="status" aria-live="polite">
      {label}
    </span>
  );
}
