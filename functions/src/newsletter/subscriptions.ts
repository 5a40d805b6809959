import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  EXPIRES_AT_FIELD,
  mailboxOf,
  normalizeEmail,
  PENDING_NEWSLETTER_TTL_MS,
  RATE_LIMITS,
  type NewsletterState,
} from '@portal/domain';
import { NotFoundError, RateLimitedError } from '../lib/errors';
import { log } from '../lib/log';
import { takeRateLimit } from '../lib/rate-limit';
import { newsletterConfirmMail, type MailDeps } from '../mail/notifications';
import { stageMails } from '../mail/outbox';

/**
 * Newsletter subscriptions with double opt-in: newsletter_subscribers/{sha256 of the normalized
 * address}, so one address is one document however often it is typed. Subscribing (again) sends
 * a confirmation mail; only `confirmed` subscriptions count; the token in the confirm and
 * unsubscribe links works without signing in. Browsers never write the collection: only these
 * functions do. A pending subscription (and its confirmation mail) carries `expires_at`, so the
 * TTL policy deletes a sign-up nobody confirmed; confirming removes it.
 */
export const TOO_MANY_SIGNUPS = 'Too many sign-ups from here. Please try again later.';
export const INVALID_LINK = 'This link is not valid.';

export function subscriberId(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Returns what happened (for logs and tests); the caller always gets the same answer. */
export async function subscribe(
  deps: MailDeps,
  rawEmail: string,
  ip: string,
): Promise<'mail-queued' | 'already-confirmed' | 'address-limited'> {
  if (!(await takeRateLimit(deps.db, 'newsletter-ip', ip, RATE_LIMITS.newsletterPerIp))) {
    throw new RateLimitedError(TOO_MANY_SIGNUPS);
  }
  const email = normalizeEmail(rawEmail);
  // An inbox gets a few mails an hour, not one per click, however its address is spelled
  // (victim+1@…, victim+2@…: mailboxOf); the subscription keeps the address as typed.
  const mailbox = mailboxOf(email);
  if (
    !(await takeRateLimit(deps.db, 'newsletter-email', mailbox, RATE_LIMITS.newsletterPerEmail))
  ) {
    return 'address-limited';
  }
  const id = subscriberId(email);
  const ref = deps.db.collection(COLLECTIONS.newsletterSubscribers).doc(id);
  return deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.get('state') === 'confirmed') return 'already-confirmed' as const;
    const token = (snap.get('token') as string | undefined) ?? newToken();
    const writeMails = await stageMails(tx, deps.db, [
      await newsletterConfirmMail(deps, { id, email, token }, randomUUID()),
    ]);
    tx.set(
      ref,
      {
        email,
        state: 'pending' satisfies NewsletterState,
        token,
        updated_at: FieldValue.serverTimestamp(),
        [EXPIRES_AT_FIELD]: Timestamp.fromMillis(Date.now() + PENDING_NEWSLETTER_TTL_MS),
        ...(snap.exists ? {} : { created_at: FieldValue.serverTimestamp() }),
      },
      { merge: true },
    );
    writeMails();
    return 'mail-queued' as const;
  });
}

type LinkState = Extract<NewsletterState, 'confirmed' | 'unsubscribed'>;

/** Moves the subscription of a link's token; returns the state it is in afterwards. */
async function setStateByToken(db: Firestore, token: string, state: LinkState): Promise<LinkState> {
  const found = await db
    .collection(COLLECTIONS.newsletterSubscribers)
    .where('token', '==', token)
    .limit(1)
    .get();
  const doc = found.docs[0];
  if (!doc) throw new NotFoundError(INVALID_LINK);
  const result = await db.runTransaction(async (tx): Promise<LinkState> => {
    const snap = await tx.get(doc.ref);
    if (!snap.exists || snap.get('token') !== token) throw new NotFoundError(INVALID_LINK);
    if (snap.get('state') === state) return state;
    // Unsubscribed stays unsubscribed: an old confirm link does not subscribe again.
    if (state === 'confirmed' && snap.get('state') === 'unsubscribed') return 'unsubscribed';
    tx.update(doc.ref, {
      state,
      [state === 'confirmed' ? 'confirmed_at' : 'unsubscribed_at']: FieldValue.serverTimestamp(),
      updated_at: FieldValue.serverTimestamp(),
      // A confirmed address is kept; an unsubscribed one that was never confirmed still expires.
      ...(state === 'confirmed' ? { [EXPIRES_AT_FIELD]: FieldValue.delete() } : {}),
    });
    return state;
  });
  log.info(`newsletter_${result}`, { subscriber: doc.id });
  return result;
}

export function confirmSubscription(db: Firestore, token: string): Promise<LinkState> {
  return setStateByToken(db, token, 'confirmed');
}

export function unsubscribe(db: Firestore, token: string): Promise<LinkState> {
  return setStateByToken(db, token, 'unsubscribed');
}
