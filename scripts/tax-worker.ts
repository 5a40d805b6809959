/**
 * The local stack's tax worker: runs the sweep of resale certificates (the
 * `sweepTaxCertificates` function's own handler, functions/src/handlers/tax-certificates.ts: the
 * owners' reminders 30 and 7 days before a certificate expires, each company on its own day) at
 * start and then every TAX_CERTIFICATE_SWEEP_INTERVAL_MS (default 1 hour), against the emulators
 * and the Stripe sandbox named in the environment. In production Cloud Scheduler runs
 * `sweepTaxCertificates` every day; the Functions emulator runs no schedules, so `npm start`
 * starts this instead. (A company's test clock moved with `npm run clock` is swept at once, by
 * the webhook's `test_helpers.test_clock.ready`.)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sweepTaxCertificatesHandler } from '../functions/src/handlers/tax-certificates';
import { FIRST_SWEEP_DONE } from './lib/sweep-workers';

const interval = Number(process.env.TAX_CERTIFICATE_SWEEP_INTERVAL_MS ?? `${60 * 60 * 1000}`);
const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
process.on('SIGINT', () => stop.abort());

process.stdout.write(`tax worker: sweeping resale certificates every ${interval} ms\n`);
let first = true;
while (!stop.signal.aborted) {
  try {
    await sweepTaxCertificatesHandler();
  } catch (error) {
    // The emulator restarting, say: try again at the next tick.
    process.stderr.write(`tax worker: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  // What a stack that must be still before it is used waits for (startStack's quietSweeps).
  if (first) process.stdout.write(`tax worker: ${FIRST_SWEEP_DONE}\n`);
  first = false;
  // The wait ends early when the stack stops.
  await sleep(interval, undefined, { signal: stop.signal }).catch(() => undefined);
}
process.exit(0);
