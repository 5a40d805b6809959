import { lazy, type ComponentType } from 'react';

/**
 * A lazy component whose chunk a route loader can start early (`preload`). Once the chunk has
 * arrived, `Component` draws it directly instead of through React.lazy: a lazy component always
 * suspends on its first render, even when its chunk is already here, and React reveals a
 * suspended part at most every 300 ms after the last fallback it showed (its "throttle"), so a
 * preloaded chunk still cost the page a third of a second on its first draw (the store's usual
 * order, which the catalog's grid waits for). Before the chunk has come it is React.lazy, inside
 * the caller's Suspense boundary as usual. A chunk that fails to load gives `fallback`, if any.
 * `isLoaded` says whether `Component` would draw the component itself now (its chunk is here), so
 * a caller can draw it in the same commit as what it waits for.
 */
export function lazyPreloaded<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  fallback?: ComponentType<Props>,
): { Component: ComponentType<Props>; preload: () => Promise<unknown>; isLoaded: () => boolean } {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;

  function preload(): Promise<{ default: ComponentType<Props> }> {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null; // A later draw tries again.
        if (fallback) return { default: fallback };
        throw error;
      },
    );
    return loading;
  }

  const Lazy = lazy(preload);
  function Component(props: Props) {
    // Never a lazy part swapped for the component later (another element type to React, which
    // would mount it again and lose its state): a part drawn through React.lazy suspends before
    // it is shown, and the caller's Suspense boundary, outside this function, draws this function
    // again once the chunk has come, which then draws the component directly
    // (lazy-preloaded.test.tsx holds that its state stays). A boundary inside would keep the lazy
    // part and swap it on a later draw, as the dashboard's tabs once did (lazy-tabs.tsx).
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload, isLoaded: () => loaded !== null };
}
