/**
 * Firestore triggers: the Functions emulator registers its Firestore-triggered functions here and
 * every commit is turned into events for the matching ones, delivered after the commit, in commit
 * order per document, at least once (see event-delivery.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CommitEvent, Databases } from '../engine/database.js';
import { matchDocumentPattern } from './document-pattern.js';
import { EventDelivery, type DeliveryTarget } from './event-delivery.js';
import { eventRequest, type DocumentChangeEvent } from './event-payloads.js';
import { TriggerRegistry, type ChangeKind } from './trigger-registry.js';

export {
  TriggerRegistrationError,
  parseV1Registration,
  parseV2Registration,
} from './trigger-registry.js';
export type { FirestoreTrigger } from './trigger-registry.js';

export interface TriggerDispatcherOptions {
  /** `host:port` of the Functions emulator (firebase-tools passes --functions_emulator). */
  functionsEmulator?: string;
  log: (line: string) => void;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface TriggerDispatcher {
  readonly registry: TriggerRegistry;
  readonly delivery: EventDelivery;
  /** Resolves once every event queued so far was delivered or dropped. */
  idle(): Promise<void>;
  stop(): void;
}

export function parseHostPort(text: string): DeliveryTarget {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim());
  const port = Number(m?.[3]);
  if (!m || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`Expected host:port for the Functions emulator, got "${text}".`);
  }
  return { host: (m[1] ?? m[2]) as string, port };
}

function kindOf(before: unknown, after: unknown): ChangeKind {
  if (!before) return 'created';
  if (!after) return 'deleted';
  return 'updated';
}

export function createTriggerDispatcher(
  databases: Databases,
  options: TriggerDispatcherOptions,
): TriggerDispatcher {
  const registry = new TriggerRegistry();
  const delivery = new EventDelivery({
    target: options.functionsEmulator ? parseHostPort(options.functionsEmulator) : null,
    log: options.log,
    ...(options.initialBackoffMs !== undefined
      ? { initialBackoffMs: options.initialBackoffMs }
      : {}),
    ...(options.maxBackoffMs !== undefined ? { maxBackoffMs: options.maxBackoffMs } : {}),
  });

  const onCommit = (commit: CommitEvent): void => {
    if (registry.size === 0) return;
    const triggers = registry.list(commit.project).filter((t) => t.database === commit.database);
    if (triggers.length === 0) return;
    for (const change of commit.changes) {
      const kind = kindOf(change.before, change.after);
      for (const trigger of triggers) {
        if (!trigger.kinds.includes(kind)) continue;
        if (!matchDocumentPattern(trigger.pattern, change.path)) continue;
        const event: DocumentChangeEvent = {
          id: randomUUID(),
          project: commit.project,
          database: commit.database,
          path: change.path,
          kind,
          commitTime: commit.commitTime,
          before: change.before,
          after: change.after,
        };
        const label = `${trigger.key} (${kind} ${change.path})`;
        try {
          delivery.enqueue(
            `${commit.project}\u0000${trigger.key}\u0000${change.path}`,
            `/functions/projects/${encodeURIComponent(commit.project)}/triggers/${trigger.key}`,
            eventRequest(trigger, event),
            label,
          );
        } catch (error) {
          options.log(`trigger ${label}: could not build the event: ${String(error)}`);
        }
      }
    }
  };
  const unsubscribe = databases.onCommit(onCommit);
  return {
    registry,
    delivery,
    idle: () => delivery.idle(),
    stop: () => {
      unsubscribe();
      delivery.stop();
    },
  };
}
