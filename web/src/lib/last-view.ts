import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';

/**
 * The last view kept on this device: who was signed in here (as the guards last confirmed it) and
 * what the app last read for them (the query cache, dehydrated). When that person opens the
 * portal again, their last data shows at once while Firebase Auth checks the saved session with
 * the server (about a second on a phone network); the pages then read afresh and the guards
 * decide as always, sending anyone whose session is gone to sign in (docs/architecture.md,
 * "The last view on this device").
 *
 * It holds only what the signed-in person could read anyway, on the device where their Firebase
 * session is already kept. Signing out, a session that ended, another account signing in or a
 * guard refusing forgets it. The server never sees it: prices, roles and statuses are still
 * decided by the functions and the rules.
 */

/** The person the guards last let in on this device. */
export type RememberedAccount =
  { kind: 'buyer'; uid: string; email: string } | { kind: 'manager'; uid: string; email: string };

export const LAST_VIEW_KEY = 'portal.last-view';

/** How long a last view may be shown: a buyer who orders weekly still finds theirs. */
export const LAST_VIEW_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** What one device keeps at most (localStorage holds about 5 MB per origin). */
export const LAST_VIEW_MAX_CHARS = 1_000_000;

/**
 * How soon after a read the view is written: the reads a page starts together land within a
 * few milliseconds of each other, and a person may close the tab a moment after seeing them.
 */
export const WRITE_DELAY_MS = 100;

/**
 * The build that wrote a view: data shaped by another build's parsers is never shown. Vite
 * defines it per build (vite.config.ts); tests and tools without it share one id.
 */
const BUILD_ID = typeof __WEB_BUILD_ID__ === 'string' ? __WEB_BUILD_ID__ : 'unbuilt';

/** The account whose view this tab keeps, once a guard has confirmed it. */
let confirmed: RememberedAccount | null = null;
/** Whose view this tab started with (restoreLastView), until forgotten. */
let restored: RememberedAccount | null = null;
/** When this tab restored it: data read before then came from the device. */
let restoredAt = 0;
let pendingWrite: ReturnType<typeof setTimeout> | undefined;
let watchedClient: QueryClient | null = null;

const accountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('buyer'), uid: z.string().check(z.minLength(1)), email: z.string() }),
  z.object({
    kind: z.literal('manager'),
    uid: z.string().check(z.minLength(1)),
    email: z.string(),
  }),
]);

const storedSchema = z.object({
  build: z.string(),
  savedAt: z.number(),
  account: accountSchema,
  // Written by dehydrate() below; hydrate() takes what it knows and ignores the rest.
  queries: z.array(z.unknown()),
});

type Stored = { build: string; savedAt: number; account: RememberedAccount; queries: unknown[] };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage disabled (a privacy setting): nothing is kept.
  }
}

/**
 * JSON that keeps Dates (the entities parse Firestore timestamps into Dates) and refuses any other
 * object that is not plain data (a Firestore cursor, a class instance): such a query is not kept.
 */
const DATE_TAG = '$date';

class NotPlainData extends Error {}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function encodeView(value: unknown): string {
  return JSON.stringify(value, function replacer(this: Record<string, unknown>, key, encoded) {
    const raw = this[key];
    if (raw instanceof Date) return { [DATE_TAG]: raw.getTime() };
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !isPlainObject(raw)) {
      throw new NotPlainData(key);
    }
    if (typeof raw === 'function' || typeof raw === 'symbol' || typeof raw === 'bigint') {
      throw new NotPlainData(key);
    }
    return encoded as unknown;
  });
}

export function decodeView(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const time = (value as Record<string, unknown>)[DATE_TAG];
      if (keys.length === 1 && typeof time === 'number') return new Date(time);
    }
    return value;
  });
}

/**
 * The view kept on this device, when it is this build's, readable and recent enough (`text`:
 * what the device keeps, read by the caller).
 */
function readStored(text: string | null | undefined, now: number): Stored | null {
  if (!text) return null;
  let parsed: z.infer<typeof storedSchema>;
  try {
    const result = storedSchema.safeParse(decodeView(text));
    if (!result.success) return null;
    parsed = result.data;
  } catch {
    return null;
  }
  if (
    parsed.build !== BUILD_ID ||
    now - parsed.savedAt > LAST_VIEW_MAX_AGE_MS ||
    parsed.savedAt > now
  ) {
    return null;
  }
  return parsed;
}

/** Forgets the last view (sign-out, a session that ended, another account, a refusal). */
export function forgetLastView(): void {
  confirmed = null;
  restored = null;
  restoredAt = 0;
  clearTimeout(pendingWrite);
  pendingWrite = undefined;
  try {
    storage()?.removeItem(LAST_VIEW_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Puts the device's last view into the client, before anything renders, and returns whose it
 * is (null when there is none to show). The queries keep the time they were read, so every page
 * reads afresh on mount.
 */
export function restoreLastView(client: QueryClient, now = Date.now()): RememberedAccount | null {
  const text = storage()?.getItem(LAST_VIEW_KEY);
  const stored = readStored(text, now);
  if (!stored) {
    // Another build's or an old view: not shown, and not kept either.
    if (text) forgetLastView();
    return null;
  }
  try {
    hydrate(client, { mutations: [], queries: stored.queries } as DehydratedState);
    // Shown, never trusted as fresh: every page that mounts reads its data again.
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    forgetLastView();
    return null;
  }
  restored = stored.account;
  restoredAt = now;
  return restored;
}

/** Whose last view this tab started with, while it still stands (null once forgotten). */
export function restoredAccount(): RememberedAccount | null {
  return restored;
}

/**
 * Whether a query's data is the device's (restored, not read since): the guards decide on what
 * the server answers, never on this.
 */
export function isFromDevice(dataUpdatedAt: number): boolean {
  return restored !== null && dataUpdatedAt > 0 && dataUpdatedAt <= restoredAt;
}

/** The account uid of a stored view's text: null for none, '' for one that cannot be read. */
function keptUidIn(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const parsed = storedSchema.safeParse(decodeView(text));
    return parsed.success ? parsed.data.account.uid : '';
  } catch {
    return '';
  }
}

/** The uid whose view this device keeps: the one confirmed here, restored here or stored. */
function keptUid(): string | null {
  return confirmed?.uid ?? restored?.uid ?? keptUidIn(storage()?.getItem(LAST_VIEW_KEY));
}

/**
 * Firebase Auth's user changed (session.ts): a view is never another account's to see, and goes
 * with a session that is gone. Called with the signed-in uid, or null for none.
 */
export function noteAuthAccount(uid: string | null): void {
  const kept = keptUid();
  if (kept === null) return;
  if (uid === null || kept !== uid) forgetLastView();
}

/**
 * A guard let this account in: from now on its reads are kept on the device (a different account
 * than the one restored replaces it).
 */
export function confirmAccount(account: RememberedAccount): void {
  if (restored && restored.uid !== account.uid) restored = null;
  const same =
    confirmed?.uid === account.uid &&
    confirmed.kind === account.kind &&
    confirmed.email === account.email;
  confirmed = account;
  if (!same) scheduleWrite(0);
}

function scheduleWrite(delay = WRITE_DELAY_MS): void {
  if (!confirmed || !watchedClient) return;
  clearTimeout(pendingWrite);
  pendingWrite = setTimeout(writeNow, delay);
}

/**
 * The successful queries that are plain data and were read within the age limit (a restored
 * query never read again does not stay on the device for ever), each encoded once; the largest
 * are left out when over the size limit.
 */
function keptQueries(client: QueryClient, now: number): string[] {
  const candidates = dehydrate(client).queries.flatMap((query) => {
    if (now - query.state.dataUpdatedAt > LAST_VIEW_MAX_AGE_MS) return [];
    try {
      return [encodeView(query)];
    } catch (error) {
      if (error instanceof NotPlainData) return [];
      throw error;
    }
  });
  candidates.sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  let total = 0;
  for (const text of candidates) {
    if (total + text.length > LAST_VIEW_MAX_CHARS) break;
    kept.push(text);
    total += text.length;
  }
  return kept;
}

function writeNow(): void {
  pendingWrite = undefined;
  const account = confirmed;
  const client = watchedClient;
  const store = storage();
  if (!account || !client || !store) return;
  const now = Date.now();
  const envelope: Stored = { build: BUILD_ID, savedAt: now, account, queries: [] };
  // The envelope with the queries, already encoded, put in its empty list.
  const text = encodeView(envelope).replace(
    /"queries":\[\]}$/,
    `"queries":[${keptQueries(client, now).join(',')}]}`,
  );
  try {
    store.setItem(LAST_VIEW_KEY, text);
  } catch {
    // Full or refused: keep nothing rather than half a view.
    forgetLastView();
  }
}

/**
 * Keeps the client's reads on the device for the confirmed account: after each burst of reads,
 * and at once when the page is hidden or left (a phone switching apps may never come back to
 * finish a timer).
 */
export function keepLastView(client: QueryClient): () => void {
  watchedClient = client;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') scheduleWrite();
  });
  const flush = () => {
    if (pendingWrite === undefined) return;
    clearTimeout(pendingWrite);
    writeNow();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  // Another tab of this browser forgot the view (Logout there) or keeps another account's:
  // this tab stops keeping its own, so it cannot write a signed-out account's view back.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LAST_VIEW_KEY && event.key !== null) return;
    const mine = confirmed?.uid ?? restored?.uid;
    if (!mine) return;
    if (keptUidIn(event.newValue) !== mine) {
      confirmed = null;
      restored = null;
      clearTimeout(pendingWrite);
      pendingWrite = undefined;
    }
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    window.addEventListener('storage', onStorage);
  }
  return () => {
    unsubscribe();
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('storage', onStorage);
    }
    if (watchedClient === client) watchedClient = null;
  };
}

/** Back to a fresh tab's state (tests). */
export function resetLastViewState(): void {
  clearTimeout(pendingWrite);
  pendingWrite = undefined;
  confirmed = null;
  restored = null;
  restoredAt = 0;
  watchedClient = null;
}
