import { randomUUID } from 'node:crypto';
import type { UserRecord } from 'firebase-admin/auth';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  EXPIRES_AT_FIELD,
  isBuyerRole,
  mailboxOf,
  normalizeEmail,
  paths,
  RATE_LIMITS,
} from '@portal/domain';
import { authErrorCode, findUser } from '../lib/auth-users';
import { NotFoundError, PreconditionError, RateLimitedError } from '../lib/errors';
import { log } from '../lib/log';
import { limitCallable, takeRateLimit, TOO_MANY_REQUESTS } from '../lib/rate-limit';
import { newApplicationMails, verificationMail, type MailDeps } from '../mail/notifications';
import { queueMails, stageMails } from '../mail/outbox';

/**
 * A new verification link for the signed-in applicant ("Resend verification email"): rate
 * limited per user and per IP once the account can have one (no address, or one already
 * verified, is refused without counting); each request is its own mail (its own event key).
 */
export async function resendVerificationEmail(
  deps: MailDeps,
  uid: string,
  ip: string,
): Promise<void> {
  const user = await findUser(deps.auth, uid);
  if (!user?.email) throw new PreconditionError('Your account has no email address.');
  if (user.emailVerified) throw new PreconditionError('Your email address is already verified.');
  await queueVerificationMail(deps, uid, user.email, ip);
}

/**
 * The same mail, asked for by a manager for a buyer (the store page): the buyer's per-user
 * window counts it (so a manager's clicks and the buyer's own add up), the manager's IP its
 * per-IP window. An unknown uid is not found; a manager's account is not a buyer's.
 */
export async function resendVerificationEmailFor(
  deps: MailDeps,
  uid: string,
  ip: string,
): Promise<void> {
  const user = await findUser(deps.auth, uid);
  if (!user) throw new NotFoundError('No user with this id.');
  if (user.customClaims?.role === 'manager') {
    throw new PreconditionError('Verification mails are sent to buyers only.');
  }
  if (!user.email) throw new PreconditionError('This account has no email address.');
  if (user.emailVerified) {
    throw new PreconditionError("This buyer's email address is already verified.");
  }
  await queueVerificationMail(deps, uid, user.email, ip);
}

async function queueVerificationMail(
  deps: MailDeps,
  uid: string,
  email: string,
  ip: string,
): Promise<void> {
  // Per user and per IP (the callable's windows), and per inbox: many accounts whose addresses
  // reach one inbox (victim+1@…, victim+2@…) share its window (mailboxOf).
  await limitCallable(deps.db, 'resendVerificationEmail', { uid, ip }, [
    {
      name: 'verification-email',
      subject: mailboxOf(email),
      limit: RATE_LIMITS.verificationPerEmail,
    },
  ]);
  await queueMails(deps.db, [await verificationMail(deps, { uid, email }, randomUUID())]);
  log.info('verification_mail_queued', { uid });
}

/** A profile id no account has (Auth uids are letters and digits): the lookup of no account. */
const NO_ACCOUNT = '~no-account';

/**
 * Copies Auth's emailVerified onto the profile (what the managers' table shows), after the action
 * page applied a verification code. Only ever copies Auth's own answer, so calling it for any
 * address reveals and changes nothing else; the caller learns nothing either way. An address
 * without an account takes the same steps (the profile transaction reads a profile nobody has),
 * so the work, like the answer, is the same; the handler evens out the time (lib/fixed-time.ts).
 *
 * The moment a pending applicant's address becomes verified is when the application is real:
 * the profile loses its expiry (expires_at, the TTL policy's field) and every manager gets the
 * "New application" mail, in the same transaction (before it, nobody but the address's owner
 * could have been mailed anything the applicant wrote).
 */
export async function syncEmailVerification(
  deps: MailDeps,
  email: string,
  ip: string,
): Promise<void> {
  if (!(await takeRateLimit(deps.db, 'email-sync-ip', ip, RATE_LIMITS.emailSyncPerIp))) {
    throw new RateLimitedError(TOO_MANY_REQUESTS);
  }
  let user: UserRecord | null = null;
  try {
    user = await deps.auth.getUserByEmail(normalizeEmail(email));
  } catch (error) {
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
  const ref = deps.db.doc(paths.profile(user?.uid ?? NO_ACCOUNT));
  const before = await ref.get();
  const mails =
    user && before.exists && becomesVerifiedApplication(before, user.emailVerified)
      ? await newApplicationMails(deps, user.uid, {
          storeName: String(before.get('store_name') ?? ''),
          fullName: String(before.get('full_name') ?? ''),
          role: String(before.get('role')),
          email: user.email ?? email,
        })
      : [];
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!user || !snap.exists || snap.get('email_verified') === user.emailVerified) return;
    // The application's company expires with it, and is kept with it once verified.
    const companyId: unknown = snap.get('company_id');
    const companyRef =
      user.emailVerified && typeof companyId === 'string' && companyId
        ? deps.db.doc(paths.company(companyId))
        : null;
    const company = companyRef ? await tx.get(companyRef) : null;
    const writeMails = await stageMails(
      tx,
      deps.db,
      becomesVerifiedApplication(snap, user.emailVerified) ? mails : [],
    );
    // When it became verified: the store page's history ("Email verified").
    tx.update(ref, {
      email_verified: user.emailVerified,
      ...(user.emailVerified && snap.get('email_verified_at') === undefined
        ? { email_verified_at: FieldValue.serverTimestamp() }
        : {}),
      ...(user.emailVerified ? { [EXPIRES_AT_FIELD]: FieldValue.delete() } : {}),
    });
    if (companyRef && company?.get(EXPIRES_AT_FIELD) !== undefined) {
      tx.update(companyRef, { [EXPIRES_AT_FIELD]: FieldValue.delete() });
    }
    writeMails();
  });
}

/** A pending application whose address is verified only now. */
function becomesVerifiedApplication(snap: DocumentSnapshot, verified: boolean): boolean {
  return (
    verified &&
    snap.get('email_verified') !== true &&
    snap.get('status') === 'pending' &&
    isBuyerRole(snap.get('role'))
  );
}
