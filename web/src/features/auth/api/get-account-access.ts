import type { User } from 'firebase/auth';
import { resolveAccess } from '@portal/domain';
import { readClaims } from '@/lib/session';

/** Where a freshly signed-in account may go. */
export type AccountAccess = 'manager' | 'approved' | 'pending' | 'rejected' | 'removed';

/** The profile could not be read (or does not exist): the account's status is unknown. */
export class ProfileUnreadableError extends Error {
  constructor(cause?: unknown) {
    super('Could not read the profile of this account', { cause });
    this.name = 'ProfileUnreadableError';
  }
}

/**
 * Decides what a signed-in account may do (docs/product.md#153-login-flow-buyers, docs/product.md#32-how-access-is-decided). The ID token is refreshed
 * first, so an approval given since the last sign-in counts. A manager claim goes to /admin.
 * Portal access needs both the profile and the claims to say "approved buyer" (the security
 * rules check the claims). A rejected profile or claim is 'rejected' (told so, with a way to get
 * in touch); anything else is pending.
 */
export async function getAccountAccess(user: User): Promise<AccountAccess> {
  const claims = await readClaims(user, true);
  if (resolveAccess(claims).kind === 'manager') return 'manager';
  let profile;
  try {
    // Firestore is fetched when a buyer signs in, not with the sign-in page.
    const { fetchProfile } = await import('@/entities/profile');
    profile = await fetchProfile(user.uid);
  } catch (error) {
    throw new ProfileUnreadableError(error);
  }
  if (!profile) throw new ProfileUnreadableError();
  const access = resolveAccess(claims, profile).kind;
  if (access === 'buyer') return 'approved';
  if (access === 'removed') return 'removed';
  return access === 'rejected' ? 'rejected' : 'pending';
}
