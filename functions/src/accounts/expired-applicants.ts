import type { UserRecord } from 'firebase-admin/auth';
import { paths, UNVERIFIED_APPLICANT_TTL_MS } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';

/**
 * Removes applicants who never verified their address (packages/domain expiry.ts): anyone can
 * sign up with any address, and without this each such sign-up would keep an Auth account and a
 * profile for good. Firestore's TTL policy deletes the profile, its company and its mails by
 * `expires_at`; the
 * Auth account has no TTL, so this sweep (daily in production) deletes it, with the profile if
 * the policy has not yet.
 *
 * Only an account that was never let in: unverified, older than the TTL, no role claim (a
 * reviewed buyer or a manager has one) and no profile, or a profile still pending, unverified
 * and never reviewed.
 */
export async function sweepExpiredApplicants(
  deps: Pick<Context, 'db' | 'auth'>,
  now: number = Date.now(),
): Promise<{ deleted: number }> {
  const cutoff = now - UNVERIFIED_APPLICANT_TTL_MS;
  let deleted = 0;
  let pageToken: string | undefined;
  do {
    const page = await deps.auth.listUsers(1000, pageToken);
    for (const user of page.users.filter((u) => isExpiredApplicant(u, cutoff))) {
      if (await removeProfile(deps, user.uid)) {
        await deps.auth.deleteUser(user.uid);
        deleted += 1;
        log.info('expired_applicant_deleted', { uid: user.uid });
      }
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return { deleted };
}

function isExpiredApplicant(user: UserRecord, cutoff: number): boolean {
  const created = Date.parse(user.metadata.creationTime);
  return (
    !user.emailVerified &&
    user.customClaims?.role === undefined &&
    Number.isFinite(created) &&
    created < cutoff
  );
}

/**
 * Deletes the profile of an unreviewed, unverified application, and the pending company it
 * created (id: the applicant's uid); false for any other profile.
 */
async function removeProfile(deps: Pick<Context, 'db'>, uid: string): Promise<boolean> {
  const ref = deps.db.doc(paths.profile(uid));
  const companyRef = deps.db.doc(paths.company(uid));
  return deps.db.runTransaction(async (tx) => {
    const [snap, company] = await tx.getAll(ref, companyRef);
    const unreviewedCompany =
      !company?.exists ||
      (company.get('status') === 'pending' && company.get('reviewed_at') == null);
    if (!snap?.exists) {
      if (company?.exists && unreviewedCompany) tx.delete(companyRef);
      return unreviewedCompany;
    }
    const unreviewed =
      snap.get('status') === 'pending' &&
      snap.get('email_verified') !== true &&
      snap.get('reviewed_at') == null &&
      unreviewedCompany;
    if (unreviewed) {
      tx.delete(ref);
      if (company?.exists) tx.delete(companyRef);
    }
    return unreviewed;
  });
}
