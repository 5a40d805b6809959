import type { Auth, UserRecord } from 'firebase-admin/auth';

/** The Auth user with this uid, or null when there is none (accounts, search fields, stores). */
export async function findUser(auth: Auth, uid: string): Promise<UserRecord | null> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/** The code of an Admin SDK Auth error ('auth/user-not-found', say), if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
  )
    return error.code;
  return undefined;
}
