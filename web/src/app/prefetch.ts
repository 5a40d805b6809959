import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import { resolveAccess, type BuyerRole, type CompanyRole } from '@portal/domain';
import { auth } from '@/lib/firebase';
import { readClaims } from '@/lib/session';
import { appQueryClient } from './app-query-client';

/**
 * A read a page starts before it renders: the same query options (key and function) its hooks
 * use, so the hook finds the read in flight or done.
 */
export type PageRead = {
  queryKey: QueryKey;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's reads have their own data types
  queryFn?: any;
  /**
   * Runs with the read's data as soon as it has come (or at once when the cache held it), before
   * the page renders it: to ask for what the page will need next (the store's first pictures).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the read's own data type
  whenRead?: (data: any) => void;
};

/** Who the session's ID token says is signed in, when the reads are chosen. */
export type SignedIn =
  | { kind: 'buyer'; uid: string; role: BuyerRole; companyId: string; companyRole: CompanyRole }
  | { kind: 'manager'; uid: string };

export type PageReads = (
  who: SignedIn,
  args: LoaderFunctionArgs,
  client: QueryClient,
) => readonly PageRead[];

/**
 * A route loader that starts a signed-in page's Firestore reads as soon as Firebase Auth has
 * restored the session, alongside the guard's own checks instead of after them. Without it a
 * buyer's store waited for Auth, then the guard's profile read, and only then asked for the
 * catalog: one round trip more before the first product image.
 *
 * It waits for nothing and decides nothing: it returns at once, the guard still decides who sees
 * the page, and the rules check the same claims on every read. It reads only when the cached ID
 * token already says an approved buyer (or a manager, for `manager` reads), and only what the
 * cache does not hold yet (a page opened from another page finds its data as before) or holds
 * from the device's last view (restored, marked for reading again: read at once). A read
 * runs with the client's retries; a page's hook that mounts while it is under way shares it, and
 * a hook that mounts after it failed reads again.
 *
 * `preload` starts downloading code the reads or the page need (a lazy chunk) at once, while
 * Auth checks the session, so that a read does not wait for its own code after the check.
 */
export function prefetchLoader(
  reads: PageReads,
  {
    client = appQueryClient,
    preload = [],
  }: { client?: QueryClient; preload?: readonly (() => void)[] } = {},
) {
  return (args: LoaderFunctionArgs): null => {
    for (const start of preload) start();
    void startReads(reads, args, client);
    return null;
  };
}

/** The signed-in account as its cached ID token says (no network unless the token expired). */
async function signedIn(): Promise<SignedIn | null> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return null;
  const access = resolveAccess(await readClaims(user));
  if (access.kind === 'buyer') {
    return {
      kind: 'buyer',
      uid: user.uid,
      role: access.role,
      companyId: access.companyId,
      companyRole: access.companyRole,
    };
  }
  if (access.kind === 'manager') return { kind: 'manager', uid: user.uid };
  return null;
}

async function startReads(reads: PageReads, args: LoaderFunctionArgs, client: QueryClient) {
  let who: SignedIn | null;
  try {
    who = await signedIn();
  } catch {
    return; // Offline or a broken session: the guard shows it.
  }
  if (!who) return;
  await Promise.all(
    reads(who, args, client).map(({ whenRead, ...read }) =>
      // The client's retries (a hook that joins the read shares them). Data restored from the
      // device's last view (invalidated when restored) is shown as it is and read afresh at once.
      client
        .ensureQueryData({
          ...read,
          revalidateIfStale: client.getQueryState(read.queryKey)?.isInvalidated === true,
        })
        .then((data) => whenRead?.(data))
        // A failed read is the page's hook's to meet (it reads again as it renders); what
        // whenRead asks for is a head start, never the page's data: neither is the loader's.
        .catch(() => undefined),
    ),
  );
}

/** Reads only for an approved buyer: the reads of a portal page. */
export function buyerReads(
  reads: (
    buyer: Extract<SignedIn, { kind: 'buyer' }>,
    args: LoaderFunctionArgs,
    client: QueryClient,
  ) => readonly PageRead[],
): PageReads {
  return (who, args, client) => (who.kind === 'buyer' ? reads(who, args, client) : []);
}

/** Reads only for a manager: the reads of a manager page. */
export function managerReads(
  reads: (args: LoaderFunctionArgs, client: QueryClient) => readonly PageRead[],
): PageReads {
  return (who, args, client) => (who.kind === 'manager' ? reads(args, client) : []);
}

/**
 * A loader that only starts reads runs again when the path changes (another product, another
 * order), not for a change of the search alone (a search typed into the store's URL, a tab of
 * the dashboard): the page's hooks keep its data fresh.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;
