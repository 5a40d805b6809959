/**
 * Firestore triggers registered by the Functions emulator (firebase-tools), in the two shapes it
 * sends: 1st-gen (`PUT /emulator/v1/projects/{p}/triggers/{key}`) and 2nd-gen / Eventarc
 * (`POST /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}`).
 */
import { parseDocumentPattern, type DocumentPattern } from './document-pattern.js';

export type ChangeKind = 'created' | 'updated' | 'deleted';

const V1_PREFIX = 'providers/cloud.firestore/eventTypes/document.';
const V1_KINDS: Record<string, readonly ChangeKind[]> = {
  create: ['created'],
  update: ['updated'],
  delete: ['deleted'],
  write: ['created', 'updated', 'deleted'],
};
const V2_PREFIX = 'google.cloud.firestore.document.v1.';
const V2_KINDS: Record<string, readonly ChangeKind[]> = {
  created: ['created'],
  updated: ['updated'],
  deleted: ['deleted'],
  written: ['created', 'updated', 'deleted'],
};

export interface FirestoreTrigger {
  /** The Functions emulator's trigger key (the path segment it is invoked at). */
  readonly key: string;
  readonly project: string;
  readonly generation: 1 | 2;
  /** As registered, e.g. google.cloud.firestore.document.v1.created. */
  readonly eventType: string;
  readonly kinds: readonly ChangeKind[];
  readonly database: string;
  readonly pattern: DocumentPattern;
}

export class TriggerRegistrationError extends Error {}

function fail(message: string): never {
  throw new TriggerRegistrationError(message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkKey(key: string): void {
  if (key === '' || key.length > 1500 || /[\s]/.test(key)) fail(`Invalid trigger id "${key}".`);
}

/** 1st gen: `{eventTrigger: {eventType, resource: 'projects/p/databases/d/documents/...'}}`. */
export function parseV1Registration(project: string, key: string, body: unknown): FirestoreTrigger {
  checkKey(key);
  const trigger = isRecord(body) ? body['eventTrigger'] : undefined;
  if (!isRecord(trigger)) fail('Expected an eventTrigger object.');
  const eventType = trigger['eventType'];
  const resource = trigger['resource'];
  if (typeof eventType !== 'string' || !eventType.startsWith(V1_PREFIX)) {
    fail(`Unsupported event type "${String(eventType)}".`);
  }
  const kinds =
    V1_KINDS[eventType.slice(V1_PREFIX.length)] ?? fail(`Unsupported event type "${eventType}".`);
  if (typeof resource !== 'string') fail('Expected eventTrigger.resource.');
  const m = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/.exec(resource);
  if (!m) fail(`Invalid trigger resource "${resource}".`);
  return {
    key,
    project,
    generation: 1,
    eventType,
    kinds,
    database: m[2] as string,
    pattern: parseOrFail(m[3] as string),
  };
}

/** 2nd gen: `{eventType, database, namespace, document: {value, matchType}}`. */
export function parseV2Registration(project: string, key: string, body: unknown): FirestoreTrigger {
  checkKey(key);
  if (!isRecord(body)) fail('Expected a JSON object.');
  const eventType = body['eventType'];
  if (typeof eventType !== 'string' || !eventType.startsWith(V2_PREFIX)) {
    fail(`Unsupported event type "${String(eventType)}".`);
  }
  // google.cloud.firestore.document.v1.created.withAuthContext carries the same data.
  const base = eventType.slice(V2_PREFIX.length).replace(/\.withAuthContext$/, '');
  const kinds = V2_KINDS[base] ?? fail(`Unsupported event type "${eventType}".`);
  const database = body['database'];
  if (typeof database !== 'string' || database === '') fail('Expected a database.');
  const namespace = body['namespace'];
  if (namespace !== undefined && namespace !== '(default)') {
    fail(`Unsupported namespace "${String(namespace)}".`);
  }
  const document = body['document'];
  if (!isRecord(document) || typeof document['value'] !== 'string')
    fail('Expected document.value.');
  const matchType = document['matchType'] ?? 'EXACT';
  if (matchType !== 'EXACT' && matchType !== 'PATH_PATTERN') {
    fail(`Unsupported matchType "${String(matchType)}".`);
  }
  const pattern = parseOrFail(document['value']);
  if (matchType === 'EXACT' && pattern.segments.some((s) => s.includes('{'))) {
    fail(`An EXACT document filter cannot hold wildcards: "${pattern.text}".`);
  }
  return { key, project, generation: 2, eventType, kinds, database, pattern };
}

function parseOrFail(text: string): DocumentPattern {
  try {
    return parseDocumentPattern(text);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** Registered triggers; a key registered again replaces the old registration (function reload). */
export class TriggerRegistry {
  private readonly byKey = new Map<string, FirestoreTrigger>();

  add(trigger: FirestoreTrigger): void {
    this.byKey.set(`${trigger.project}\u0000${trigger.key}`, trigger);
  }

  remove(project: string, key: string): boolean {
    return this.byKey.delete(`${project}\u0000${key}`);
  }

  clear(project?: string): void {
    if (project === undefined) this.byKey.clear();
    else for (const t of this.list(project)) this.remove(t.project, t.key);
  }

  list(project?: string): FirestoreTrigger[] {
    const all = [...this.byKey.values()];
    return project === undefined ? all : all.filter((t) => t.project === project);
  }

  get size(): number {
    return this.byKey.size;
  }
}
