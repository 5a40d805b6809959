import type { AcceptInvitationRequest } from '@portal/domain';
import { auth } from '@/lib/firebase';
import { readClaims } from '@/lib/session';
import { callAcceptInvitation, callGetInvitation } from '@/lib/callables';

/** What an invitation link is (company, role, address), or the server's refusal of the link. */
export function getInvitation(token: string) {
  return callGetInvitation({ token });
}

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
