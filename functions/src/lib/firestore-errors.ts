/** Firestore's answers the functions act on, by the code its SDK gives them. */

const code = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** A create() of a document that exists (ALREADY_EXISTS). */
export function isAlreadyExists(error: unknown): boolean {
  return code(error) === 6 || code(error) === 'already-exists';
}

/** A write whose precondition (lastUpdateTime, exists) failed (FAILED_PRECONDITION). */
export function isPreconditionFailure(error: unknown): boolean {
  return code(error) === 9 || code(error) === 'failed-precondition';
}
