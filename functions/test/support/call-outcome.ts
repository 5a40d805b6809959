import { HttpsError } from 'firebase-functions/v2/https';

/** How a call ended, kept as a value so a table of calls can be checked and described. */
export type CallOutcome = { resolved: unknown } | { rejected: unknown };

export async function settle(promise: Promise<unknown>): Promise<CallOutcome> {
  try {
    return { resolved: await promise };
  } catch (error) {
    return { rejected: error };
  }
}

/** One line for a failed expectation: the answer, or the HttpsError code and message. */
export function describeOutcome(outcome: CallOutcome): string {
  if ('resolved' in outcome) return `resolved ${JSON.stringify(outcome.resolved)}`;
  const error = outcome.rejected;
  if (error instanceof HttpsError) return `${error.code}: ${error.message}`;
  return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
}

/** Whether the call was refused with exactly this HttpsError code. */
export function refusedWith(outcome: CallOutcome, code: string): boolean {
  return (
    'rejected' in outcome &&
    outcome.rejected instanceof HttpsError &&
    outcome.rejected.code === code
  );
}
