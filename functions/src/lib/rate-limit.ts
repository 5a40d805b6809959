import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, type RateLimit } from '@portal/domain';

/**
 * Fixed-window rate limits kept in Firestore (rate_limits/{name}.{hash}): one transaction per
 * call reads the window and counts the call, so concurrent calls from many instances share one
 * count. The subject (an address, an IP, a uid) is hashed: the collection holds no addresses.
 * Each document carries `expires_at` for a Firestore TTL policy to clean up old windows.
 */
export function rateLimitId(name: string, subject: string): string {
  const hash = createHash('sha256').update(subject).digest('hex').slice(0, 32);
  return `${name}.${hash}`;
}

/** Counts one call; false when the window is already full (the call is not counted). */
export async function takeRateLimit(
  db: Firestore,
  name: string,
  subject: string,
  limit: RateLimit,
  now: number = Date.now(),
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.rateLimits).doc(rateLimitId(name, subject));
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const start = snap.get('window_start') as Timestamp | undefined;
    const count = snap.get('count') as number | undefined;
    const fresh = !start || typeof count !== 'number' || now - start.toMillis() >= limit.windowMs;
    if (!fresh && count >= limit.max) return false;
    tx.set(ref, {
      window_start: fresh ? Timestamp.fromMillis(now) : start,
      count: fresh ? 1 : count + 1,
      expires_at: Timestamp.fromMillis((fresh ? now : start.toMillis()) + limit.windowMs),
    });
    return true;
  });
}
