import {
  isBuyerRole,
  isCompanyRole,
  parseAccessClaims,
  type BuyerRole,
  type CompanyRole,
} from './roles';

/**
 * Who may see what: the one access decision of the portal, from the ID token's custom claims and
 * (where it has been read) the profile document. The web guards, the login flows and the
 * functions' caller checks all ask this, so they cannot disagree.
 *
 * - signed-out: no user (claims is null).
 * - manager: the token says manager (and the profile, when given, agrees).
 * - buyer: the token says an approved retailer or wholesaler of a company, with a company role
 *   (and the profile, when given, is the same approved role in the same company; its company role,
 *   fresher than the token's, is the one returned).
 * - rejected: the token or the profile says rejected.
 * - removed: the profile, read, says its person was removed from their company (it names none:
 *   `company_id` null); whatever the token still says.
 * - pending: everything else, including missing or malformed claims and a token that does not
 *   yet reflect an approval. A malformed claim never grants anything and never throws.
 */
export type Access =
  | { kind: 'signed-out' }
  | { kind: 'manager' }
  | { kind: 'buyer'; role: BuyerRole; companyId: string; companyRole: CompanyRole }
  | { kind: 'pending' }
  | { kind: 'rejected' }
  | { kind: 'removed' };

export interface ProfileAccessFields {
  role?: unknown;
  status?: unknown;
  company_id?: unknown;
  company_role?: unknown;
}

export function resolveAccess(rawClaims: unknown, profile?: ProfileAccessFields | null): Access {
  if (rawClaims === null) return { kind: 'signed-out' };
  const claims = parseAccessClaims(rawClaims);
  const checkProfile = profile !== undefined;
  if (claims.status === 'rejected' || (checkProfile && profile?.status === 'rejected')) {
    return { kind: 'rejected' };
  }
  // A member removed from their company: the profile keeps the person and names no company.
  if (checkProfile && profile?.company_id === null && isBuyerRole(profile.role)) {
    return { kind: 'removed' };
  }
  if (claims.role === 'manager') {
    return !checkProfile || profile?.role === 'manager' ? { kind: 'manager' } : { kind: 'pending' };
  }
  const { company, company_role: claimedRole } = claims;
  if (isBuyerRole(claims.role) && claims.status === 'approved' && company && claimedRole) {
    if (!checkProfile) {
      return { kind: 'buyer', role: claims.role, companyId: company, companyRole: claimedRole };
    }
    // The profile is fresher than the token: its company role and its tier (a manager's tier
    // move, docs/pricing.md) win; its status and company must agree.
    const profileAgrees =
      isBuyerRole(profile?.role) &&
      profile?.status === 'approved' &&
      profile?.company_id === company &&
      isCompanyRole(profile?.company_role);
    if (profileAgrees) {
      return {
        kind: 'buyer',
        role: profile.role as BuyerRole,
        companyId: company,
        companyRole: profile.company_role as CompanyRole,
      };
    }
  }
  return { kind: 'pending' };
}
