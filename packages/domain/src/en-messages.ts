import * as z from 'zod/mini';

/**
 * Checks that carry Zod's own English message (its `en` locale), word for word. Zod Mini loads no
 * locale (form-schemas.ts), so in the web app a check without a message of its own says only
 * "Invalid input". The schemas the web app parses (schemas.ts, standing-orders.ts) use these for
 * such checks, so what a manager reads in the product form or a catalog import ("description:
 * Too big: expected string to have <=1000 characters") is what classic Zod said, without the web
 * app loading the locale. (A value of the wrong type still reads "Invalid input" there; the forms
 * and the import never give one.) The functions load the locale (functions/src/lib/zod-locale.ts):
 * their answers read the same either way, and the callables' contracts need no such checks.
 */

/**
 * Zod's words for a length out of bounds. A length check also runs on a value of the wrong type
 * that has a length (a string where an array belongs), after the type's own issue, and names
 * what it found: "Too big: expected string to have <=8 characters" for an array field.
 */
function lengthMessage(problem: 'Too big' | 'Too small', bound: string, origin: string) {
  const unit = origin === 'string' ? 'characters' : origin === 'array' ? 'items' : null;
  return unit
    ? `${problem}: expected ${origin} to have ${bound} ${unit}`
    : `${problem}: expected ${origin} to be ${bound}`;
}

/** A string or an array of at most `max` characters or items. */
export const lengthAtMost = (max: number) =>
  z.maxLength(max, { error: (issue) => lengthMessage('Too big', `<=${max}`, issue.origin) });

/** A string or an array of at least `min` characters or items. */
export const lengthAtLeast = (min: number) =>
  z.minLength(min, { error: (issue) => lengthMessage('Too small', `>=${min}`, issue.origin) });

/** A number of at least `min`. */
export const atLeast = (min: number) => z.gte(min, `Too small: expected number to be >=${min}`);

/** A number of at most `max`. */
export const atMost = (max: number) => z.lte(max, `Too big: expected number to be <=${max}`);

/** A whole number (a safe integer), as classic Zod's `.int()` said it. */
export const integer = () =>
  z.int({
    error: (issue) =>
      issue.code === 'too_big'
        ? `Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`
        : issue.code === 'too_small'
          ? `Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`
          : 'Invalid input: expected int, received number',
  });

/**
 * Where a value first differs from its schema, in words: "items.0.quantity: Expected number"
 * (the message alone when the value as a whole is wrong). For logs and refusals of stored
 * documents that do not read.
 */
export function firstIssueText(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return 'unreadable';
  return issue.path.length > 0
    ? `${issue.path.map(String).join('.')}: ${issue.message}`
    : issue.message;
}
