/** What every scenario gets (the stack and its clients) and gives back (its rows and checks). */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { RunningStack } from '../stack';
import type { Check } from './firestore-checks';
import type { FunctionsActivity } from './functions-activity';
import type { StepSummary } from './latency';
import type { WebhookRelay } from './webhook-relay';

export interface LoadContext {
  urls: RunningStack['urls'];
  db: Firestore;
  auth: Auth;
  /** An App Check token from the stack's exchange (the callables refuse calls without one). */
  appCheck: string;
  relay: WebhookRelay;
  /** Progress lines (stdout). */
  say: (line: string) => void;
  /**
   * Waits until the Functions emulator has been quiet for a while: the triggers a scenario's
   * setup set off (search fields of new buyers, stock triggers) run before it measures.
   */
  settle: () => Promise<void>;
  /** What the Functions emulator has done so far, counted from its output. */
  functionsActivity: () => FunctionsActivity;
}

export interface ScenarioResult {
  name: string;
  steps: StepSummary[];
  checks: Check[];
  /** Wall time of the measured part (setup excluded). */
  wallMs: number;
  /** Totals and observations printed under the table. */
  notes: string[];
}

/** How a callable's refusal counts: the portal saying no (refused) or something going wrong. */
export function refusalOrError(status: string): 'refused' | 'error' {
  return status === 'FAILED_PRECONDITION' || status === 'RESOURCE_EXHAUSTED' ? 'refused' : 'error';
}

/** The webhook deliveries the relay saw from `since` (an index into relay.deliveries). */
export function deliveryNotes(
  relay: WebhookRelay,
  since: number,
): { notes: string[]; failing: string[] } {
  const deliveries = relay.deliveries.slice(since).filter((d) => d.mode === 'forward');
  const byEvent = new Map<string, number[]>();
  for (const d of deliveries)
    byEvent.set(d.eventId, [...(byEvent.get(d.eventId) ?? []), d.status ?? 0]);
  const ok = (status: number) => status >= 200 && status < 300;
  const non2xx = deliveries.filter((d) => d.status === null || !ok(d.status)).length;
  const retried = [...byEvent.values()].filter((statuses) => statuses.length > 1).length;
  const failing = [...byEvent]
    .filter(([, statuses]) => !ok(statuses[statuses.length - 1] ?? 0))
    .map(([id]) => id);
  return {
    notes: [
      `Stripe's deliveries to stripeWebhook: ${deliveries.length} for ${byEvent.size} events, ${non2xx} not 2xx, ${retried} events retried, ${failing.length} still failing`,
    ],
    failing,
  };
}
