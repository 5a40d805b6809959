import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { callSyncEmailVerification } from '@/lib/callables';
import { auth } from '@/lib/firebase';

/**
 * The one-time codes of the links in our emails (/auth/action?mode=…&oobCode=…), applied with
 * the Firebase Auth client. Each code works once: callers make sure not to apply it twice.
 */

/**
 * Verifies the address of a verification link and returns it. Then copies the verified flag
 * onto the profile (what the managers' table shows) and refreshes a signed-in user in this
 * browser; neither failure undoes the verification, so both are ignored.
 */
export async function verifyEmailLink(oobCode: string): Promise<string | null> {
  const info = await checkActionCode(auth, oobCode);
  await applyActionCode(auth, oobCode);
  const email = info.data.email ?? null;
  if (email) await callSyncEmailVerification({ email }).catch(() => undefined);
  await auth.currentUser?.reload().catch(() => undefined);
  return email;
}

/** Checks a password reset link's code and returns the account's address. */
export function checkPasswordResetLink(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(auth, oobCode);
}

/** Sets the new password with a checked reset code (the code is used up). */
export function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  return confirmPasswordReset(auth, oobCode, newPassword);
}
