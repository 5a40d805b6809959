import { createContext, useContext } from 'react';
import { companyRoleCan, isBuyerRole, type BuyerRole, type CompanyRole } from '@portal/domain';
import { useSession } from '@/lib/session';
import { useProfile } from './queries';

/**
 * The uid of the buyer the portal guard lets in: the signed-in one, or, while Firebase Auth still
 * checks the session, the returning buyer whose last view this device shows (lib/last-view.ts).
 */
const NO_LOCATIONS: readonly string[] = [];

export const BuyerUidContext = createContext<string | null>(null);

/**
 * The buyer inside /portal/*: the one the guard let in, or the returning buyer whose last view
 * shows while the guard still checks (the rules check every read and write either way): uid,
 * profile query, the role that picks the price, and their company and role in it (from the
 * profile: fresher than the token's claims).
 */
export function useBuyer() {
  const session = useSession();
  const guarded = useContext(BuyerUidContext);
  const uid = guarded || session.user?.uid || '';
  const profile = useProfile(uid || undefined);
  const role: BuyerRole =
    profile.data && isBuyerRole(profile.data.role) ? profile.data.role : 'retailer';
  const companyId = profile.data?.company_id ?? '';
  const companyRole: CompanyRole = profile.data?.company_role ?? 'viewer';
  const locationIds = profile.data?.location_ids ?? NO_LOCATIONS;
  // What of the company's orders this member reads: all (owners, viewers) or a buyer's share.
  const orderScope = companyRoleCan(companyRole, 'allLocations') ? undefined : { uid, locationIds };
  // Whose prices the catalog shows (the tier and the company's lists), once the profile says.
  const catalogViewer = profile.data ? { role, companyId } : undefined;
  return { uid, profile, role, companyId, companyRole, locationIds, orderScope, catalogViewer };
}
