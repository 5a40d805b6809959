import type { AcceptInvitationRequest } from '@portal/domain';
import { auth } from '@/lib/firebase';
import { readClaims } from '@/lib/session';
import { callAcceptInvitation } from '@/lib/callables';

/**
 * Accepts an invitation: signed in as the invited address, or (signed out) creating the account
 * with a name and password. The ID token is refreshed afterwards so it carries the company.
 */
export async function acceptInvitation(request: AcceptInvitationRequest) {
  const answer = await callAcceptInvitation(request);
  const user = auth.currentUser;
  if (user) await readClaims(user, true);
  return answer;
}

/** The account signed in on this browser (after Firebase Auth restored it), or null. */
export async function currentAccount(): Promise<{ email: string } | null> {
  await auth.authStateReady();
  const user = auth.currentUser;
  return user ? { email: user.email ?? '' } : null;
}
