/**
 * The local stack's mail worker: runs the outbox's retry sweep (the `retryMail` function's own
 * handler, functions/src/handlers/mail-sender.ts) every MAIL_SWEEP_INTERVAL_MS (default 1 s),
 * against the emulators and MailDev named in the environment. In production Cloud Scheduler
 * runs `retryMail` every minute; the Functions emulator runs no schedules, so `npm start` and
 * the end-to-end tests start this instead. New messages are delivered by the `sendMail`
 * Firestore trigger in both places.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { retryMailHandler } from '../functions/src/handlers/mail-sender';
import { FIRST_SWEEP_DONE } from './lib/sweep-workers';

const interval = Number(process.env.MAIL_SWEEP_INTERVAL_MS ?? '1000');
const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
process.on('SIGINT', () => stop.abort());

process.stdout.write(`mail worker: sweeping the outbox every ${interval} ms\n`);
let first = true;
while (!stop.signal.aborted) {
  try {
    await retryMailHandler();
  } catch (error) {
    // The emulator restarting, say: try again at the next tick.
    process.stderr.write(
      `mail worker: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  // What a stack that must be still before it is used waits for (startStack's quietSweeps).
  if (first) process.stdout.write(`mail worker: ${FIRST_SWEEP_DONE}\n`);
  first = false;
  // The wait ends early when the stack stops.
  await sleep(interval, undefined, { signal: stop.signal }).catch(() => undefined);
}
process.exit(0);
