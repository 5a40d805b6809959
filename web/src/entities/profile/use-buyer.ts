import { createContext, useContext } from 'react';
import { isBuyerRole, type BuyerRole } from '@portal/domain';
import { useSession } from '@/lib/session';
import { useProfile } from './queries';

/**
 * The uid of the buyer the portal guard lets in: the signed-in one, or, while Firebase Auth still
 * checks the session, the returning buyer whose last view this device shows (lib/last-view.ts).
 */
export const BuyerUidContext = createContext<string | null>(null);

/**
 * The signed-in buyer inside /portal/* (the guard has already checked the session and the
 * approval): uid, profile query, and the role that picks the price.
 */
export function useBuyer() {
  const session = useSession();
  const guarded = useContext(BuyerUidContext);
  const uid = guarded || session.user?.uid || '';
  const profile = useProfile(uid || undefined);
  const role: BuyerRole =
    profile.data && isBuyerRole(profile.data.role) ? profile.data.role : 'retailer';
  return { uid, profile, role };
}
