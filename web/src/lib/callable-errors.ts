/**
 * Errors of the callable functions, as the client SDK reports them: a FunctionsError whose
 * `code` is 'functions/<code>' and whose message is the server's, followed by the HTTP status
 * the SDK appends (`Only 3 left of Blue Coast Syrup. [400]`). Duck-typed (tests build plain
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

/** The ` [400]` the Functions SDK appends to the server's message. */
const HTTP_STATUS_SUFFIX = /\s*\[\d{1,3}\]$/;

/**
 * Codes whose message is never for people: a crash in a function (the runtime answers
 * 'INTERNAL'), a call that timed out or never reached the server (network down: the SDK says
 * 'internal'), or something the server does not do. The person gets the screen's own words.
 */
const NOT_FOR_PEOPLE = new Set([
  'internal',
  'unknown',
  'deadline-exceeded',
  'cancelled',
  'data-loss',
  'unimplemented',
]);

/** Every code of a callable error, in the forms the SDK and the runtime write them. */
const CODE_NAMES = new Set([
  'ok',
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
]);

/**
 * A message the SDK or the Functions runtime made up rather than one our functions wrote: the
 * code's own name ('internal', 'UNAVAILABLE'), 'Backend error status: …', or the SDK's words
 * about a malformed answer.
 */
function isMachineMessage(message: string): boolean {
  if (CODE_NAMES.has(message.toLowerCase().replaceAll('_', '-'))) return true;
  return (
    /^(unknown )?backend error status/i.test(message) ||
    /^response is (not valid|missing)/i.test(message)
  );
}

/** The server's words of a failed call: its message without the SDK's ` [400]`, trimmed. */
function serverWords(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('message' in error)) return '';
  const { message } = error;
  return typeof message === 'string' ? message.replace(HTTP_STATUS_SUFFIX, '').trim() : '';
}

/**
 * The server's message when it is written for the person reading the screen (`Orders can total
 * at most $999,999.99; split this one.`, `Your account is not approved for ordering.`,
 * `Too many requests. Try again later.`), else null: a crash, a timeout, a network failure or a
 * message the SDK made up. An invalid-argument names the field first (`interval: Standing orders
 * are delivered every 2, 4 or 8 weeks.`): the field's name is left out. An error without a code
 * (not a callable's) keeps its message.
 */
export function userFacingCallableMessage(error: unknown): string | null {
  const code = callableErrorCode(error);
  let message = serverWords(error);
  if (code === 'unauthenticated' && message === 'Unauthenticated') return APP_CHECK_REFUSED;
  if (!message || isMachineMessage(message)) return null;
  if (code !== undefined && NOT_FOR_PEOPLE.has(code)) return null;
  if (code === 'invalid-argument') message = message.replace(/^[A-Za-z_$][\w$]*(\.[\w$]+)*: /, '');
  return message || null;
}

/** The server's message of a failed call when it is written for people, or the fallback. */
export function callableErrorMessage(error: unknown, fallback: string): string {
  return userFacingCallableMessage(error) ?? fallback;
}
