import { FieldValue } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  paths,
  type BuyerRole,
  type MoveCompanyTierRequest,
  type MoveCompanyTierResponse,
} from '@portal/domain';
import { findUser } from '../lib/auth-users';
import type { Context } from '../lib/context';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { memberClaims, membersOf, readCompany } from './company-record';
import { COMPANY_NOT_FOUND } from './members';

/**
 * A tier move (docs/pricing.md#tier-moves): a manager moves a company between retailer and
 * wholesaler prices, with a reason. One transaction writes the company's business type and
 * `pricing_changed_at` (the cart's notice reads it), every member's profile copy and an audit
 * entry; then each member's claims. The profile is what the rules and checkout price by (the
 * rules read it on every request, checkout reads it), so the move applies on the members' next
 * page load and checkout, whatever their ID tokens still say; the claims follow for the rest.
 * A checkout already open keeps the price it was created with.
 */

type Deps = Pick<Context, 'db' | 'auth'>;

const TIER_NAMES: Readonly<Record<BuyerRole, string>> = {
  retailer: 'retailer',
  wholesaler: 'wholesaler',
};

export async function moveCompanyTier(
  deps: Deps,
  actor: string,
  request: Pick<MoveCompanyTierRequest, 'companyId' | 'businessType'> & { reason: string },
): Promise<MoveCompanyTierResponse & { from: BuyerRole }> {
  const { db } = deps;
  const { companyId, businessType: to, reason } = request;
  const companyRef = db.doc(paths.company(companyId));
  const result = await db.runTransaction(async (tx) => {
    const company = readCompany(companyId, (await tx.get(companyRef)).data());
    if (!company) throw new NotFoundError(COMPANY_NOT_FOUND);
    if (company.businessType === to) {
      throw new PreconditionError(`${company.name} already buys at ${TIER_NAMES[to]} prices.`);
    }
    const members = await membersOf(db, companyId, tx);
    tx.update(companyRef, {
      business_type: to,
      pricing_changed_at: FieldValue.serverTimestamp(),
    });
    for (const member of members) tx.update(db.doc(paths.profile(member.uid)), { role: to });
    tx.set(db.collection(COLLECTIONS.auditLog).doc(), {
      action: 'company.tier_moved',
      actor,
      target: companyId,
      from: company.businessType,
      to,
      reason,
      at: FieldValue.serverTimestamp(),
    });
    return { company, members };
  });
  for (const member of result.members) {
    const user = await findUser(deps.auth, member.uid);
    if (!user) continue;
    await deps.auth.setCustomUserClaims(member.uid, {
      ...(user.customClaims ?? {}),
      ...memberClaims(member, to, result.company.status),
    });
  }
  return { companyId, members: result.members.length, from: result.company.businessType };
}
