import type { FirestoreEvent, QueryDocumentSnapshot } from 'firebase-functions/v2/firestore';
import { createContext } from '../lib/context';
import type { Env } from '../lib/stripe-client';
import { resolveMailConfig } from '../mail/config';
import { deliverMail, sweepOutbox, type SenderDeps } from '../mail/outbox';
import { smtpTransport, type MailTransport } from '../mail/transport';
import { log } from '../lib/log';
import { runtimeEnv } from '../lib/params';

/**
 * The sender's entry points: the Firestore trigger on mail/{id} (delivers a new message at once),
 * the retry sweep (on a schedule in production; the local stack runs the same function in its
 * sweep worker, scripts/sweep-worker.ts).
 */
let cachedTransport: { signature: string; transport: MailTransport } | undefined;

export function senderDeps(env: Env = runtimeEnv()): SenderDeps {
  const { db } = createContext({ env });
  const config = resolveMailConfig(env);
  return {
    db,
    retryDelays: config.retryDelays,
    transport: () => {
      const signature = JSON.stringify(config);
      if (cachedTransport?.signature !== signature) {
        cachedTransport = { signature, transport: smtpTransport(config) };
      }
      return cachedTransport.transport;
    },
  };
}

export async function sendMailHandler(
  event: FirestoreEvent<QueryDocumentSnapshot | undefined, { mailId: string }>,
): Promise<void> {
  let deps: SenderDeps;
  try {
    deps = senderDeps();
  } catch (error) {
    // Not configured: the message stays PENDING and the sweep picks it up once it is.
    log.error('mail_not_configured', {
      key: event.params.mailId,
      message: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  // The message as created: its lease is taken on that version, without reading it again.
  const created = event.data;
  await deliverMail(
    deps,
    event.params.mailId,
    created?.exists && created.updateTime
      ? { data: created.data(), updateTime: created.updateTime }
      : undefined,
  );
}

export async function retryMailHandler(): Promise<void> {
  const counts = await sweepOutbox(senderDeps());
  if (counts.sent + counts.retry + counts.failed > 0) log.info('mail_sweep', counts);
}
