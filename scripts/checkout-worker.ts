/**
 * The local stack's checkout worker: runs the sweep of stale checkouts (the `sweepStaleCheckouts`
 * function's own handler, functions/src/handlers/stale-checkouts.ts) at start and then every
 * STALE_CHECKOUT_SWEEP_INTERVAL_MS (default 15 min), against the emulators and the Stripe sandbox
 * named in the environment. In production Cloud Scheduler runs `sweepStaleCheckouts` every 15
 * minutes; the Functions emulator runs no schedules, so `npm start` starts this instead.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sweepStaleCheckoutsHandler } from '../functions/src/handlers/stale-checkouts';

const interval = Number(process.env.STALE_CHECKOUT_SWEEP_INTERVAL_MS ?? `${15 * 60 * 1000}`);
const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
process.on('SIGINT', () => stop.abort());

process.stdout.write(`checkout worker: sweeping stale checkouts every ${interval} ms\n`);
while (!stop.signal.aborted) {
  try {
    await sweepStaleCheckoutsHandler();
  } catch (error) {
    // The emulator restarting, say: try again at the next tick.
    process.stderr.write(
      `checkout worker: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  // The wait ends early when the stack stops.
  await sleep(interval, undefined, { signal: stop.signal }).catch(() => undefined);
}
process.exit(0);
