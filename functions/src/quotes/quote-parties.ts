import type { Firestore } from 'firebase-admin/firestore';
import {
  membershipOf,
  paths,
  QUOTE_MESSAGES,
  REMOVED_FROM_COMPANY,
  type Membership,
} from '@portal/domain';
import { companyById, membersOf, type CompanyRecord } from '../companies/company-record';
import { COMPANY_NOT_FOUND } from '../companies/members';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';

/**
 * Who a quote is between (docs/order-lifecycle.md#draft-orders-and-quotes): the company it is
 * for, which must be approved when a draft is written or sent (companies/{id}.status, the record
 * its members' profiles copy), the managers who write and send it, the company's owner who pays a
 * payment link or an order on terms, and the members who decline it.
 */

/** The company, refused when it does not exist or is not approved (pending or rejected). */
export async function approvedCompany(db: Firestore, companyId: string): Promise<CompanyRecord> {
  const company = await companyById(db, companyId);
  if (!company) throw new NotFoundError(COMPANY_NOT_FOUND);
  if (company.status !== 'approved') {
    throw new PreconditionError(QUOTE_MESSAGES.companyNotApproved);
  }
  return company;
}

/** A person's name from their profile ('' when none): the history and the mails show it. */
export async function nameOf(db: Firestore, uid: string): Promise<string> {
  const name: unknown = (await db.doc(paths.profile(uid)).get()).get('full_name');
  return typeof name === 'string' ? name.trim() : '';
}

/** Who pays a payment link or an order on terms: a member, with the address Stripe gets. */
export interface QuotePayer {
  uid: string;
  email?: string;
}

/**
 * The company's owner who pays what a manager sends for the company (the order's user_id): its
 * founding owner while still an owner, else the first other owner; with an enabled account.
 */
export async function ownerPayer(
  deps: Pick<Context, 'db' | 'auth'>,
  company: CompanyRecord,
): Promise<QuotePayer> {
  const owners = (await membersOf(deps.db, company.id))
    .filter((member) => member.role === 'owner')
    .sort(
      (a, b) =>
        Number(b.uid === company.createdBy) - Number(a.uid === company.createdBy) ||
        a.uid.localeCompare(b.uid),
    );
  for (const owner of owners) {
    try {
      const user = await deps.auth.getUser(owner.uid);
      if (user.disabled) continue;
      return user.email ? { uid: owner.uid, email: user.email } : { uid: owner.uid };
    } catch {
      // A deleted account: the next owner.
    }
  }
  throw new PreconditionError(QUOTE_MESSAGES.noOwner);
}

/** A member of a company acting on its quotes, read from their profile (never from the token). */
export interface QuoteMember extends Membership {
  uid: string;
  name: string;
}

/**
 * The caller as an approved member of a company: refused when not approved (their company
 * rejected since, say) or no longer in a company.
 */
export async function quoteMemberOf(db: Firestore, uid: string): Promise<QuoteMember> {
  const profile = (await db.doc(paths.profile(uid)).get()).data();
  if (profile?.status !== 'approved') throw new NotAllowedError(NOT_APPROVED);
  const membership = membershipOf(profile);
  if (!membership) throw new NotAllowedError(REMOVED_FROM_COMPANY);
  const name = typeof profile.full_name === 'string' ? profile.full_name.trim() : '';
  return { uid, name, ...membership };
}
