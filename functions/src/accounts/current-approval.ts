import { membershipOf, paths } from '@portal/domain';
import type { Member } from '../companies/company-record';
import { authErrorCode } from '../lib/auth-users';
import type { Context } from '../lib/context';
import { NOT_APPROVED } from '../lib/caller';
import { NotAllowedError } from '../lib/errors';

/**
 * Whether a buyer may still order, asked of Firestore and Auth rather than of the ID token: a
 * token keeps the claims it was minted with for up to an hour after a rejection, and outlives a
 * disabled or deleted account as long. The callables that take or confirm a payment
 * (createCheckoutSession, verifyPayment) and the recording of a payment
 * (checkout/checkout-transitions.ts) ask this too.
 */

/** Whether the buyer's Auth account still exists and is enabled. */
export async function buyerAccountOpen(deps: Pick<Context, 'auth'>, uid: string): Promise<boolean> {
  return (await buyerAccount(deps, uid)).open;
}

/** The buyer's Auth account: whether it still exists and is enabled, and its address. */
export async function buyerAccount(
  deps: Pick<Context, 'auth'>,
  uid: string,
): Promise<{ open: boolean; email: string | null }> {
  try {
    const user = await deps.auth.getUser(uid);
    return { open: !user.disabled, email: user.email ?? null };
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return { open: false, email: null };
    throw error;
  }
}

/**
 * Refuses (NotAllowedError) a buyer whose profile is not approved now or whose account closed;
 * else answers their place in their company as the profile records it (membershipOfUser's, from
 * the same read).
 */
export async function requireCurrentlyApproved(
  deps: Pick<Context, 'db' | 'auth'>,
  uid: string,
): Promise<Member> {
  const [profile, open] = await Promise.all([
    deps.db.doc(paths.profile(uid)).get(),
    buyerAccountOpen(deps, uid),
  ]);
  // A member removed from their company keeps an approved profile that names no company.
  const membership = membershipOf(profile.data());
  if (profile.get('status') !== 'approved' || !membership || !open) {
    throw new NotAllowedError(NOT_APPROVED);
  }
  return { uid, ...membership };
}
