import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

/**
 * The running app's one query client: the UI shell provides it to the pages, and the route
 * loaders (./prefetch.ts) start a page's reads in it before the page renders. Tests make their
 * own clients (AppProviders without one makes a fresh client).
 */
export const appQueryClient = createQueryClient();

/**
 * Follows the signed-in account (uid, or null on sign-out) for a query client. The app's client
 * outlives the pages (it is not made anew when the UI shell mounts), so when a different account
 * signs in on this tab, everything cached for the one before is dropped first. Signing out alone
 * drops nothing here: the pages still on screen would read again without a user (Logout leaves the
 * portal, then clears).
 */
export function accountWatcher(client: QueryClient): (uid: string | null) => void {
  let lastAccount: string | null = null;
  return (uid) => {
    if (uid === null) return;
    if (lastAccount !== null && lastAccount !== uid) client.clear();
    lastAccount = uid;
  };
}

/** The app client's watcher: the Firebase layout calls it whenever Firebase Auth's user changes. */
export const noteSignedInAccount = accountWatcher(appQueryClient);
