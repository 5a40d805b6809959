/**
 * What went wrong inside the Functions emulator while a scenario ran, counted from its output
 * (the stack's `firebase` lines): its one worker killed (a function raised an unhandled error), a
 * request it could not deliver to the worker, and a request run as another function than the one
 * called (firebase-functions handed a request that is not its event: "Cannot determine payload
 * type").
 */
export interface FunctionsActivity {
  workerKilled: number;
  requestFailed: number;
  ranAsOtherFunction: number;
  /**
   * Writes of product documents: each one sets off `onProductChanged` once (the stock folds
   * write them, a checkout no longer does: docs/stock.md).
   */
  productWrites: number;
}

export function noFunctionsActivity(): FunctionsActivity {
  return { workerKilled: 0, requestFailed: 0, ranAsOtherFunction: 0, productWrites: 0 };
}

export function countFunctionsLine(activity: FunctionsActivity, line: string): void {
  if (line.includes('Beginning execution of "onProductChanged"')) activity.productWrites++;
  if (line.includes('Your function was killed')) activity.workerKilled++;
  if (line.includes('Request to function failed')) activity.requestFailed++;
  if (line.includes('Cannot determine payload type')) activity.ranAsOtherFunction++;
}

/** What happened between two counts, as one line for the report. */
export function functionsNote(before: FunctionsActivity, after: FunctionsActivity): string {
  const killed = after.workerKilled - before.workerKilled;
  const failed = after.requestFailed - before.requestFailed;
  const other = after.ranAsOtherFunction - before.ranAsOtherFunction;
  const failures =
    killed + failed + other === 0
      ? 'no worker killed, no request lost'
      : `its worker killed ${killed}×, ${other} requests run as another function, ${failed} requests failed at the worker`;
  return `Functions emulator: ${failures}`;
}
