import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  firstIssueText,
  MAIL_MAX_ATTEMPTS,
  nextMailDelay,
  outgoingMailSchema,
  type MailDeliveryState,
  type OutgoingMail,
} from '@portal/domain';
import { isAlreadyExists, isPreconditionFailure } from '../lib/firestore-errors';
import { log } from '../lib/log';
import type { MailTransport, SentInfo } from './transport';

/**
 * The outbox: mail/{eventKey} documents in the shape of Firebase's "Trigger Email from Firestore"
 * extension, and the sender that delivers them.
 *
 * Queueing. A state change and the mail it causes commit together: the transaction that changes
 * the state stages the mail (stageMails: reads whether the key exists, then creates it with the
 * other writes). The id is the event key (packages/domain mailKeys), so a replayed event finds
 * the document and queues nothing. A transaction that creates the state its keys name (the order
 * a checkout makes) knows none can exist, and creates them unread (`fresh`). Code that is not a
 * transaction (a trigger) uses queueMails, which creates each key once.
 *
 * Delivering. deliverMail takes a lease on the document in a transaction (state PROCESSING,
 * attempts + 1, leaseExpireTime; the trigger on create takes it on the version its event
 * carries, with a precondition, instead of reading the document again), sends, and records
 * SUCCESS with the server's answer, or RETRY with the next attempt's time, or ERROR after the
 * last attempt. The Firestore trigger on create delivers at once; the retry sweep (a schedule in
 * production, a worker in the local stack) delivers what is due: `retry_at` is set while a
 * message is not final (a PENDING message whose trigger never ran, an expired lease, a RETRY)
 * and removed when it is.
 *
 * At most once per event: one document per event key, one lease holder at a time, and a
 * message marked SUCCESS is never sent again. (A crash between the server accepting a message
 * and the SUCCESS write would send it again after the lease expires: SMTP has no idempotency
 * key; this is the one duplicate left, and it needs the process to die in that instant.)
 */

/** How long a sender may hold a message before another may try it. */
export const MAIL_LEASE_MS = 60_000;

export interface QueuedMail {
  key: string;
  mail: OutgoingMail;
  /** What caused it (for logs and the outbox's readers): 'order-confirmation', ... */
  kind: string;
  /**
   * When the TTL policy may delete the document (ms since the epoch): mail to an address nobody
   * has proven yet (packages/domain expiry.ts). Absent: kept.
   */
  expiresAt?: number;
}

interface Delivery {
  state: MailDeliveryState;
  attempts: number;
  error: string | null;
  info?: SentInfo | null;
  startTime?: Timestamp;
  endTime?: Timestamp;
  leaseExpireTime?: Timestamp | null;
}

export function mailRef(db: Firestore, key: string): DocumentReference {
  return db.collection(COLLECTIONS.mail).doc(key);
}

/** The queued document: the extension's fields, a PENDING delivery and when it becomes due. */
function queuedDoc(queued: QueuedMail, now: number, graceMs: number) {
  const mail = outgoingMailSchema.parse(queued.mail);
  return {
    to: mail.to,
    message: mail.message,
    kind: queued.kind,
    created_at: Timestamp.fromMillis(now),
    delivery: { state: 'PENDING', attempts: 0, error: null } satisfies Delivery,
    retry_at: Timestamp.fromMillis(now + graceMs),
    ...(queued.expiresAt === undefined
      ? {}
      : { expires_at: Timestamp.fromMillis(queued.expiresAt) }),
  };
}

export interface QueueOptions {
  now?: number;
  /** How long the sweep leaves a new message to its trigger (default 2 minutes). */
  graceMs?: number;
}

const DEFAULT_GRACE_MS = 120_000;

export interface StageOptions extends QueueOptions {
  /**
   * The keys name state this transaction creates (the order a checkout makes, read as missing
   * in it): no message of theirs can exist yet, so none is read. One that exists all the same
   * fails the commit (ALREADY_EXISTS) rather than be mailed twice.
   */
  fresh?: boolean;
}

/**
 * Stages mails in a transaction: call it in the read phase; it returns the write to make with
 * the state change. Keys that already exist are left alone (the event was already handled).
 */
export async function stageMails(
  tx: Transaction,
  db: Firestore,
  mails: readonly QueuedMail[],
  options: StageOptions = {},
): Promise<() => void> {
  if (mails.length === 0) return () => undefined;
  // Validate before anything is written: a message that cannot be sent must not block the change.
  const docs = mails.map((queued) => ({
    queued,
    doc: queuedDoc(queued, options.now ?? Date.now(), options.graceMs ?? DEFAULT_GRACE_MS),
  }));
  const refs = mails.map((queued) => mailRef(db, queued.key));
  const snaps = options.fresh ? null : await tx.getAll(...refs);
  return () =>
    docs.forEach(({ doc }, index) => {
      if (!snaps || !snaps[index]!.exists) tx.create(refs[index]!, doc);
    });
}

/** Queues mails outside a transaction (from a trigger): each key once. */
export async function queueMails(
  db: Firestore,
  mails: readonly QueuedMail[],
  options: QueueOptions = {},
): Promise<number> {
  let created = 0;
  for (const queued of mails) {
    const doc = queuedDoc(queued, options.now ?? Date.now(), options.graceMs ?? DEFAULT_GRACE_MS);
    try {
      await mailRef(db, queued.key).create(doc);
      created++;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
  }
  return created;
}

export interface SenderDeps {
  db: Firestore;
  /** The transport to send with (created on first use: a missing configuration is a failed attempt). */
  transport: () => MailTransport;
  retryDelays: readonly number[];
  now?: () => number;
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'skipped';

function readDelivery(value: unknown): Delivery {
  const d = (value ?? {}) as Partial<Delivery>;
  return {
    state: d.state ?? 'PENDING',
    attempts: typeof d.attempts === 'number' ? d.attempts : 0,
    error: d.error ?? null,
    leaseExpireTime: d.leaseExpireTime ?? null,
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1_000);
}

/** A message taken to send (or found invalid), with the write that records it. */
type Lease =
  | { invalid: true; update: DocumentData }
  | { invalid: false; update: DocumentData; mail: OutgoingMail; attempts: number };

/**
 * Whether the message as stored (`data`) may be taken at `at`: null when it is final, held by
 * another sender or not due yet; else the lease (or, for a message that cannot be sent, the
 * ERROR it ends in) and the write that records it.
 */
function leaseOf(data: DocumentData, at: number): Lease | null {
  const delivery = readDelivery(data.delivery);
  if (delivery.state === 'SUCCESS' || delivery.state === 'ERROR') return null;
  if (delivery.state === 'PROCESSING' && (delivery.leaseExpireTime?.toMillis() ?? 0) > at)
    return null;
  const retryAt = data.retry_at as { toMillis?: () => number } | undefined;
  if (delivery.state === 'RETRY' && (retryAt?.toMillis?.() ?? 0) > at) return null;
  const parsed = outgoingMailSchema.safeParse(data);
  if (!parsed.success) {
    return {
      invalid: true,
      update: {
        delivery: {
          ...delivery,
          state: 'ERROR',
          error: `Not a valid message: ${firstIssueText(parsed.error)}`,
          endTime: Timestamp.fromMillis(at),
        },
        retry_at: FieldValue.delete(),
      },
    };
  }
  const attempts = delivery.attempts + 1;
  return {
    invalid: false,
    mail: parsed.data,
    attempts,
    update: {
      delivery: {
        state: 'PROCESSING',
        attempts,
        error: null,
        startTime: Timestamp.fromMillis(at),
        leaseExpireTime: Timestamp.fromMillis(at + MAIL_LEASE_MS),
      },
      retry_at: Timestamp.fromMillis(at + MAIL_LEASE_MS),
    },
  };
}

/** A message as its creation event carries it: its fields and the version they are. */
export interface CreatedMail {
  data: DocumentData;
  updateTime: Timestamp;
}

/**
 * Delivers one outbox message if it is due and nobody else holds it. The trigger on create
 * passes the message as created (`created`): the lease is then taken on that version with a
 * precondition (lastUpdateTime) instead of a transaction's read; if the message changed since
 * (the sweep or another delivery of the event took it), it is read again as the sweep reads it.
 */
export async function deliverMail(
  deps: SenderDeps,
  key: string,
  created?: CreatedMail,
): Promise<DeliveryOutcome> {
  const now = deps.now ?? Date.now;
  const ref = mailRef(deps.db, key);
  let lease: Lease | null | undefined;
  if (created) {
    lease = leaseOf(created.data, now());
    if (lease) {
      try {
        await ref.update(lease.update, { lastUpdateTime: created.updateTime });
      } catch (error) {
        if (!isPreconditionFailure(error)) throw error;
        lease = undefined;
      }
    }
  }
  if (lease === undefined) {
    lease = await deps.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const data = snap.data();
      if (!data) return null;
      const taken = leaseOf(data, now());
      if (taken) tx.update(ref, taken.update);
      return taken;
    });
  }
  if (!lease) return 'skipped';
  if (lease.invalid) {
    log.error('mail_invalid', { key });
    return 'failed';
  }

  try {
    const info = await deps.transport().send(lease.mail);
    await ref.update({
      delivery: {
        state: 'SUCCESS',
        attempts: lease.attempts,
        error: null,
        info,
        endTime: Timestamp.fromMillis(now()),
        leaseExpireTime: null,
      },
      retry_at: FieldValue.delete(),
    });
    log.info('mail_sent', { key, attempts: lease.attempts });
    return 'sent';
  } catch (error) {
    const wait = nextMailDelay(lease.attempts, deps.retryDelays);
    const at = now();
    await ref.update({
      delivery: {
        state: wait === null ? 'ERROR' : 'RETRY',
        attempts: lease.attempts,
        error: errorText(error),
        endTime: Timestamp.fromMillis(at),
        leaseExpireTime: null,
      },
      retry_at: wait === null ? FieldValue.delete() : Timestamp.fromMillis(at + wait),
    });
    const fields = { key, attempts: lease.attempts, message: errorText(error) };
    if (wait === null) log.error('mail_failed', { ...fields, maxAttempts: MAIL_MAX_ATTEMPTS });
    else log.warn('mail_retry_scheduled', { ...fields, inMs: wait });
    return wait === null ? 'failed' : 'retry';
  }
}

/** Delivers every message that is due (the retry sweep). Returns how each went. */
export async function sweepOutbox(
  deps: SenderDeps,
  limit = 50,
): Promise<Record<DeliveryOutcome, number>> {
  const now = deps.now ?? Date.now;
  const due = await deps.db
    .collection(COLLECTIONS.mail)
    .where('retry_at', '<=', Timestamp.fromMillis(now()))
    .orderBy('retry_at')
    .limit(limit)
    .get();
  const counts: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  for (const doc of due.docs) counts[await deliverMail(deps, doc.id)]++;
  return counts;
}
