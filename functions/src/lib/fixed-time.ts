import { setTimeout as sleep } from 'node:timers/promises';
import { log } from './log';

/**
 * Answers that take the same time whatever they found. The callables anyone may call with an
 * address (forgot password, the verified flag's sync, newsletter sign-up) answer the same words
 * whether or not the address has an account, but the work behind them differs: a reset link is
 * generated, a mail rendered and queued, a profile updated only for an address that has one. Timed
 * over a few calls, that difference told who has an account. So each of these answers (its
 * refusals too) waits until ANONYMOUS_ANSWER_MS after the call began, which is longer than the
 * work takes: every answer arrives after the same time.
 *
 * Revealed on purpose: the application form says when an address already has an account,
 * because Firebase Auth's own sign-up (createUserWithEmailAndPassword, which the form calls) says
 * so to anyone, so hiding it here would hide nothing.
 */
export const ANONYMOUS_ANSWER_MS = 400;

/**
 * Runs `work` and answers (or throws) no sooner than `minMs` after the call. Work that takes longer
 * is logged: the time no longer hides what it did, and the minimum should grow.
 */
export async function inFixedTime<T>(
  work: () => Promise<T>,
  minMs: number = ANONYMOUS_ANSWER_MS,
): Promise<T> {
  const started = performance.now();
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await work() };
  } catch (error) {
    outcome = { error };
  }
  const elapsed = performance.now() - started;
  if (elapsed < minMs) await sleep(minMs - elapsed);
  else log.warn('fixed_time_overrun', { elapsed_ms: Math.round(elapsed), min_ms: minMs });
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}
