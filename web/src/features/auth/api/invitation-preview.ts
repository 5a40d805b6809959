import { callGetInvitation } from '@/lib/callables';

/**
 * What an invitation link is (company, role, address), or the server's refusal of the link. Its
 * own chunk (Firebase app and Functions, without the Auth SDK), fetched by the invitation page
 * through loadInvitationPreview (load-auth-api.ts) beside the Auth SDK, so the answer does not wait for Auth to download.
 */
export function getInvitation(token: string) {
  return callGetInvitation({ token });
}
