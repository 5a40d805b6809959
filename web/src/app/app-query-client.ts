import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepLastView, restoreLastView } from '@/lib/last-view';
import { createQueryClient } from '@/lib/query-client';

/**
 * The running app's one query client: the UI shell provides it to the pages, and the route
 * loaders (./prefetch.ts) start a page's reads in it before the page renders. Tests make their
 * own clients (AppProviders without one makes a fresh client).
 *
 * A read or write the server refuses as not allowed reads the signed-in person's profile again:
 * the guards decide on it, so a member removed from their company (or an account rejected) while
 * a page was open is told so on their next action instead of seeing errors.
 */
export const appQueryClient = createQueryClient({ onAccessRefused: recheckAccess });

/**
 * The profiles' query key (profileKeys.all() in entities/profile, kept out of this module so the
 * public pages' first load does not bring the Firestore SDK; a test holds the two equal).
 */
export const PROFILE_QUERIES = ['profile'] as const;

export function recheckAccess(client: QueryClient, queryKey: QueryKey | undefined): void {
  // The profile's own read refused: the guard shows that already.
  if (queryKey?.[0] === PROFILE_QUERIES[0]) return;
  void client.invalidateQueries({ queryKey: PROFILE_QUERIES });
}

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

// A returning person's last view on this device (lib/last-view.ts) is in the client before the
// first page renders; it belongs to that account, so another account signing in drops it. Their
// reads are kept again once a guard confirms them.
const restored = restoreLastView(appQueryClient);
if (restored) noteSignedInAccount(restored.uid);
keepLastView(appQueryClient);

let pendingClear: ReturnType<typeof setTimeout> | undefined;

/**
 * The app's client for the UI shell, dropped when the shell goes away (to a sign-in page, say), as
 * a client made anew on each mount was: an account that signs out there and back in (the same
 * account, approved meanwhile) reads its profile afresh instead of seeing the cached "pending" one.
 * The clear waits a task and a mount cancels it, so React's StrictMode (unmount and mount again
 * at once, in development) keeps what the route loaders started.
 */
export function useAppQueryClient(client = appQueryClient): QueryClient {
  useEffect(() => {
    clearTimeout(pendingClear);
    return () => {
      pendingClear = setTimeout(() => client.clear(), 0);
    };
  }, [client]);
  return client;
}
