/**
 * The local stack's scheduled functions. In production Cloud Scheduler runs them; the Functions
 * emulator runs no schedules, so `npm start` and the tests' stacks start this one process
 * instead, which runs the same handlers on timers, against the emulators, MailDev and the Stripe
 * sandbox named in the environment. The sweeps to run are its arguments (scripts/lib/stack.ts
 * names them, by which services the stack has):
 *
 * - `mail`: the outbox's retries (`retryMail`, functions/src/handlers/mail-sender.ts), every
 *   MAIL_SWEEP_INTERVAL_MS (default 1 s; every minute in production). New messages are delivered
 *   by the `sendMail` Firestore trigger in both places.
 * - `stale-checkouts`: `sweepStaleCheckouts` (functions/src/handlers/stale-checkouts.ts), every
 *   STALE_CHECKOUT_SWEEP_INTERVAL_MS (default 15 min, as in production).
 * - `stock-folds`: `sweepStockFolds` (functions/src/handlers/stock-folds.ts: the shard changes
 *   the trigger left for later), every STOCK_FOLD_SWEEP_INTERVAL_MS (default 5 s; every minute in
 *   production), the first after one interval.
 * - `tax-certificates`: `sweepTaxCertificates` (functions/src/handlers/tax-certificates.ts: the
 *   owners' reminders 30 and 7 days before a resale certificate expires), every
 *   TAX_CERTIFICATE_SWEEP_INTERVAL_MS (default 1 hour; every day in production). A company's test
 *   clock moved with `npm run clock` is swept at once, by the webhook's
 *   `test_helpers.test_clock.ready`.
 *
 * One process for all of them: three processes before, each loading Node, tsx, firebase-admin
 * and the handlers (about 3.5 CPU-seconds each, on every start of a stack).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { FIRST_SWEEPS_DONE, parseSweepNames, type SweepName } from './lib/sweep-workers';

// The arguments first: a wrong one is refused before the handlers (and firebase-admin) load.
let names: SweepName[];
try {
  names = parseSweepNames(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`sweep worker: ${(error as Error).message}\n`);
  process.exit(2);
}

interface Sweep {
  what: string;
  interval: number;
  run: () => Promise<unknown>;
  /** The first run after one interval instead of at start. */
  later?: boolean;
}

const MINUTE_MS = 60 * 1000;
const interval = (name: string, fallback: number) => Number(process.env[name] ?? `${fallback}`);

/** Each sweep, with its handler loaded only when the sweep is asked for. */
const SWEEPS: Record<SweepName, () => Promise<Sweep>> = {
  mail: async () => ({
    what: 'retrying the outbox',
    interval: interval('MAIL_SWEEP_INTERVAL_MS', 1000),
    run: (await import('../functions/src/handlers/mail-sender')).retryMailHandler,
  }),
  'stale-checkouts': async () => ({
    what: 'sweeping stale checkouts',
    interval: interval('STALE_CHECKOUT_SWEEP_INTERVAL_MS', 15 * MINUTE_MS),
    run: (await import('../functions/src/handlers/stale-checkouts')).sweepStaleCheckoutsHandler,
  }),
  // The trigger folds as things happen; a sweep at start would read while the stack's first
  // requests are measured.
  'stock-folds': async () => ({
    what: 'folding stock',
    interval: interval('STOCK_FOLD_SWEEP_INTERVAL_MS', 5000),
    run: (await import('../functions/src/handlers/stock-folds')).sweepStockFoldsHandler,
    later: true,
  }),
  'tax-certificates': async () => ({
    what: 'sweeping resale certificates',
    interval: interval('TAX_CERTIFICATE_SWEEP_INTERVAL_MS', 60 * MINUTE_MS),
    run: (await import('../functions/src/handlers/tax-certificates')).sweepTaxCertificatesHandler,
  }),
};

const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
process.on('SIGINT', () => stop.abort());
/** Waits `ms`, or less when the stack stops. */
const pause = (ms: number) => sleep(ms, undefined, { signal: stop.signal }).catch(() => undefined);

/** Runs one sweep until the stack stops; resolves once its first run at start has ended. */
function every(
  name: SweepName,
  sweep: Sweep,
): { firstDone: Promise<void>; stopped: Promise<void> } {
  process.stdout.write(`sweep worker: ${sweep.what} every ${sweep.interval} ms\n`);
  let markFirstDone: () => void = () => undefined;
  const firstDone = new Promise<void>((resolve) => (markFirstDone = resolve));
  const stopped = (async () => {
    if (sweep.later) {
      markFirstDone();
      await pause(sweep.interval);
    }
    while (!stop.signal.aborted) {
      try {
        await sweep.run();
      } catch (error) {
        // The emulator restarting, say: try again at the next tick.
        process.stderr.write(
          `sweep worker: ${name}: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
      markFirstDone();
      await pause(sweep.interval);
    }
  })();
  return { firstDone, stopped };
}

const sweeps = await Promise.all(names.map((name) => SWEEPS[name]()));
const loops = names.map((name, i) => every(name, sweeps[i]!));
// What a stack that must be still before it is used waits for (startStack's quietSweeps).
void Promise.all(loops.map((loop) => loop.firstDone)).then(() =>
  process.stdout.write(`sweep worker: ${FIRST_SWEEPS_DONE}\n`),
);
await Promise.all(loops.map((loop) => loop.stopped));
process.exit(0);
