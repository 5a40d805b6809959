import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  canTransitionProfile,
  COLLECTIONS,
  EXPIRES_AT_FIELD,
  membershipOf,
  paths,
  PROFILE_STATUSES,
  profileReviewOf,
  ROLES,
  type ProfileReview,
  type ProfileStatus,
  type Role,
  type SetProfileStatusRequest,
} from '@portal/domain';
import { applyApprovalRollup } from '../insights/sales-rollups';
import { memberClaims, membersOf, readCompany, type Member } from '../companies/company-record';
import { findUser } from '../lib/auth-users';
import type { Context } from '../lib/context';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { profileReviewedMail } from '../mail/notifications';
import { stageMails } from '../mail/outbox';

/**
 * Reviewing accounts (approve, decline, reject, reopen: packages/domain roles.ts): the one code path behind the setProfileStatus callable and
 * the claims CLI (scripts/claims.ts). Access is decided by the custom claims { role, status } on
 * the Auth user (firestore.rules and the callables read them); profiles/{uid} carries the same
 * status for display, plus who reviewed it and when, and audit_log keeps the history.
 *
 * Three systems are written (Auth claims, Auth refresh tokens, Firestore) and no transaction
 * spans them, so the order is chosen to fail closed and to be finished by a retry:
 * - A change that takes access away (rejection) updates the claims and revokes the refresh
 *   tokens FIRST, then commits the profile + audit entry. If the commit fails, the user has
 *   already lost access, the profile still reads "approved", and the manager's retry (the
 *   Reject button is still shown) runs the whole change again.
 * - A change that takes none away (approval; a reopen, rejected -> pending) commits the profile +
 *   audit entry FIRST and sets the claims LAST. If setting the claims fails, the user has no more access than before; the
 *   profile already reads "approved", so a retry finds profile and claims out of step and only
 *   sets the claims (recorded as `profile.claims_synced`).
 * The profile + audit entry are one Firestore transaction that re-reads the status, so two
 * managers acting at once produce one change and one refusal.
 *
 * Refusals are the typed errors of lib/errors.ts: the callable maps them to HttpsError codes,
 * the CLI prints their message. Roles and the review flow: docs/product.md; profiles and
 * audit_log: docs/data-model.md.
 */

/** The Auth and Firestore of the callable's context, or the CLI's own app, and the environment. */
export type AccountsDeps = Pick<Context, 'auth' | 'db' | 'env'>;

export const UNVERIFIED_EMAIL = 'The applicant has not verified their email address.';

interface ProfileStatusResult {
  uid: string;
  role: Role;
  from: ProfileStatus;
  status: ProfileStatus;
  /** What the change was; null when only the claims were brought in line. */
  review: ProfileReview | null;
  /** True when only the claims were brought in line with an already-changed profile. */
  synced: boolean;
}

type AuditAction =
  | 'profile.status_changed'
  | 'profile.claims_synced'
  | 'profile.manager_granted'
  | 'profile.manager_revoked';

/** One audit_log document: who did what to whom, from which value to which, and why. */
interface AuditEntry {
  action: AuditAction;
  actor: string;
  target: string;
  from: string | null;
  to: string;
  at: FieldValue;
  /** A status change's review: approve, decline, reject or reopen. */
  review?: ProfileReview;
  /** The note a manager gave with a decline or rejection (it was mailed to the applicant). */
  reason?: string;
}

interface StoredProfile {
  role: Role;
  status: ProfileStatus;
  storeName: string;
  /** How many times the profile was reopened (mailKeys' review round). */
  round: number;
}

function readProfile(data: Record<string, unknown> | undefined): StoredProfile | null {
  if (!data) return null;
  const role = ROLES.find((r) => r === data.role);
  const status = PROFILE_STATUSES.find((s) => s === data.status);
  const storeName = typeof data.store_name === 'string' ? data.store_name : '';
  const round =
    typeof data.review_round === 'number' && Number.isInteger(data.review_round)
      ? Math.max(0, data.review_round)
      : 0;
  return role && status ? { role, status, storeName, round } : null;
}

function auditRef(db: Firestore) {
  return db.collection(COLLECTIONS.auditLog).doc();
}

/**
 * Sets a member's claims { role, status, company, company_role } (keeping any other claims) and,
 * when access ends, revokes their refresh tokens.
 */
async function applyClaims(
  deps: AccountsDeps,
  member: Member,
  role: Role,
  status: ProfileStatus,
): Promise<void> {
  const user = await findUser(deps.auth, member.uid);
  if (!user) return;
  await deps.auth.setCustomUserClaims(member.uid, {
    ...(user.customClaims ?? {}),
    ...memberClaims(member, role, status),
  });
  if (status === 'rejected') await deps.auth.revokeRefreshTokens(member.uid);
}

function claimsInStep(claims: Record<string, unknown>, member: Member, role: Role, to: string) {
  return (
    claims.role === role &&
    claims.status === to &&
    claims.company === member.companyId &&
    claims.company_role === member.role
  );
}

/**
 * Moves a company along an allowed review (profileReviewOf: pending -> approved or rejected,
 * approved -> rejected, rejected -> pending), as `actor` (a manager's uid, or "claims-cli"),
 * named by the uid of one of its members (the managers' table lists people). Every member
 * inherits the company's status: their profiles' copies change in the same transaction as the
 * company, then their claims. A reopen starts a new review round (`review_round`), so the next
 * review mails again. Throws NotFoundError / PreconditionError.
 */
export async function changeProfileStatus(
  deps: AccountsDeps,
  request: SetProfileStatusRequest,
  actor: string,
): Promise<ProfileStatusResult> {
  const { uid, status: to } = request;
  const user = await findUser(deps.auth, uid);
  if (!user) throw new NotFoundError(`No user with uid ${uid}.`);
  const snapshot = await deps.db.doc(paths.profile(uid)).get();
  if (!snapshot.exists) throw new NotFoundError(`User ${uid} has no profile.`);
  const profile = readProfile(snapshot.data());
  if (!profile) throw new PreconditionError(`The profile of ${uid} has no valid role and status.`);
  if (profile.role === 'manager' || user.customClaims?.role === 'manager') {
    throw new PreconditionError(
      'Manager accounts are not approved or rejected; change them with the claims CLI.',
    );
  }
  const membership = membershipOf(snapshot.data());
  if (!membership) throw new PreconditionError(`User ${uid} belongs to no company.`);
  const companyId = membership.companyId;
  const companyRef = deps.db.doc(paths.company(companyId));
  const company = readCompany(companyId, (await companyRef.get()).data());
  if (!company)
    throw new PreconditionError(`The company ${companyId} has no valid type and status.`);
  const role = company.businessType;
  const from = company.status;
  const members = await membersOf(deps.db, companyId);

  if (from === to) {
    const behind: Member[] = [];
    // What the claims brought in line said (the audit entry's `from`; null when they differ).
    const claimedBefore = new Set<ProfileStatus | null>();
    for (const member of members) {
      const claims = (await findUser(deps.auth, member.uid))?.customClaims ?? {};
      if (claimsInStep(claims, member, role, to)) continue;
      // A previous change committed the company but did not reach these claims: finish it,
      // unless the claims are further along (a rejection that set the claims first and then
      // failed to commit is completed by rejecting again, never undone by an approval).
      const claimed = PROFILE_STATUSES.find((s) => s === claims.status);
      if (claimed && claimed !== to && !canTransitionProfile(claimed, to)) {
        throw new PreconditionError(
          `The account's claims say ${claimed}; a ${claimed} account cannot become ${to}.`,
        );
      }
      behind.push(member);
      claimedBefore.add(claimed ?? null);
    }
    if (behind.length === 0) throw new PreconditionError(`The profile is already ${to}.`);
    for (const member of behind) await applyClaims(deps, member, role, to);
    const entry: AuditEntry = {
      action: 'profile.claims_synced',
      actor,
      target: companyId,
      from: claimedBefore.size === 1 ? [...claimedBefore][0]! : null,
      to,
      at: FieldValue.serverTimestamp(),
    };
    await auditRef(deps.db).create(entry);
    return { uid, role, from, status: to, review: null, synced: true };
  }

  const review = profileReviewOf(from, to);
  if (!review) throw new PreconditionError(refusalOf(from, to));
  const reason = request.reason?.trim() || undefined;
  if (reason !== undefined && review !== 'decline' && review !== 'reject') {
    throw new PreconditionError('A reason goes with a decline or a rejection only.');
  }

  const grantsAccess = to === 'approved';
  // Access ends first (decline, reject); anything else changes the claims after the commit.
  const takesAccess = to === 'rejected';
  // A reopen starts the next round of review mails.
  const round = review === 'reopen' ? company.round + 1 : company.round;
  // The applicant's address is where the approval mail, order confirmations and resets go: a
  // manager approves an unverified one only on purpose (the dashboard asks first).
  const applicant =
    company.createdBy && company.createdBy !== uid
      ? ((await findUser(deps.auth, company.createdBy)) ?? user)
      : user;
  if (grantsAccess && !applicant.emailVerified && request.allowUnverified !== true) {
    throw new PreconditionError(UNVERIFIED_EMAIL);
  }
  // The Overview counts a company's first approval only (as the rollup rebuild does): a
  // reopened company may have been approved in an earlier round.
  const countsApproval =
    grantsAccess && (company.round === 0 || !(await wasApproved(deps, companyId)));
  if (takesAccess) for (const member of members) await applyClaims(deps, member, role, to);
  // The owners are told (the applicant, until more people join).
  const owners = members.filter((member) => member.role === 'owner');
  const mails = (
    await Promise.all(
      owners.map((owner) =>
        profileReviewedMail(deps, {
          uid: owner.uid,
          storeName: company.name,
          review,
          round,
          reason,
        }),
      ),
    )
  ).flat();

  await deps.db.runTransaction(async (tx) => {
    const current = readCompany(companyId, (await tx.get(companyRef)).data());
    if (current?.status !== from) {
      throw new PreconditionError(
        `The profile changed meanwhile (now ${current?.status ?? 'missing'}).`,
      );
    }
    const currentMembers = await membersOf(deps.db, companyId, tx);
    const writeMails = await stageMails(tx, deps.db, mails);
    const reviewed = {
      status: to,
      // A reopened company waits for a review again: it has none (the history is in audit_log).
      reviewed_at: review === 'reopen' ? FieldValue.delete() : FieldValue.serverTimestamp(),
      reviewed_by: review === 'reopen' ? FieldValue.delete() : actor,
      // A reviewed application stays, verified or not (an unverified applicant's expires).
      [EXPIRES_AT_FIELD]: FieldValue.delete(),
    };
    tx.update(companyRef, { ...reviewed, review_round: round });
    // Every member inherits the company's status (the profile's copy, docs/companies.md).
    for (const member of currentMembers) {
      tx.update(deps.db.doc(paths.profile(member.uid)), {
        ...reviewed,
        role,
        ...(member.uid === applicant.uid ? { email_verified: applicant.emailVerified } : {}),
        ...(review === 'reopen' ? { review_round: round } : {}),
      });
    }
    // The Overview's "approved buyers" counts it on today's business day, in the same commit.
    if (countsApproval) applyApprovalRollup(tx, deps.db, new Date());
    writeMails();
    const entry: AuditEntry = {
      action: 'profile.status_changed',
      actor,
      target: companyId,
      from,
      to,
      at: FieldValue.serverTimestamp(),
      review,
      ...(reason !== undefined ? { reason } : {}),
    };
    tx.create(auditRef(deps.db), entry);
  });

  if (!takesAccess) for (const member of members) await applyClaims(deps, member, role, to);
  return { uid, role, from, status: to, review, synced: false };
}

/** Whether the audit log has approved this company before. */
async function wasApproved(deps: AccountsDeps, companyId: string): Promise<boolean> {
  const earlier = await deps.db
    .collection(COLLECTIONS.auditLog)
    .where('target', '==', companyId)
    .where('action', '==', 'profile.status_changed')
    .where('to', '==', 'approved')
    .limit(1)
    .get();
  return !earlier.empty;
}

/** Why a change is not a review, in words a manager can act on. */
function refusalOf(from: ProfileStatus, to: ProfileStatus): string {
  if (from === 'rejected' && to === 'approved') {
    return 'A rejected profile cannot be approved directly: reopen it first.';
  }
  return `A ${from} profile cannot become ${to}.`;
}

/**
 * Makes a user a manager (claims CLI only: there is no callable for it). The profile is updated,
 * or created when the user never applied, with the audit entry in the same transaction; the
 * claims come last, so a failure leaves the user without the new access.
 */
export async function grantManager(
  deps: AccountsDeps,
  uid: string,
  actor: string,
): Promise<{ uid: string; from: string | null }> {
  const user = await findUser(deps.auth, uid);
  if (!user) throw new NotFoundError(`No user with uid ${uid}.`);
  if (user.customClaims?.role === 'manager')
    throw new PreconditionError('The user is already a manager.');
  // A manager sees every buyer and order: only an account that proved its address and is in use.
  if (user.disabled) throw new PreconditionError('The account is disabled.');
  if (!user.emailVerified) {
    throw new PreconditionError(
      'The email address is not verified. The user verifies it first (the link in their mail, or "Resend verification email").',
    );
  }
  const profileRef = deps.db.doc(paths.profile(uid));
  let from: string | null = null;
  await deps.db.runTransaction(async (tx) => {
    const snapshot = await tx.get(profileRef);
    const reviewed = {
      role: 'manager',
      status: 'approved',
      reviewed_at: FieldValue.serverTimestamp(),
      reviewed_by: actor,
    };
    if (snapshot.exists) {
      const profile = readProfile(snapshot.data());
      from = profile ? `${profile.role}/${profile.status}` : null;
      tx.update(profileRef, reviewed);
    } else {
      tx.create(profileRef, {
        user_id: uid,
        full_name: user.displayName ?? '',
        store_name: '',
        seller_permit_id: '',
        created_at: FieldValue.serverTimestamp(),
        ...reviewed,
      });
    }
    const entry: AuditEntry = {
      action: 'profile.manager_granted',
      actor,
      target: uid,
      from,
      to: 'manager/approved',
      at: FieldValue.serverTimestamp(),
    };
    tx.create(auditRef(deps.db), entry);
  });
  await deps.auth.setCustomUserClaims(uid, {
    ...(user.customClaims ?? {}),
    role: 'manager',
    status: 'approved',
  });
  return { uid, from };
}

/**
 * Takes manager access away (claims CLI only): the claims lose role and status, the refresh
 * tokens are revoked so the session ends, and the profile reads rejected, with the audit entry.
 * The last manager is never revoked, so the portal always has someone to approve applicants.
 */
export async function revokeManager(
  deps: AccountsDeps,
  uid: string,
  actor: string,
): Promise<{ uid: string }> {
  const user = await findUser(deps.auth, uid);
  if (!user) throw new NotFoundError(`No user with uid ${uid}.`);
  if (user.customClaims?.role !== 'manager')
    throw new PreconditionError('The user is not a manager.');
  const managers = await deps.db
    .collection(COLLECTIONS.profiles)
    .where('role', '==', 'manager')
    .where('status', '==', 'approved')
    .get();
  if (managers.docs.filter((doc) => doc.id !== uid).length === 0) {
    throw new PreconditionError('This is the last manager. Grant another manager first.');
  }
  // Access goes first: if the profile commit fails, the user has already lost it.
  const { role: _role, status: _status, ...rest } = user.customClaims ?? {};
  await deps.auth.setCustomUserClaims(uid, rest);
  await deps.auth.revokeRefreshTokens(uid);
  const profileRef = deps.db.doc(paths.profile(uid));
  await deps.db.runTransaction(async (tx) => {
    const snapshot = await tx.get(profileRef);
    if (snapshot.exists) {
      tx.update(profileRef, {
        status: 'rejected',
        reviewed_at: FieldValue.serverTimestamp(),
        reviewed_by: actor,
      });
    }
    const entry: AuditEntry = {
      action: 'profile.manager_revoked',
      actor,
      target: uid,
      from: 'manager/approved',
      to: 'manager/rejected',
      at: FieldValue.serverTimestamp(),
    };
    tx.create(auditRef(deps.db), entry);
  });
  return { uid };
}
