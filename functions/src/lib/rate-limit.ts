import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  CALLABLE_RATE_LIMITS,
  COLLECTIONS,
  type RateLimit,
  type RateLimitedCallable,
} from '@portal/domain';
import { RateLimitedError } from './errors';
import { log } from './log';

/**
 * Fixed-window rate limits kept in Firestore (rate_limits/{name}.{hash}): one transaction per
 * call reads the window(s) and counts the call, so concurrent calls from many instances share one
 * count. The subject (an address, an IP, a uid) is hashed: the collection holds no addresses.
 * Each document carries `expires_at` for the Firestore TTL policy that cleans up old windows
 * (firestore.indexes.json's fieldOverrides, deployed with the indexes).
 * The limits themselves: packages/domain/src/rate-limits.ts.
 */
export function rateLimitId(name: string, subject: string): string {
  const hash = createHash('sha256').update(subject).digest('hex').slice(0, 32);
  return `${name}.${hash}`;
}

/** What a callable over one of its limits answers (RESOURCE_EXHAUSTED at the edge). */
export const TOO_MANY_REQUESTS = 'Too many requests. Try again later.';

/** One window to count a call in: its name, whose calls it counts, and the limit. */
export interface RateWindow {
  name: string;
  subject: string;
  limit: RateLimit;
}

/**
 * Counts one call in every window, in one transaction. Returns the first window that is already
 * full, and then counts the call in none of them; null when the call was counted in all.
 */
export async function takeRateLimits(
  db: Firestore,
  windows: readonly RateWindow[],
  now: number = Date.now(),
): Promise<RateWindow | null> {
  const refs = windows.map((w) =>
    db.collection(COLLECTIONS.rateLimits).doc(rateLimitId(w.name, w.subject)),
  );
  if (refs.length === 0) return null;
  return db.runTransaction(async (tx) => {
    const snaps = await tx.getAll(...refs);
    const writes: Array<() => void> = [];
    for (const [i, window] of windows.entries()) {
      const { limit } = window;
      const snap = snaps[i]!;
      const ref = refs[i]!;
      const start = snap.get('window_start') as Timestamp | undefined;
      const count = snap.get('count') as number | undefined;
      const fresh = !start || typeof count !== 'number' || now - start.toMillis() >= limit.windowMs;
      if (!fresh && count >= limit.max) return window;
      writes.push(() =>
        tx.set(ref, {
          window_start: fresh ? Timestamp.fromMillis(now) : start,
          count: fresh ? 1 : count + 1,
          expires_at: Timestamp.fromMillis((fresh ? now : start.toMillis()) + limit.windowMs),
        }),
      );
    }
    for (const write of writes) write();
    return null;
  });
}

/** Counts one call; false when the window is already full (the call is not counted). */
export async function takeRateLimit(
  db: Firestore,
  name: string,
  subject: string,
  limit: RateLimit,
  now: number = Date.now(),
): Promise<boolean> {
  return (await takeRateLimits(db, [{ name, subject, limit }], now)) === null;
}

/** The windows of a rate-limited callable (CALLABLE_RATE_LIMITS) for one caller and IP. */
export function callableRateWindows(
  name: RateLimitedCallable,
  caller: { uid: string; ip: string },
): { perUser: RateWindow; perIp: RateWindow } {
  const limits = CALLABLE_RATE_LIMITS[name];
  return {
    perUser: { name: `${name}-user`, subject: caller.uid, limit: limits.perUser },
    perIp: { name: `${name}-ip`, subject: caller.ip, limit: limits.perIp },
  };
}

/**
 * The rate limits of a signed-in callable that costs money or sends mail: one call more for the
 * caller and for their IP (and in any `more` windows of the call's own, named in the log by
 * their name), or RateLimitedError (nothing counted) when any window is full.
 * Handlers call it after the caller check and parseData (bad input counts nothing) and before
 * anything that calls Stripe, sends mail or writes.
 */
export async function limitCallable(
  db: Firestore,
  name: RateLimitedCallable,
  caller: { uid: string; ip: string },
  more: readonly RateWindow[] = [],
  now: number = Date.now(),
): Promise<void> {
  const { perUser, perIp } = callableRateWindows(name, caller);
  const full = await takeRateLimits(db, [perUser, perIp, ...more], now);
  if (full) {
    log.warn('rate_limited', {
      callable: name,
      by: full === perUser ? 'user' : full === perIp ? 'ip' : full.name,
      uid: caller.uid,
    });
    throw new RateLimitedError(TOO_MANY_REQUESTS);
  }
}
