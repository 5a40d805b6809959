/**
 * Whether this tab's Firebase session ended by itself: someone was signed in, then was not, without
 * this tab signing them out (signOutUser, or the sign-up flow's sign-out). That is a session that
 * expired or was revoked (a rejected buyer's, within the hour), or one signed out in another tab.
 * The guards then send the person to sign in again with SESSION_EXPIRED_MESSAGE
 * (docs/product.md#81-guard, docs/product.md#121-access) instead of treating them as a visitor.
 *
 * Fed by Firebase Auth's ID-token listener (session.ts). Kept apart from session.ts, without
 * Firebase, so screens and their tests can read it.
 */
let signedIn = false;
let signOutAsked = false;
let ended = false;

/** Firebase Auth's current user changed: there is one (`present`) or there is none. */
export function noteAuthUser(present: boolean): void {
  if (present) {
    signedIn = true;
    signOutAsked = false;
    ended = false;
    return;
  }
  if (signedIn && !signOutAsked) ended = true;
  signedIn = false;
}

/** This tab is about to sign the user out on purpose: that is no expired session. */
export function noteSignOutAsked(): void {
  signOutAsked = true;
}

/** Whether the last session ended by itself and nobody has been told yet. */
export function sessionEnded(): boolean {
  return ended;
}

/** The person has been sent to sign in again with the message: say it once. */
export function acknowledgeSessionEnd(): void {
  ended = false;
}

/** Back to a fresh tab's state (tests). */
export function resetSessionEnd(): void {
  signedIn = false;
  signOutAsked = false;
  ended = false;
}

/**
 * Above the sign-in form after a session ended by itself (docs/product.md#81-guard,
 * docs/product.md#121-access).
 */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
