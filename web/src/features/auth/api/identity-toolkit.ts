import { env } from '@/config/env';
import { hostingConfig } from '@/config/firebase-web-config';

/**
 * The one-time codes of our account emails, applied through Firebase Auth's REST API (Identity
 * Toolkit, `accounts:resetPassword` and `accounts:update`), the same requests the Auth SDK sends
 * for them. The page those links open needs nothing else of Auth, and the SDK would more than
 * double its JavaScript. Errors carry the SDK's codes (`auth/expired-action-code`…), so callers
 * read them the same way (lib/auth-errors.ts).
 */

/** A refusal by the Auth server (or no answer at all), with the Auth SDK's error code. */
export class AuthRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

/** The server's error names (the start of `error.message`) and the SDK's codes for them. */
const SERVER_ERRORS: Readonly<Record<string, string>> = {
  INVALID_OOB_CODE: 'auth/invalid-action-code',
  MISSING_OOB_CODE: 'auth/invalid-action-code',
  EXPIRED_OOB_CODE: 'auth/expired-action-code',
  USER_DISABLED: 'auth/user-disabled',
  EMAIL_NOT_FOUND: 'auth/user-not-found',
  USER_NOT_FOUND: 'auth/user-not-found',
  WEAK_PASSWORD: 'auth/weak-password',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'auth/password-does-not-meet-requirements',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
  OPERATION_NOT_ALLOWED: 'auth/operation-not-allowed',
};

/** What the server says about a code it accepted. */
export interface ActionCodeInfo {
  email: string | null;
  requestType: string | null;
}

/** Reads the account and kind of a code without using it (a reset code, a verification code). */
export async function checkActionCode(oobCode: string): Promise<ActionCodeInfo> {
  const body = await post('accounts:resetPassword', { oobCode });
  return { email: text(body.email), requestType: text(body.requestType) };
}

/** Uses a verification code: the account's address is verified. */
export async function applyActionCode(oobCode: string): Promise<void> {
  await post('accounts:update', { oobCode });
}

/** Uses a reset code: the account's password becomes the new one. */
export async function confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
  await post('accounts:resetPassword', { oobCode, newPassword });
}

/** The build's key, or Hosting's (read once per page: a reset link makes two requests). */
async function apiKey(): Promise<string> {
  return env.firebase?.apiKey ?? (await hostingConfig()).apiKey;
}

/** Identity Toolkit's address: the Auth emulator's locally, Google's in production. */
async function endpoint(method: string): Promise<string> {
  const base = env.emulators
    ? `http://${env.emulators.host}:${env.emulators.authPort}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/${method}?key=${encodeURIComponent(await apiKey())}`;
}

async function post(method: string, request: object): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(await endpoint(method), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new AuthRequestError('auth/network-request-failed', 'Network error.');
  }
  const body: unknown = await response.json().catch(() => null);
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (response.ok) return fields;
  throw refusal(response.status, fields.error);
}

/** `{ error: { message: 'WEAK_PASSWORD : Password should be…' } }` to an AuthRequestError. */
function refusal(status: number, error: unknown): AuthRequestError {
  const message =
    typeof error === 'object' && error !== null
      ? text((error as { message?: unknown }).message)
      : null;
  const full = message ?? '';
  const colon = full.indexOf(':');
  const name = (colon < 0 ? full : full.slice(0, colon)).trim();
  const code = SERVER_ERRORS[name] ?? (status >= 500 ? 'auth/internal-error' : 'auth/unknown');
  // Only the server's explanation is a message (WEAK_PASSWORD's); the rest is read by its code.
  return new AuthRequestError(code, colon < 0 ? '' : full.slice(colon + 1).trim());
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
