import * as deployed from '../../src/index';

/**
 * The callables src/index.ts deploys (an onCall export has a callableTrigger), by name: the
 * tables that must cover every callable (bad input, rate limits, App Check) compare with this.
 */
export function deployedCallables(): Array<[name: string, fn: unknown]> {
  return Object.entries(deployed)
    .filter(([, fn]) => {
      const endpoint = (fn as { __endpoint?: { callableTrigger?: unknown } } | undefined)
        ?.__endpoint;
      return endpoint?.callableTrigger !== undefined;
    })
    .sort(([a], [b]) => a.localeCompare(b));
}

export function deployedCallableNames(): string[] {
  return deployedCallables().map(([name]) => name);
}
