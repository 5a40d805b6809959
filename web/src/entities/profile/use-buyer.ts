import { isBuyerRole, type BuyerRole } from '@portal/domain';
import { useSession } from '@/lib/session';
import { useProfile } from './queries';

/**
 * The signed-in buyer inside /portal/* (the guard has already checked the session and the
 * approval): uid, profile query, and the role that picks the price.
 */
export function useBuyer() {
  const session = useSession();
  const uid = session.user?.uid ?? '';
  const profile = useProfile(uid || undefined);
  const role: BuyerRole =
    profile.data && isBuyerRole(profile.data.role) ? profile.data.role : 'retailer';
  return { uid, profile, role };
}
