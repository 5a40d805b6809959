import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { resolveMailConfig } from '../../src/mail/config';
import type { SenderDeps } from '../../src/mail/outbox';
import { smtpTransport } from '../../src/mail/transport';
import { freePort } from '../../../scripts/lib/ports';
import { startMailDev } from '../../../scripts/lib/maildev';

/** A MailDev of the test file's own on free ports (stop/start it for an outage). */
export async function startTestMailDev() {
  return startMailDev({ smtp: await freePort(), web: await freePort() });
}

/** Sender dependencies delivering to `smtpPort`, with short retry waits and a clock to move. */
export function testSender(
  smtpPort: number,
  clock: { now: number } = { now: Date.now() },
): SenderDeps & { clock: { now: number } } {
  const config = resolveMailConfig({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    MAIL_RETRY_DELAYS_MS: '1000,2000,3000,4000,5000',
  });
  return {
    db: firestore(),
    transport: () => smtpTransport(config),
    retryDelays: config.retryDelays,
    now: () => clock.now,
    clock,
  };
}

/** An outbox document as stored (the fields the tests read). */
export interface StoredMail {
  to: string[];
  message: { subject: string; text: string; html: string };
  delivery: {
    state: string;
    attempts: number;
    error: string | null;
    info?: { accepted: string[] };
  };
  retry_at?: Timestamp;
}

export async function mailDoc(key: string): Promise<StoredMail | null> {
  const snap = await firestore().collection(COLLECTIONS.mail).doc(key).get();
  return snap.exists ? (snap.data() as StoredMail) : null;
}

/** The outbox documents whose id starts with `prefix`. */
export async function mailKeysStartingWith(prefix: string): Promise<string[]> {
  const all = await firestore().collection(COLLECTIONS.mail).get();
  return all.docs.map((doc) => doc.id).filter((id) => id.startsWith(prefix));
}

export const later = (ms: number) => Timestamp.fromMillis(Date.now() + ms);

/**
 * Empties the outbox of the shared test database. The files that sweep it call this first: the
 * orders other files made (hundreds of confirmations, one per manager each) are due by then and
 * would otherwise be swept, and sent, before their own messages. Files run one at a time.
 */
export async function clearOutbox(): Promise<void> {
  const db = firestore();
  for (;;) {
    const page = await db.collection(COLLECTIONS.mail).limit(400).get();
    if (page.empty) return;
    const batch = db.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
}
