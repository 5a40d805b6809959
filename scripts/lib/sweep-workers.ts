/**
 * What the local stack's sweep workers (scripts/mail-worker.ts, checkout-worker.ts,
 * tax-worker.ts) print once their first sweep at start has ended, with or without an error. A
 * stack started with `quietSweeps` (the cost report's) waits for it, so that the reads of those
 * sweeps are over before anything is measured.
 */
export const FIRST_SWEEP_DONE = 'first sweep done';
