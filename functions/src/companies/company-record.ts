import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  BUYER_ROLES,
  COLLECTIONS,
  membershipOf,
  paths,
  PROFILE_STATUSES,
  type BuyerRole,
  type Membership,
  type ProfileStatus,
  type Role,
} from '@portal/domain';

/**
 * Reading companies/{companyId} and its members (docs/companies.md) for the functions: what the
 * reviews, checkout and the company callables need, parsed, never cast.
 */
export interface CompanyRecord {
  id: string;
  name: string;
  businessType: BuyerRole;
  sellerPermitId: string;
  status: ProfileStatus;
  createdBy: string;
  /** How many times the company was reopened (mailKeys' review round). */
  round: number;
}

export function readCompany(id: string, data: DocumentData | undefined): CompanyRecord | null {
  if (!data) return null;
  const businessType = BUYER_ROLES.find((r) => r === data.business_type);
  const status = PROFILE_STATUSES.find((s) => s === data.status);
  if (!businessType || !status) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const round =
    typeof data.review_round === 'number' && Number.isInteger(data.review_round)
      ? Math.max(0, data.review_round)
      : 0;
  return {
    id,
    name: text(data.name),
    businessType,
    sellerPermitId: text(data.seller_permit_id),
    status,
    createdBy: text(data.created_by),
    round,
  };
}

export async function companyById(db: Firestore, id: string): Promise<CompanyRecord | null> {
  return readCompany(id, (await db.doc(paths.company(id)).get()).data());
}

/** A member: their uid and membership, from their profile. */
export interface Member extends Membership {
  uid: string;
}

/** The members of a company: the profiles that name it (read in `tx` when given). */
export async function membersOf(
  db: Firestore,
  companyId: string,
  tx?: Transaction,
): Promise<Member[]> {
  const query = db.collection(COLLECTIONS.profiles).where('company_id', '==', companyId);
  const snapshot = tx ? await tx.get(query) : await query.get();
  return snapshot.docs.flatMap((doc) => {
    const membership = membershipOf(doc.data());
    return membership?.companyId === companyId ? [{ uid: doc.id, ...membership }] : [];
  });
}

/** The membership a user's profile records, or null (no profile, no company). */
export async function membershipOfUser(db: Firestore, uid: string): Promise<Member | null> {
  const membership = membershipOf((await db.doc(paths.profile(uid)).get()).data());
  return membership ? { uid, ...membership } : null;
}

/**
 * The claims of a company member: the company's role (business type) and status, the company and
 * their role in it (docs/companies.md#claims). Set next to any other claims the user has.
 */
export function memberClaims(
  member: Pick<Membership, 'companyId' | 'role'>,
  role: Role,
  status: ProfileStatus,
) {
  return { role, status, company: member.companyId, company_role: member.role };
}

/** The claims a member keeps once out of every company: everything but the member's four. */
export function claimsWithoutMembership(
  claims: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const {
    role: _role,
    status: _status,
    company: _company,
    company_role: _companyRole,
    ...rest
  } = claims ?? {};
  return rest;
}
