import type { UserRecord } from 'firebase-admin/auth';
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  BRAND,
  COLLECTIONS,
  COMPANY_ROLES,
  companyRoleCan,
  INVITATION_MESSAGES,
  isBuyerRole,
  locationSchema,
  membershipOf,
  OWNERS_ONLY,
  paths,
  type CompanyInvitationView,
  type CompanyMemberView,
  type CompanyRole,
  type ListCompanyMembersResponse,
} from '@portal/domain';
import { findUser } from '../lib/auth-users';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import {
  InvalidRequestError,
  NotAllowedError,
  NotFoundError,
  PreconditionError,
} from '../lib/errors';
import { log } from '../lib/log';
import { memberRemovedMail, memberRoleChangedMail } from '../mail/notifications';
import { stageMails } from '../mail/outbox';
import {
  claimsWithoutMembership,
  companyById,
  memberClaims,
  membersOf,
  membershipOfUser,
  type CompanyRecord,
  type Member,
} from './company-record';

/**
 * A company's members (docs/companies.md#members-and-invitations): who may change them, a
 * member's role and locations (changeMemberRole), removal and leaving (removeMember), and the
 * member list (listCompanyMembers). Invitations: invitations.ts.
 *
 * Who may act is decided from the profile, never from the token's company_role (a role changed
 * since the token was issued): the company's owners (their own company) and managers (any
 * company, named). A company always keeps at least one owner.
 *
 * The membership lives on the member's profile (company_id, company_role, location_ids) and is
 * changed in a transaction that re-reads it, with the audit entry and the member's mail; the
 * claims follow after the commit. The security rules read the profile's company and role, so a
 * change reaches the rules at once, the claims with the member's next ID token.
 */

export type MembersDeps = Pick<Context, 'db' | 'auth' | 'env' | 'now'>;

/** The answer of changeMemberRole and removeMember: the member changed (the web client's type). */
export interface MemberChangeResponse {
  uid: string;
}

/** Who is calling: their uid, and whether their token is a manager's (resolveAccess). */
export interface CompanyCaller {
  uid: string;
  manager: boolean;
}

export const COMPANY_NOT_FOUND = 'Company not found.';
export const COMPANY_NOT_APPROVED = 'The company is not approved yet.';
export const CHOOSE_COMPANY = 'Choose the company.';
export const CHOOSE_LOCATIONS = 'Choose locations of this company.';
export const MEMBER_NOT_FOUND = 'This person is not a member of the company.';
export const NOT_YOUR_COMPANY = 'You can only see the members of your own company.';

/** The audit_log entries of member changes (docs/data-model.md#audit_logid). */
export type MemberAuditAction =
  'company.member_joined' | 'company.member_role_changed' | 'company.member_removed';

export interface MemberAuditEntry {
  action: MemberAuditAction;
  actor: string;
  target: string;
  company: string;
  from: CompanyRole | null;
  to: CompanyRole | null;
  at: FieldValue;
  /** A buyer's locations after the change. */
  location_ids?: string[];
  /** The invitation a member joined with. */
  invitation?: string;
}

export function auditRef(db: Firestore) {
  return db.collection(COLLECTIONS.auditLog).doc();
}

/**
 * The company a caller acts on as its owner or a manager: a manager names it (`companyId`), an
 * owner acts on their own (naming it is allowed, naming another is refused). A buyer or viewer
 * is refused with OWNERS_ONLY, someone in no company with NOT_APPROVED. With `approved`, the
 * company must be approved.
 */
export async function companyForOwner(
  deps: Pick<MembersDeps, 'db'>,
  caller: CompanyCaller,
  companyId: string | undefined,
  options: { approved: boolean },
): Promise<CompanyRecord> {
  let id: string;
  if (caller.manager) {
    if (!companyId) throw new InvalidRequestError(CHOOSE_COMPANY);
    id = companyId;
  } else {
    const member = await membershipOfUser(deps.db, caller.uid);
    if (!member) throw new NotAllowedError(NOT_APPROVED);
    if (!companyRoleCan(member.role, 'manage')) throw new NotAllowedError(OWNERS_ONLY);
    if (companyId !== undefined && companyId !== member.companyId) {
      throw new NotAllowedError(OWNERS_ONLY);
    }
    id = member.companyId;
  }
  const company = await companyById(deps.db, id);
  if (!company) throw new NotFoundError(COMPANY_NOT_FOUND);
  if (options.approved && company.status !== 'approved') {
    throw new PreconditionError(COMPANY_NOT_APPROVED);
  }
  return company;
}

/**
 * The company of a thing (an invitation, a member) a caller acts on: a manager may act on any;
 * an owner on their own company's only (anything of another company is `notFound` to them, so
 * nothing tells them it exists); a buyer or viewer of the company is refused with OWNERS_ONLY.
 */
export async function companyOfThing(
  deps: Pick<MembersDeps, 'db'>,
  caller: CompanyCaller,
  companyId: string,
  notFound: string,
  options: { approved: boolean },
): Promise<CompanyRecord> {
  if (!caller.manager) {
    const member = await membershipOfUser(deps.db, caller.uid);
    if (!member || member.companyId !== companyId) throw new NotFoundError(notFound);
    if (!companyRoleCan(member.role, 'manage')) throw new NotAllowedError(OWNERS_ONLY);
  }
  const company = await companyById(deps.db, companyId);
  if (!company) throw new NotFoundError(notFound);
  if (options.approved && company.status !== 'approved') {
    throw new PreconditionError(COMPANY_NOT_APPROVED);
  }
  return company;
}

/**
 * The locations a member of `role` is assigned: a buyer's must be one or more of the company's
 * locations, none archived (each named once); owners and viewers cover all and get none.
 */
export async function assignedLocations(
  db: Firestore,
  companyId: string,
  role: CompanyRole,
  locationIds: readonly string[],
): Promise<{ ids: string[]; names: string[] }> {
  if (role !== 'buyer') return { ids: [], names: [] };
  const ids = [...new Set(locationIds)];
  if (ids.length === 0) throw new InvalidRequestError(CHOOSE_LOCATIONS);
  const snaps = await db.getAll(...ids.map((id) => db.doc(paths.location(companyId, id))));
  const names = snaps.map((snap) => {
    const parsed = locationSchema.safeParse(snap.data());
    if (!snap.exists || !parsed.success || parsed.data.archived) {
      throw new InvalidRequestError(CHOOSE_LOCATIONS);
    }
    return parsed.data.name;
  });
  return { ids, names };
}

/**
 * Why a person (an Auth user and their profile, if any) cannot join `companyId`: a manager, a
 * member of it already, a member of another company or an applicant (whose application makes a
 * company of its own). Null when they may: no profile, or a profile in no company (a person
 * removed from a company, say).
 */
export function joinProblem(
  user: Pick<UserRecord, 'customClaims'> | null,
  profile: DocumentData | undefined,
  companyId: string,
): string | null {
  if (user?.customClaims?.role === 'manager' || profile?.role === 'manager') {
    return INVITATION_MESSAGES.manager;
  }
  const membership = membershipOf(profile);
  if (membership?.companyId === companyId) return INVITATION_MESSAGES.alreadyMember;
  if (membership) return INVITATION_MESSAGES.otherCompany;
  if (profile && isBuyerRole(profile.role) && profile.status === 'pending') {
    return INVITATION_MESSAGES.otherCompany;
  }
  return null;
}

/** A person's name as the company sees it: the profile's, else the Auth display name, else ''. */
export function personName(profile: DocumentData | undefined, user: UserRecord | null): string {
  const fromProfile = typeof profile?.full_name === 'string' ? profile.full_name.trim() : '';
  return fromProfile || user?.displayName?.trim() || '';
}

/** The name an invitation says it is from: the caller's, or the brand's team for a nameless one. */
export async function callerName(deps: Pick<MembersDeps, 'db' | 'auth'>, uid: string) {
  const [profile, user] = await Promise.all([
    deps.db.doc(paths.profile(uid)).get(),
    findUser(deps.auth, uid),
  ]);
  return personName(profile.data(), user) || user?.email || `The ${BRAND.name} team`;
}

/**
 * Sets a member's claims { role, status, company, company_role } from the company, keeping any
 * other claims. Nothing for a user that no longer exists.
 */
export async function applyMemberClaims(
  deps: Pick<MembersDeps, 'auth'>,
  uid: string,
  company: CompanyRecord,
  role: CompanyRole,
): Promise<void> {
  const user = await findUser(deps.auth, uid);
  if (!user) return;
  await deps.auth.setCustomUserClaims(uid, {
    ...(user.customClaims ?? {}),
    ...memberClaims({ companyId: company.id, role }, company.businessType, company.status),
  });
}

/** Whether a company keeps an owner other than `uid` (read in the caller's transaction). */
function anotherOwner(members: readonly Member[], uid: string): boolean {
  return members.some((member) => member.uid !== uid && member.role === 'owner');
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * The member `uid` and their company, for a caller who acts on them: a manager, or an owner of
 * the member's (approved) company. Anyone else gets MEMBER_NOT_FOUND (another company's owner)
 * or OWNERS_ONLY (a buyer or viewer of the company).
 */
async function memberForOwner(
  deps: MembersDeps,
  caller: CompanyCaller,
  uid: string,
): Promise<{ member: Member; company: CompanyRecord }> {
  const member = await membershipOfUser(deps.db, uid);
  if (!member) throw new NotFoundError(MEMBER_NOT_FOUND);
  const company = await companyOfThing(deps, caller, member.companyId, MEMBER_NOT_FOUND, {
    approved: !caller.manager,
  });
  return { member, company };
}

/**
 * changeMemberRole: a member's role and, for a buyer, their locations. The company keeps at least
 * one owner: an owner hands ownership over by making another member owner, then changing their
 * own role. A change to what the member already has changes nothing (no mail, no audit entry).
 */
export async function changeMemberRole(
  deps: MembersDeps,
  caller: CompanyCaller,
  request: { uid: string; role: CompanyRole; locationIds: readonly string[] },
): Promise<MemberChangeResponse> {
  const { member, company } = await memberForOwner(deps, caller, request.uid);
  const { ids, names } = await assignedLocations(
    deps.db,
    company.id,
    request.role,
    request.locationIds,
  );
  if (member.role === request.role && sameIds(member.locationIds, ids)) return { uid: member.uid };

  const profileRef = deps.db.doc(paths.profile(member.uid));
  const entryRef = auditRef(deps.db);
  const mails = await memberRoleChangedMail(deps, {
    uid: member.uid,
    changeId: entryRef.id,
    companyName: company.name,
    role: request.role,
    locationNames: names,
  });
  let from: CompanyRole = member.role;
  await deps.db.runTransaction(async (tx) => {
    const current = membershipOf((await tx.get(profileRef)).data());
    if (current?.companyId !== company.id) throw new NotFoundError(MEMBER_NOT_FOUND);
    from = current.role;
    if (current.role === 'owner' && request.role !== 'owner') {
      const members = await membersOf(deps.db, company.id, tx);
      if (!anotherOwner(members, member.uid)) {
        throw new PreconditionError(INVITATION_MESSAGES.lastOwner);
      }
    }
    const writeMails = await stageMails(tx, deps.db, mails, { now: deps.now() });
    tx.update(profileRef, { company_role: request.role, location_ids: ids });
    const entry: MemberAuditEntry = {
      action: 'company.member_role_changed',
      actor: caller.uid,
      target: member.uid,
      company: company.id,
      from: current.role,
      to: request.role,
      at: FieldValue.serverTimestamp(),
      ...(request.role === 'buyer' ? { location_ids: ids } : {}),
    };
    tx.create(entryRef, entry);
    writeMails();
  });
  await applyMemberClaims(deps, member.uid, company, request.role);
  log.info('member_role_changed', {
    companyId: company.id,
    target: member.uid,
    from,
    to: request.role,
    by: caller.uid,
  });
  return { uid: member.uid };
}

/**
 * removeMember: the member leaves the company (their profile keeps the person, loses the
 * membership), their claims lose role, status, company and company role, and their refresh
 * tokens are revoked. The rules read the profile, so access ends at once. A member may remove
 * themselves (leave), unless they are its last owner. Orders and standing orders stay the
 * company's.
 */
export async function removeMember(
  deps: MembersDeps,
  caller: CompanyCaller,
  request: { uid: string },
): Promise<MemberChangeResponse> {
  const leaving = request.uid === caller.uid;
  let member: Member;
  let company: CompanyRecord;
  if (leaving) {
    const own = await membershipOfUser(deps.db, caller.uid);
    const found = own ? await companyById(deps.db, own.companyId) : null;
    if (!own || !found) throw new NotFoundError(MEMBER_NOT_FOUND);
    member = own;
    company = found;
  } else {
    ({ member, company } = await memberForOwner(deps, caller, request.uid));
  }

  const profileRef = deps.db.doc(paths.profile(member.uid));
  const entryRef = auditRef(deps.db);
  const mails = await memberRemovedMail(deps, {
    uid: member.uid,
    changeId: entryRef.id,
    companyName: company.name,
    left: leaving,
  });
  await deps.db.runTransaction(async (tx) => {
    const current = membershipOf((await tx.get(profileRef)).data());
    if (current?.companyId !== company.id) throw new NotFoundError(MEMBER_NOT_FOUND);
    if (current.role === 'owner') {
      const members = await membersOf(deps.db, company.id, tx);
      if (!anotherOwner(members, member.uid)) {
        throw new PreconditionError(INVITATION_MESSAGES.lastOwner);
      }
    }
    const writeMails = await stageMails(tx, deps.db, mails, { now: deps.now() });
    tx.update(profileRef, { company_id: null, company_role: null, location_ids: [] });
    const entry: MemberAuditEntry = {
      action: 'company.member_removed',
      actor: caller.uid,
      target: member.uid,
      company: company.id,
      from: current.role,
      to: null,
      at: FieldValue.serverTimestamp(),
    };
    tx.create(entryRef, entry);
    writeMails();
  });
  const user = await findUser(deps.auth, member.uid);
  if (user) {
    await deps.auth.setCustomUserClaims(member.uid, claimsWithoutMembership(user.customClaims));
    await deps.auth.revokeRefreshTokens(member.uid);
  }
  log.info('member_removed', {
    companyId: company.id,
    target: member.uid,
    by: caller.uid,
    leaving,
  });
  return { uid: member.uid };
}

const ROLE_ORDER = new Map(COMPANY_ROLES.map((role, i) => [role, i]));

/**
 * listCompanyMembers: the company's members (names from their profiles, addresses from Auth),
 * owners first, then by name. Any approved member sees their own company's members; managers
 * any company's (named). Pending invitations (expired ones flagged) only for its owners and
 * managers.
 */
export async function listCompanyMembers(
  deps: MembersDeps,
  caller: CompanyCaller,
  request: { companyId?: string | undefined },
): Promise<ListCompanyMembersResponse> {
  let company: CompanyRecord | null;
  let seesInvitations: boolean;
  if (caller.manager) {
    if (!request.companyId) throw new InvalidRequestError(CHOOSE_COMPANY);
    company = await companyById(deps.db, request.companyId);
    if (!company) throw new NotFoundError(COMPANY_NOT_FOUND);
    seesInvitations = true;
  } else {
    const own = await membershipOfUser(deps.db, caller.uid);
    if (!own) throw new NotAllowedError(NOT_APPROVED);
    if (request.companyId !== undefined && request.companyId !== own.companyId) {
      throw new NotAllowedError(NOT_YOUR_COMPANY);
    }
    company = await companyById(deps.db, own.companyId);
    if (company?.status !== 'approved') throw new NotAllowedError(NOT_APPROVED);
    seesInvitations = companyRoleCan(own.role, 'manage');
  }

  const members = await membersOf(deps.db, company.id);
  const [profiles, users] = await Promise.all([
    members.length > 0
      ? deps.db.getAll(...members.map((m) => deps.db.doc(paths.profile(m.uid))))
      : Promise.resolve([]),
    members.length > 0
      ? deps.auth.getUsers(members.map((m) => ({ uid: m.uid })))
      : Promise.resolve({ users: [] as UserRecord[] }),
  ]);
  const userOf = new Map(users.users.map((user) => [user.uid, user]));
  const views: CompanyMemberView[] = members.map((member, i) => {
    const user = userOf.get(member.uid) ?? null;
    return {
      uid: member.uid,
      fullName: personName(profiles[i]?.data(), user),
      email: user?.email ?? '',
      role: member.role,
      locationIds: member.role === 'buyer' ? member.locationIds : [],
    };
  });
  views.sort(
    (a, b) =>
      (ROLE_ORDER.get(a.role) ?? 0) - (ROLE_ORDER.get(b.role) ?? 0) ||
      a.fullName.localeCompare(b.fullName) ||
      a.email.localeCompare(b.email),
  );
  const invitations = seesInvitations ? await pendingInvitationViews(deps, company.id) : [];
  return { members: views, invitations };
}

/** The company's pending invitations as the member list shows them, oldest first. */
async function pendingInvitationViews(
  deps: MembersDeps,
  companyId: string,
): Promise<CompanyInvitationView[]> {
  const snapshot = await deps.db
    .collection(COLLECTIONS.invitations)
    .where('company_id', '==', companyId)
    .where('status', '==', 'pending')
    .get();
  const now = deps.now();
  return snapshot.docs
    .map((doc) => {
      const data = doc.data();
      const expiresAt = millisOf(data.expires_at);
      const role = COMPANY_ROLES.find((r) => r === data.role) ?? 'viewer';
      return {
        createdAt: millisOf(data.created_at),
        view: {
          invitationId: doc.id,
          email: typeof data.email === 'string' ? data.email : '',
          role,
          locationIds:
            role === 'buyer' && Array.isArray(data.location_ids) ? data.location_ids : [],
          invitedBy: typeof data.invited_by_name === 'string' ? data.invited_by_name : '',
          expiresAt: new Date(expiresAt).toISOString(),
          expired: expiresAt <= now,
        } satisfies CompanyInvitationView,
      };
    })
    .sort((a, b) => a.createdAt - b.createdAt)
    .map(({ view }) => view);
}

/** A stored timestamp in ms (0 when missing). */
export function millisOf(value: unknown): number {
  if (value && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
    return (value as { toMillis(): number }).toMillis();
  }
  return 0;
}
