/**
 * Whether a local stack still has work under way that a test cannot see from outside: trigger
 * events the Firestore emulator has yet to deliver (an event counts until its function has run:
 * GET /emulator/v1/projects/{p}/triggerDeliveries) and the Stripe sandbox's webhook work (events
 * not yet through their first attempt, retries, test clocks advancing: GET /_sandbox/webhooks).
 * A function that writes sets off its triggers before it answers, and a webhook is under way
 * until its function answers, so a chain of them keeps the count above 0 until its last link.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface StackWorkTarget {
  firestoreUrl: string;
  stripeUrl: string;
  projectId: string;
}

async function pendingAt(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const { pending } = (await response.json()) as { pending?: unknown };
  if (typeof pending !== 'number') throw new Error(`${url}: the answer has no pending count`);
  return pending;
}

/** The trigger events the Firestore emulator has yet to deliver (0: none). */
export function pendingTriggerEvents(
  target: Pick<StackWorkTarget, 'firestoreUrl' | 'projectId'>,
): Promise<number> {
  return pendingAt(
    `${target.firestoreUrl}/emulator/v1/projects/${target.projectId}/triggerDeliveries`,
  );
}

/** Trigger events still to deliver plus the Stripe sandbox's webhook work (0: both still). */
export async function pendingStackWork(target: StackWorkTarget): Promise<number> {
  const [triggers, webhooks] = await Promise.all([
    pendingTriggerEvents(target),
    pendingAt(`${target.stripeUrl}/_sandbox/webhooks`),
  ]);
  return triggers + webhooks;
}

/**
 * Resolves once the stack has had nothing under way on two looks in a row, `pollMs` apart (with
 * the milliseconds it waited); rejects after `timeoutMs`.
 */
export async function waitForStackStill(
  target: StackWorkTarget,
  { pollMs = 100, timeoutMs = 180_000 }: { pollMs?: number; timeoutMs?: number } = {},
): Promise<number> {
  const started = Date.now();
  let stillLooks = 0;
  for (;;) {
    const pending = await pendingStackWork(target);
    stillLooks = pending === 0 ? stillLooks + 1 : 0;
    if (stillLooks >= 2) return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`the stack still has ${pending} trigger event(s) or webhook(s) under way`);
    }
    await sleep(pollMs);
  }
}
