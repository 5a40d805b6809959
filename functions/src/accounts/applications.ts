import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  EXPIRES_AT_FIELD,
  mailboxOf,
  paths,
  RATE_LIMITS,
  UNVERIFIED_APPLICANT_TTL_MS,
  type CompanyRole,
  type ProfileStatus,
  type SubmitApplicationRequest,
} from '@portal/domain';
import { findUser } from '../lib/auth-users';
import { NotAllowedError, PreconditionError, RateLimitedError } from '../lib/errors';
import { log } from '../lib/log';
import { takeRateLimits, TOO_MANY_REQUESTS, type RateWindow } from '../lib/rate-limit';
import { applicationReceivedMail, newApplicationMails, type MailDeps } from '../mail/notifications';
import { stageMails } from '../mail/outbox';

export const ALREADY_APPLIED = 'This account has already applied.';
export const NO_ADDRESS = 'Your account has no email address.';

/**
 * A business applies (submitApplication, right after the browser created the Auth account):
 * the pending company (docs/companies.md; its id is the applicant's uid) and the applicant's
 * profile as its owner are written here, with the Admin SDK (the rules let no browser create
 * either), together with the applicant's first mail, in one transaction.
 *
 * - Limited per IP and per address (normalised), after the checks that count nothing (an
 *   account that already applied, or is a manager's), before any write or mail.
 * - The first mail goes to an address nobody has proven yet, so it carries none of the
 *   applicant's words (applicationReceivedMail); the managers are mailed once the address is
 *   verified (syncEmailVerification). An applicant verified already (an account verified before
 *   it applied) is a verified application at once.
 * - Until verified, the profile carries `expires_at` (the TTL policy's field) and expires with
 *   its mails; sweepExpiredApplicants removes the Auth account.
 */
export async function submitApplication(
  deps: MailDeps,
  uid: string,
  application: SubmitApplicationRequest,
  ip: string,
  now: number = Date.now(),
): Promise<void> {
  const user = await findUser(deps.auth, uid);
  if (!user?.email) throw new PreconditionError(NO_ADDRESS);
  if (user.customClaims?.role !== undefined) throw new NotAllowedError(ALREADY_APPLIED);
  const ref = deps.db.doc(paths.profile(uid));
  // The company an application creates has the applicant's uid as its id (docs/companies.md).
  const companyRef = deps.db.doc(paths.company(uid));
  if ((await ref.get()).exists) throw new PreconditionError(ALREADY_APPLIED);

  const email = user.email;
  const windows: RateWindow[] = [
    { name: 'application-ip', subject: ip, limit: RATE_LIMITS.applicationPerIp },
    {
      name: 'application-email',
      subject: mailboxOf(email),
      limit: RATE_LIMITS.applicationPerEmail,
    },
  ];
  const full = await takeRateLimits(deps.db, windows, now);
  if (full) {
    log.warn('rate_limited', { callable: 'submitApplication', by: full.name, uid });
    throw new RateLimitedError(TOO_MANY_REQUESTS);
  }

  const verified = user.emailVerified;
  const mails = verified
    ? await newApplicationMails(deps, uid, {
        storeName: application.storeName,
        fullName: application.fullName,
        role: application.businessType,
        email,
      })
    : [await applicationReceivedMail(deps, { uid, email }, now)];

  await deps.db.runTransaction(async (tx) => {
    const [profile, company] = await tx.getAll(ref, companyRef);
    if (profile?.exists || company?.exists) throw new PreconditionError(ALREADY_APPLIED);
    const writeMails = await stageMails(tx, deps.db, mails, { now });
    const status: ProfileStatus = 'pending';
    const expires = verified
      ? {}
      : { [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now + UNVERIFIED_APPLICANT_TTL_MS) };
    tx.create(companyRef, {
      name: application.storeName,
      business_type: application.businessType,
      seller_permit_id: application.sellerPermitId,
      status,
      created_by: uid,
      created_at: FieldValue.serverTimestamp(),
      review_round: 0,
      ...expires,
    });
    // The applicant is the company's first owner; the profile carries the company's copies.
    tx.create(ref, {
      user_id: uid,
      full_name: application.fullName,
      store_name: application.storeName,
      seller_permit_id: application.sellerPermitId,
      role: application.businessType,
      status,
      company_id: uid,
      company_role: 'owner' satisfies CompanyRole,
      location_ids: [],
      created_at: FieldValue.serverTimestamp(),
      email_verified: verified,
      ...expires,
    });
    writeMails();
  });
  log.info('application_submitted', { uid, verified, mails: mails.length });
}
