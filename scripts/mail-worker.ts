/**
 * The local stack's mail worker: runs the outbox's retry sweep (the `retryMail` function's own
 * handler, functions/src/handlers/mail-sender.ts) every MAIL_SWEEP_INTERVAL_MS (default 1 s),
 * against the emulators and MailDev named in the environment. In production Cloud Scheduler
 * runs `retryMail` every minute; the Functions emulator runs no schedules, so `npm start` and
 * the end-to-end tests start this instead. New messages are delivered by the `sendMail`
 * Firestore trigger in both places.
 */
import { retryMailHandler } from '../functions/src/handlers/mail-sender';

const interval = Number(process.env.MAIL_SWEEP_INTERVAL_MS ?? '1000');
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
process.on('SIGINT', () => (stopping = true));

process.stdout.write(`mail worker: sweeping the outbox every ${interval} ms\n`);
while (!stopping) {
  try {
    await retryMailHandler();
  } catch (error) {
    // The emulator restarting, say: try again at the next tick.
    process.stderr.write(
      `mail worker: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, interval));
}
process.exit(0);
