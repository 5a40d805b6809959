/**
 * Firebase Auth errors as people read them. Firebase's own messages ("Firebase: Error
 * (auth/email-already-in-use).") are not for end users: known codes get a sentence, anything
 * else falls back to the server's message without the SDK prefix, or to the catch-all.
 */
export const CATCH_ALL = 'Something went wrong. Please try again.';
export const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials.';

const FRIENDLY: Readonly<Record<string, string>> = {
  // Says that an address has an account, on purpose: Firebase Auth's sign-up answers this code to
  // anyone who calls it with the address, so hiding it here would hide nothing. Everything else
  // that takes an address without signing in (forgot password, the verified flag, the newsletter)
  // answers the same words after the same time (functions/src/lib/fixed-time.ts).
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/weak-password': 'Password must be at least 6 characters.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/network-request-failed': 'Network error. Check your connection and try again.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
};

const INVALID_CREDENTIAL_CODES = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
]);

/** The `code` of a Firebase error (duck-typed: tests and the SDK build them differently). */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  return typeof code === 'string' ? code : undefined;
}

/** Sign-up found an account with this address already (the apply page links to sign in and reset). */
export function isEmailInUse(error: unknown): boolean {
  return authErrorCode(error) === 'auth/email-already-in-use';
}

/** An error thrown by Firebase Auth (or by the server behind it), as opposed to a bug or a crash. */
export function isAuthError(error: unknown): boolean {
  return authErrorCode(error)?.startsWith('auth/') ?? false;
}

/** Wrong email or password, whichever way the server says it. */
export function isInvalidCredentials(error: unknown): boolean {
  const code = authErrorCode(error);
  if (code && INVALID_CREDENTIAL_CODES.has(code)) return true;
  return error instanceof Error && error.message.includes('Invalid login credentials');
}

/** "Firebase: Some text (auth/x)." -> "Some text"; "Firebase: Error (auth/x)." -> undefined. */
function serverText(message: string): string | undefined {
  const text = message
    .replace(/^Firebase:\s*/, '')
    .replace(/\s*\(auth\/[\w-]+\)\.?$/, '')
    .trim();
  if (!text || text === 'Error') return undefined;
  return text;
}

/** The text of an auth error toast: a friendly sentence, the server's message, or the catch-all. */
export function authErrorText(error: unknown, fallback = CATCH_ALL): string {
  if (isInvalidCredentials(error)) return INVALID_CREDENTIALS;
  const code = authErrorCode(error);
  const friendly = code ? FRIENDLY[code] : undefined;
  if (friendly) return friendly;
  if (error instanceof Error) return serverText(error.message) ?? fallback;
  return fallback;
}
