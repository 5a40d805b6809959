import type { DehydratedState } from '@tanstack/react-query';
import { encodeView, LAST_VIEW_KEY, type RememberedAccount } from '@/lib/last-view';

/**
 * Keeps a last view on this device as an earlier visit of `account` would have (lib/last-view.ts):
 * this build's, saved now, with these queries (`dehydrate(client).queries`, or none).
 */
export function storeLastView(
  account: RememberedAccount,
  queries: DehydratedState['queries'] = [],
): void {
  localStorage.setItem(
    LAST_VIEW_KEY,
    encodeView({ build: 'unbuilt', savedAt: Date.now(), account, queries }),
  );
}
