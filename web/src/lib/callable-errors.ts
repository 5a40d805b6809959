/**
 * Errors of the callable functions, as the client SDK reports them: a FunctionsError whose
 * `code` is 'functions/<code>' and whose message is the server's. Duck-typed (tests build plain
 * errors) and free of Firebase imports, so the landing page may use it.
 */
export function callableErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  return typeof code === 'string' ? code.replace(/^functions\//, '') : undefined;
}

/** Whether the call failed with this code ('resource-exhausted', 'not-found', ...). */
export function isCallableError(error: unknown, code: string): boolean {
  return callableErrorCode(error) === code;
}

/**
 * What a refused App Check token reads as: the Functions runtime answers a call without a valid
 * token with a bare 'Unauthenticated' (reCAPTCHA blocked by a content blocker, say).
 */
export const APP_CHECK_REFUSED =
  'We could not verify this browser. Reload the page and try again; if it keeps happening, allow this site in your content blocker.';

/** The server's message of a failed call, or the fallback when there is none. */
export function callableErrorMessage(error: unknown, fallback: string): string {
  if (isCallableError(error, 'unauthenticated') && (error as Error).message === 'Unauthenticated') {
    return APP_CHECK_REFUSED;
  }
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return fallback;
}
