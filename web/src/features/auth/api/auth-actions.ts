import {
  applyActionCode,
  AuthRequestError,
  checkActionCode,
  confirmPasswordReset,
} from './identity-toolkit';

/**
 * The one-time codes of the links in our emails (/auth/action?mode=…&oobCode=…), applied through
 * Auth's REST API (./identity-toolkit.ts): the page loads neither the Auth SDK nor, until an
 * address is verified, any other Firebase code. Each code works once: callers make sure not to
 * apply it twice.
 */

/**
 * Verifies the address of a verification link and returns it. Then copies the verified flag
 * onto the profile (what the managers' table shows); that failing does not undo the
 * verification, so it is ignored. (A person signed in in this browser needs no refresh: the
 * sign-in reads the flag from the server, and no rule or page depends on it before.)
 */
export async function verifyEmailLink(oobCode: string): Promise<string | null> {
  const { email } = await checkActionCode(oobCode);
  await applyActionCode(oobCode);
  if (email) {
    await import('@/lib/callables')
      .then(({ callSyncEmailVerification }) => callSyncEmailVerification({ email }))
      .catch(() => undefined);
  }
  return email;
}

/** Checks a password reset link's code and returns the account's address. */
export async function checkPasswordResetLink(oobCode: string): Promise<string> {
  const { email } = await checkActionCode(oobCode);
  if (!email) throw new AuthRequestError('auth/invalid-action-code', '');
  return email;
}

/** Sets the new password with a checked reset code (the code is used up). */
export function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  return confirmPasswordReset(oobCode, newPassword);
}
