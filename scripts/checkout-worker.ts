/**
 * The local stack's checkout worker, two sweeps against the emulators and the Stripe sandbox
 * named in the environment (the Functions emulator runs no schedules, so `npm start` starts this
 * instead):
 * - stale checkouts (the `sweepStaleCheckouts` function's own handler,
 *   functions/src/handlers/stale-checkouts.ts) at start and then every
 *   STALE_CHECKOUT_SWEEP_INTERVAL_MS (default 15 min, as Cloud Scheduler runs it in production);
 * - stock folds (`sweepStockFolds`, functions/src/handlers/stock-folds.ts: the shard changes the
 *   trigger left for later) every STOCK_FOLD_SWEEP_INTERVAL_MS (default 5 s; every minute in
 *   production).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sweepStaleCheckoutsHandler } from '../functions/src/handlers/stale-checkouts';
import { sweepStockFoldsHandler } from '../functions/src/handlers/stock-folds';
import { FIRST_SWEEP_DONE } from './lib/sweep-workers';

const staleInterval = Number(process.env.STALE_CHECKOUT_SWEEP_INTERVAL_MS ?? `${15 * 60 * 1000}`);
const foldInterval = Number(process.env.STOCK_FOLD_SWEEP_INTERVAL_MS ?? '5000');
const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
process.on('SIGINT', () => stop.abort());

/**
 * Runs `sweep` every `interval` ms until the stack stops: the first at once, or after the first
 * interval when `later` (the stock folds: the trigger folds as things happen, and a sweep at start
 * would read while the stack's first requests are measured).
 */
async function every(name: string, interval: number, sweep: () => Promise<unknown>, later = false) {
  process.stdout.write(`checkout worker: ${name} every ${interval} ms\n`);
  if (later) await sleep(interval, undefined, { signal: stop.signal }).catch(() => undefined);
  let first = !later;
  while (!stop.signal.aborted) {
    try {
      await sweep();
    } catch (error) {
      // The emulator restarting, say: try again at the next tick.
      process.stderr.write(
        `checkout worker: ${name}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
    // What a stack that must be still before it is used waits for (startStack's quietSweeps).
    if (first) process.stdout.write(`checkout worker: ${name}: ${FIRST_SWEEP_DONE}\n`);
    first = false;
    // The wait ends early when the stack stops.
    await sleep(interval, undefined, { signal: stop.signal }).catch(() => undefined);
  }
}

await Promise.all([
  every('sweeping stale checkouts', staleInterval, sweepStaleCheckoutsHandler),
  every('folding stock', foldInterval, sweepStockFoldsHandler, true),
]);
process.exit(0);
