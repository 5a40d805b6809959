import { createHash, randomBytes } from 'node:crypto';
import type { UserRecord } from 'firebase-admin/auth';
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
  COMPANY_LIMITS,
  COMPANY_ROLES,
  EXPIRES_AT_FIELD,
  INVITATION_MESSAGES,
  INVITATION_STATUSES,
  INVITATION_TTL_MS,
  mailboxOf,
  normalizeEmail,
  paths,
  RATE_LIMITS,
  type AcceptInvitationResponse,
  type CompanyRole,
  type InvitationPreview,
  type InvitationStatus,
  type InviteMemberResponse,
} from '@portal/domain';
import { authErrorCode, findUser } from '../lib/auth-users';
import {
  InvalidRequestError,
  NotAllowedError,
  NotFoundError,
  PreconditionError,
  RateLimitedError,
  type PortalError,
} from '../lib/errors';
import { log } from '../lib/log';
import { takeRateLimits, TOO_MANY_REQUESTS, type RateWindow } from '../lib/rate-limit';
import { invitationAcceptedMails, memberInvitationMail } from '../mail/notifications';
import { stageMails } from '../mail/outbox';
import {
  companyById,
  memberClaims,
  membersOf,
  readCompany,
  type CompanyRecord,
} from './company-record';
import {
  applyMemberClaims,
  assignedLocations,
  auditRef,
  callerName,
  COMPANY_NOT_APPROVED,
  companyForOwner,
  companyOfThing,
  joinProblem,
  millisOf,
  personName,
  type CompanyCaller,
  type MemberAuditEntry,
  type MembersDeps,
} from './members';

/**
 * Invitations to join a company (docs/companies.md#members-and-invitations): invitations/{id}
 * (server only). An owner (their own company) or a manager invites an address with a role; the
 * invitation mail carries a link with a single-use token (32 random bytes, base64url) that works
 * for INVITATION_TTL_MS. Only the token's SHA-256 is stored, so a reader of the database (or a
 * backup) cannot use a link. Resending makes a new token (the old link stops working); revoking
 * or accepting ends the invitation.
 *
 * Accepting, signed in with the invited address, adds the account to the company; signed out, it
 * creates the account first (the link proved the address, so it is verified). Either way one
 * transaction re-reads the invitation and the company and writes the member's profile, the
 * invitation's acceptance, the audit entry and the owners' mail; the claims follow. An account
 * the call created is deleted again when that transaction fails.
 */

export const INVITATION_NOT_FOUND = 'Invitation not found.';
export const INVITATION_ACCEPTED = 'This invitation was already accepted.';
export const INVITATION_REVOKED = 'This invitation was withdrawn.';
export const ENTER_NAME_AND_PASSWORD = 'Enter your full name and a password.';
export const ENTER_NAME = 'Enter your full name.';
export const ACCOUNT_GONE = 'Your account no longer exists.';

/** invitations/{id} as the functions read it. */
export interface InvitationRecord {
  id: string;
  companyId: string;
  companyName: string;
  email: string;
  role: CompanyRole;
  locationIds: string[];
  tokenHash: string;
  status: InvitationStatus;
  invitedBy: string;
  invitedByName: string;
  /** ms since the epoch. */
  expiresAt: number;
  sentCount: number;
  acceptedBy: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readInvitation(
  id: string,
  data: DocumentData | undefined,
): InvitationRecord | null {
  if (!data) return null;
  const role = COMPANY_ROLES.find((r) => r === data.role);
  const status = INVITATION_STATUSES.find((s) => s === data.status);
  if (!role || !status || !text(data.company_id) || !text(data.token_hash)) return null;
  return {
    id,
    companyId: text(data.company_id),
    companyName: text(data.company_name),
    email: text(data.email),
    role,
    locationIds: Array.isArray(data.location_ids)
      ? data.location_ids.filter((v): v is string => typeof v === 'string')
      : [],
    tokenHash: text(data.token_hash),
    status,
    invitedBy: text(data.invited_by),
    invitedByName: text(data.invited_by_name),
    expiresAt: millisOf(data.expires_at),
    sentCount: typeof data.sent_count === 'number' ? data.sent_count : 1,
    acceptedBy: text(data.accepted_by) || null,
  };
}

/** The SHA-256 (hex) of a link's token: what invitations/{id} keeps instead of the token. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new link token (INVITATION_TOKEN_PATTERN) and its hash. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: invitationTokenHash(token) };
}

function invitationsOf(db: Firestore) {
  return db.collection(COLLECTIONS.invitations);
}

/** The invitation a link's token opens, or null (a tampered or replaced link). */
async function invitationByToken(
  db: Firestore,
  token: string,
  tx?: Transaction,
): Promise<{ ref: DocumentReference; invitation: InvitationRecord } | null> {
  const query = invitationsOf(db).where('token_hash', '==', invitationTokenHash(token)).limit(1);
  const snapshot = tx ? await tx.get(query) : await query.get();
  const doc = snapshot.docs[0];
  const invitation = doc ? readInvitation(doc.id, doc.data()) : null;
  return doc && invitation ? { ref: doc.ref, invitation } : null;
}

/** Why a link no longer works (used, withdrawn, expired), or null while it does. */
function linkProblem(invitation: InvitationRecord, now: number): PortalError | null {
  if (invitation.status === 'accepted') return new PreconditionError(INVITATION_MESSAGES.used);
  if (invitation.status === 'revoked') return new PreconditionError(INVITATION_MESSAGES.revoked);
  if (invitation.expiresAt <= now) return new PreconditionError(INVITATION_MESSAGES.expired);
  return null;
}

/** The invitation a link opens while it works; refused (nothing changed) otherwise. */
async function workingInvitation(deps: Pick<MembersDeps, 'db' | 'now'>, token: string) {
  const found = await invitationByToken(deps.db, token);
  if (!found) throw new NotFoundError(INVITATION_MESSAGES.notFound);
  const problem = linkProblem(found.invitation, deps.now());
  if (problem) throw problem;
  return found;
}

/** The Auth user with this address, or null. */
async function userByEmail(deps: Pick<MembersDeps, 'auth'>, email: string) {
  try {
    return await deps.auth.getUserByEmail(email);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/** The window of invitation mails to one inbox (every spelling of it: mailboxOf). */
export function invitationInboxWindow(email: string): RateWindow {
  return {
    name: 'invitation-email',
    subject: mailboxOf(email),
    limit: RATE_LIMITS.invitationPerEmail,
  };
}

/**
 * The per-IP limit of the invitation page's calls, which anyone may make signed out (looking a
 * link up, accepting it): RateLimitedError when the window is full.
 */
export async function limitInvitationLink(
  deps: Pick<MembersDeps, 'db' | 'now'>,
  call: 'getInvitation' | 'acceptInvitation',
  ip: string,
): Promise<void> {
  const window: RateWindow =
    call === 'getInvitation'
      ? { name: 'invitation-lookup-ip', subject: ip, limit: RATE_LIMITS.invitationLookupPerIp }
      : { name: 'invitation-accept-ip', subject: ip, limit: RATE_LIMITS.invitationAcceptPerIp };
  if (await takeRateLimits(deps.db, [window], deps.now())) {
    log.warn('rate_limited', { callable: call, by: 'ip' });
    throw new RateLimitedError(TOO_MANY_REQUESTS);
  }
}

const VALID_DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);

/**
 * inviteMember: an invitation (invitations/{id}) and its mail, in one transaction that re-reads
 * the company (approved), its members and its pending invitations, so two calls at once cannot
 * invite one address twice or pass COMPANY_LIMITS.members. Refused (nothing written): an address
 * already a member, another company's or an applicant's, a manager's, one with a pending
 * invitation still working, or a company full of members and invitations. An expired pending
 * invitation to the same address is withdrawn by the new one.
 */
export async function inviteMember(
  deps: MembersDeps,
  caller: CompanyCaller,
  request: {
    companyId?: string | undefined;
    email: string;
    role: CompanyRole;
    locationIds: readonly string[];
  },
): Promise<InviteMemberResponse> {
  const company = await companyForOwner(deps, caller, request.companyId, { approved: true });
  const email = normalizeEmail(request.email);
  const { ids } = await assignedLocations(deps.db, company.id, request.role, request.locationIds);
  const existing = await userByEmail(deps, email);
  if (existing) {
    const profile = (await deps.db.doc(paths.profile(existing.uid)).get()).data();
    const problem = joinProblem(existing, profile, company.id);
    if (problem) throw new PreconditionError(problem);
  }

  const now = deps.now();
  const expiresAt = now + INVITATION_TTL_MS;
  const ref = invitationsOf(deps.db).doc();
  const { token, hash } = newInvitationToken();
  const inviterName = await callerName(deps, caller.uid);
  const mail = await memberInvitationMail(deps, {
    invitationId: ref.id,
    email,
    companyName: company.name,
    inviterName,
    role: request.role,
    token,
    sendCount: 1,
    expiresAt,
    validDays: VALID_DAYS,
  });
  const companyRef = deps.db.doc(paths.company(company.id));

  await deps.db.runTransaction(async (tx) => {
    const current = readCompany(company.id, (await tx.get(companyRef)).data());
    if (current?.status !== 'approved') throw new PreconditionError(COMPANY_NOT_APPROVED);
    const pending = await tx.get(
      invitationsOf(deps.db).where('company_id', '==', company.id).where('status', '==', 'pending'),
    );
    const members = await membersOf(deps.db, company.id, tx);
    const invitations = pending.docs.flatMap((doc) => {
      const invitation = readInvitation(doc.id, doc.data());
      return invitation ? [invitation] : [];
    });
    const working = invitations.filter((invitation) => invitation.expiresAt > now);
    if (working.some((invitation) => invitation.email === email)) {
      throw new PreconditionError(INVITATION_MESSAGES.alreadyInvited);
    }
    if (members.length + working.length >= COMPANY_LIMITS.members) {
      throw new PreconditionError(INVITATION_MESSAGES.tooMany);
    }
    const writeMails = await stageMails(tx, deps.db, [mail], { now });
    for (const stale of invitations) {
      if (stale.email !== email || stale.expiresAt > now) continue;
      tx.update(invitationsOf(deps.db).doc(stale.id), {
        status: 'revoked' satisfies InvitationStatus,
        revoked_at: FieldValue.serverTimestamp(),
        revoked_by: caller.uid,
      });
    }
    tx.create(ref, {
      company_id: company.id,
      company_name: company.name,
      email,
      role: request.role,
      location_ids: ids,
      token_hash: hash,
      status: 'pending' satisfies InvitationStatus,
      invited_by: caller.uid,
      invited_by_name: inviterName,
      created_at: FieldValue.serverTimestamp(),
      expires_at: Timestamp.fromMillis(expiresAt),
      sent_count: 1,
    });
    writeMails();
  });
  log.info('member_invited', {
    companyId: company.id,
    invitationId: ref.id,
    role: request.role,
    by: caller.uid,
  });
  return { invitationId: ref.id };
}

/** The invitation `invitationId` and its company, for its company's owner or a manager. */
async function invitationForOwner(
  deps: MembersDeps,
  caller: CompanyCaller,
  invitationId: string,
  options: { approved: boolean },
): Promise<{ ref: DocumentReference; invitation: InvitationRecord; company: CompanyRecord }> {
  const ref = invitationsOf(deps.db).doc(invitationId);
  const invitation = readInvitation(ref.id, (await ref.get()).data());
  if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
  const company = await companyOfThing(
    deps,
    caller,
    invitation.companyId,
    INVITATION_NOT_FOUND,
    options,
  );
  return { ref, invitation, company };
}

/**
 * resendInvitation: a pending invitation (expired or not) gets a new token (the old link stops
 * working), works for INVITATION_TTL_MS from now, and is mailed again (sent_count + 1, a mail of
 * its own). Counts one mail to the invited inbox (invitationPerEmail).
 */
export async function resendInvitation(
  deps: MembersDeps,
  caller: CompanyCaller,
  request: { invitationId: string },
): Promise<InviteMemberResponse> {
  const { ref, invitation, company } = await invitationForOwner(
    deps,
    caller,
    request.invitationId,
    {
      approved: true,
    },
  );
  if (invitation.status !== 'pending') {
    throw new PreconditionError(
      invitation.status === 'accepted' ? INVITATION_ACCEPTED : INVITATION_REVOKED,
    );
  }
  const now = deps.now();
  const full = await takeRateLimits(deps.db, [invitationInboxWindow(invitation.email)], now);
  if (full) {
    log.warn('rate_limited', { callable: 'resendInvitation', by: full.name, uid: caller.uid });
    throw new RateLimitedError(TOO_MANY_REQUESTS);
  }
  const expiresAt = now + INVITATION_TTL_MS;
  const sendCount = invitation.sentCount + 1;
  const { token, hash } = newInvitationToken();
  const mail = await memberInvitationMail(deps, {
    invitationId: invitation.id,
    email: invitation.email,
    companyName: company.name,
    inviterName: invitation.invitedByName,
    role: invitation.role,
    token,
    sendCount,
    expiresAt,
    validDays: VALID_DAYS,
  });
  await deps.db.runTransaction(async (tx) => {
    const current = readInvitation(ref.id, (await tx.get(ref)).data());
    if (current?.status !== 'pending') {
      throw new PreconditionError(
        current?.status === 'accepted' ? INVITATION_ACCEPTED : INVITATION_REVOKED,
      );
    }
    if (current.sentCount !== invitation.sentCount) {
      throw new PreconditionError('This invitation was just sent again.');
    }
    const writeMails = await stageMails(tx, deps.db, [mail], { now });
    tx.update(ref, {
      token_hash: hash,
      expires_at: Timestamp.fromMillis(expiresAt),
      sent_count: sendCount,
      company_name: company.name,
      last_sent_at: FieldValue.serverTimestamp(),
      last_sent_by: caller.uid,
    });
    writeMails();
  });
  log.info('invitation_resent', {
    companyId: company.id,
    invitationId: invitation.id,
    sentCount: sendCount,
    by: caller.uid,
  });
  return { invitationId: invitation.id };
}

/**
 * revokeInvitation: a pending invitation is withdrawn (its link answers "withdrawn"). Revoking a
 * withdrawn one again changes nothing; an accepted one is refused (remove the member instead).
 */
export async function revokeInvitation(
  deps: MembersDeps,
  caller: CompanyCaller,
  request: { invitationId: string },
): Promise<InviteMemberResponse> {
  const { ref, company } = await invitationForOwner(deps, caller, request.invitationId, {
    approved: false,
  });
  const revoked = await deps.db.runTransaction(async (tx) => {
    const current = readInvitation(ref.id, (await tx.get(ref)).data());
    if (!current) throw new NotFoundError(INVITATION_NOT_FOUND);
    if (current.status === 'accepted') {
      throw new PreconditionError(`${INVITATION_ACCEPTED} Remove the member instead.`);
    }
    if (current.status === 'revoked') return false;
    tx.update(ref, {
      status: 'revoked' satisfies InvitationStatus,
      revoked_at: FieldValue.serverTimestamp(),
      revoked_by: caller.uid,
    });
    return true;
  });
  if (revoked) {
    log.info('invitation_revoked', { companyId: company.id, invitationId: ref.id, by: caller.uid });
  }
  return { invitationId: ref.id };
}

/**
 * getInvitation: what a working link invites to (the invitation page shows it before accepting).
 * A link that does not open an invitation (tampered, or replaced by a resend) is not-found; a
 * used, withdrawn or expired one, or one to a company no longer approved, failed-precondition.
 * Reads only.
 */
export async function invitationPreview(
  deps: MembersDeps,
  token: string,
): Promise<InvitationPreview> {
  const { invitation } = await workingInvitation(deps, token);
  const company = await companyById(deps.db, invitation.companyId);
  if (company?.status !== 'approved') throw new PreconditionError(COMPANY_NOT_APPROVED);
  return {
    companyName: company.name || invitation.companyName,
    role: invitation.role,
    email: invitation.email,
    invitedBy: invitation.invitedByName,
    expiresAt: new Date(invitation.expiresAt).toISOString(),
    accountExists: (await userByEmail(deps, invitation.email)) !== null,
  };
}

/** The caller of acceptInvitation: signed in (their uid), or signed out (null). */
export type AcceptingCaller = { uid: string } | null;

/**
 * acceptInvitation. The link's checks first (as getInvitation), then the person:
 * - signed in: their Auth address must be the invitation's (otherAddress), and they must be free
 *   to join (joinProblem: not a manager, a member, nor an applicant);
 * - signed out: a full name and a password (invalid-argument without), and no account with the
 *   address yet (accountExists: sign in first); the account is created, its address verified.
 * Then one transaction (see above), then the claims. The member who accepted a link may call
 * again (a retry after a lost answer): the same answer, the claims brought in line.
 */
export async function acceptInvitation(
  deps: MembersDeps,
  caller: AcceptingCaller,
  request: { token: string; fullName?: string | undefined; password?: string | undefined },
): Promise<AcceptInvitationResponse> {
  const found = await invitationByToken(deps.db, request.token);
  if (!found) throw new NotFoundError(INVITATION_MESSAGES.notFound);
  const { ref, invitation } = found;
  if (caller && invitation.status === 'accepted' && invitation.acceptedBy === caller.uid) {
    return acceptedAgain(deps, caller.uid, invitation);
  }
  const problem = linkProblem(invitation, deps.now());
  if (problem) throw problem;
  const company = await companyById(deps.db, invitation.companyId);
  if (company?.status !== 'approved') throw new PreconditionError(COMPANY_NOT_APPROVED);

  let user: UserRecord;
  let fullName: string;
  let created = false;
  if (caller) {
    const found = await findUser(deps.auth, caller.uid);
    if (!found) throw new NotFoundError(ACCOUNT_GONE);
    user = found;
    if (normalizeEmail(user.email ?? '') !== invitation.email) {
      throw new NotAllowedError(INVITATION_MESSAGES.otherAddress);
    }
    const profile = (await deps.db.doc(paths.profile(user.uid)).get()).data();
    const refusal = joinProblem(user, profile, company.id);
    if (refusal) throw new PreconditionError(refusal);
    fullName = request.fullName || personName(profile, user);
    if (!fullName) throw new InvalidRequestError(ENTER_NAME);
  } else {
    if (!request.fullName || !request.password) {
      throw new InvalidRequestError(ENTER_NAME_AND_PASSWORD);
    }
    fullName = request.fullName;
    if (await userByEmail(deps, invitation.email)) {
      throw new PreconditionError(INVITATION_MESSAGES.accountExists);
    }
    try {
      user = await deps.auth.createUser({
        email: invitation.email,
        password: request.password,
        displayName: fullName,
        // The link reached this address: it is proven.
        emailVerified: true,
      });
    } catch (error) {
      if (authErrorCode(error) === 'auth/email-already-exists') {
        throw new PreconditionError(INVITATION_MESSAGES.accountExists);
      }
      throw error;
    }
    created = true;
  }

  const owners = (await membersOf(deps.db, company.id)).filter((m) => m.role === 'owner');
  const mails = await invitationAcceptedMails(deps, {
    invitationId: invitation.id,
    companyName: company.name,
    ownerUids: owners.map((owner) => owner.uid),
    memberName: fullName,
    email: invitation.email,
    role: invitation.role,
  });
  const uid = user.uid;
  const profileRef = deps.db.doc(paths.profile(uid));
  const companyRef = deps.db.doc(paths.company(company.id));
  let joined: CompanyRecord = company;
  try {
    await deps.db.runTransaction(async (tx) => {
      const [invitationSnap, companySnap, profileSnap] = await tx.getAll(
        ref,
        companyRef,
        profileRef,
      );
      const current = readInvitation(ref.id, invitationSnap?.data());
      if (current?.tokenHash !== invitation.tokenHash) {
        throw new NotFoundError(INVITATION_MESSAGES.notFound);
      }
      const changed = linkProblem(current, deps.now());
      if (changed) throw changed;
      const currentCompany = readCompany(company.id, companySnap?.data());
      if (currentCompany?.status !== 'approved') throw new PreconditionError(COMPANY_NOT_APPROVED);
      joined = currentCompany;
      const refusal = joinProblem(user, profileSnap?.data(), company.id);
      if (refusal) throw new PreconditionError(refusal);
      const writeMails = await stageMails(tx, deps.db, mails, { now: deps.now() });
      const fields = {
        full_name: fullName,
        email_verified: true,
        // The company's copies (docs/companies.md) and the membership.
        store_name: currentCompany.name,
        seller_permit_id: currentCompany.sellerPermitId,
        role: currentCompany.businessType,
        status: currentCompany.status,
        company_id: currentCompany.id,
        company_role: current.role,
        location_ids: current.role === 'buyer' ? current.locationIds : [],
      };
      if (profileSnap?.exists) {
        tx.update(profileRef, { ...fields, [EXPIRES_AT_FIELD]: FieldValue.delete() });
      } else {
        tx.create(profileRef, {
          user_id: uid,
          created_at: FieldValue.serverTimestamp(),
          ...fields,
        });
      }
      tx.update(ref, {
        status: 'accepted' satisfies InvitationStatus,
        accepted_by: uid,
        accepted_at: FieldValue.serverTimestamp(),
      });
      const entry: MemberAuditEntry = {
        action: 'company.member_joined',
        actor: uid,
        target: uid,
        company: currentCompany.id,
        from: null,
        to: current.role,
        at: FieldValue.serverTimestamp(),
        invitation: current.id,
      };
      tx.create(auditRef(deps.db), entry);
      writeMails();
    });
  } catch (error) {
    // Never an account without its membership: the one this call made goes again.
    if (created) {
      await deps.auth.deleteUser(uid).catch((cleanup: unknown) =>
        log.error('invitation_account_not_removed', {
          uid,
          message: cleanup instanceof Error ? cleanup.message : String(cleanup),
        }),
      );
    }
    throw error;
  }
  if (!created && !user.emailVerified) {
    // Signed in with an unverified address: the link reached it, so it is proven.
    await deps.auth.updateUser(uid, { emailVerified: true });
  }
  await applyMemberClaims(deps, uid, joined, invitation.role);
  log.info('invitation_accepted', {
    companyId: joined.id,
    invitationId: invitation.id,
    uid,
    role: invitation.role,
    accountCreated: created,
  });
  return {
    companyId: joined.id,
    companyName: joined.name,
    role: invitation.role,
    accountCreated: created,
  };
}

/**
 * A second call by the member who accepted the link: the answer of the first, with the claims set
 * again (the first call may have committed and failed before them). Nothing else changes; a
 * member removed or moved since is told the link was used.
 */
async function acceptedAgain(
  deps: MembersDeps,
  uid: string,
  invitation: InvitationRecord,
): Promise<AcceptInvitationResponse> {
  const profile = (await deps.db.doc(paths.profile(uid)).get()).data();
  const company = await companyById(deps.db, invitation.companyId);
  const joinedStill =
    company?.status === 'approved' &&
    profile?.company_id === company.id &&
    profile?.company_role === invitation.role;
  if (!company || !joinedStill) throw new PreconditionError(INVITATION_MESSAGES.used);
  const claims = (await findUser(deps.auth, uid))?.customClaims ?? {};
  const expected = memberClaims(
    { companyId: company.id, role: invitation.role },
    company.businessType,
    company.status,
  );
  if (Object.entries(expected).some(([key, value]) => claims[key] !== value)) {
    await applyMemberClaims(deps, uid, company, invitation.role);
  }
  return {
    companyId: company.id,
    companyName: company.name,
    role: invitation.role,
    accountCreated: false,
  };
}
