import { createContext } from '../lib/context';
import { sweepStaleCheckouts } from '../checkout/stale-checkouts';

/**
 * The sweep of stale checkouts (checkout/stale-checkouts.ts): on a schedule in production; the
 * local stack runs the same function in its sweep worker (scripts/sweep-worker.ts).
 */
export async function sweepStaleCheckoutsHandler(): Promise<void> {
  const ctx = createContext();
  await sweepStaleCheckouts(ctx, { now: ctx.now() });
}
