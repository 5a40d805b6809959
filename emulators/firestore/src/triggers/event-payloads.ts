/**
 * The HTTP requests the Functions emulator expects for a Firestore change, built the way the
 * official emulator builds them:
 * - 2nd gen: a binary-mode CloudEvent (ce-* headers) whose body is a
 *   google.events.cloud.firestore.v1.DocumentEventData protobuf, base64-encoded (the Functions
 *   emulator decodes base64 for `application/protobuf` before handing the bytes to the function);
 * - 1st gen: a legacy background event `{data: {value, oldValue, updateMask}, context}` in JSON.
 */
import type { StoredDocument } from '../store/document-store.js';
import { formatFieldPath } from '../store/field-path.js';
import { documentsRoot } from '../store/resource-name.js';
import { formatMicros, type Micros } from '../store/timestamp.js';
import type { Fields } from '../store/value.js';
import { firestoreType, protobufRuntime } from '../proto/firestore-proto.js';
import { messageToObject } from '../proto/json-codec.js';
import type { ChangeKind, FirestoreTrigger } from './trigger-registry.js';

export interface DocumentChangeEvent {
  /** Unique per (commit, document, trigger); the same on every retry. */
  readonly id: string;
  readonly project: string;
  readonly database: string;
  readonly path: string;
  readonly kind: ChangeKind;
  readonly commitTime: Micros;
  readonly before: StoredDocument | undefined;
  readonly after: StoredDocument | undefined;
}

export interface EventRequest {
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface DocumentJson {
  name: string;
  fields?: Fields;
  createTime: string;
  updateTime: string;
}

function documentJson(event: DocumentChangeEvent, doc: StoredDocument): DocumentJson {
  const name = `${documentsRoot({ project: event.project, database: event.database })}/${doc.path}`;
  const out: DocumentJson = {
    name,
    createTime: formatMicros(doc.createTime),
    updateTime: formatMicros(doc.updateTime),
  };
  if (Object.keys(doc.fields).length > 0) out.fields = doc.fields;
  return out;
}

/** Field paths whose values differ between two versions (recursing into maps in both). */
export function changedFieldPaths(before: Fields, after: Fields, prefix: string[] = []): string[] {
  const out: string[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    const path = [...prefix, key];
    if (a && b && 'mapValue' in a && 'mapValue' in b) {
      out.push(...changedFieldPaths(a.mapValue.fields ?? {}, b.mapValue.fields ?? {}, path));
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      out.push(formatFieldPath(path));
    }
  }
  return out;
}

function updateMask(event: DocumentChangeEvent): string[] | null {
  if (event.kind !== 'updated' || !event.before || !event.after) return null;
  return changedFieldPaths(event.before.fields, event.after.fields);
}

function encodeDocument(doc: DocumentJson): Uint8Array {
  const type = firestoreType('Document');
  return type
    .encode(type.fromObject(messageToObject(type, doc) as Record<string, unknown>))
    .finish();
}

/**
 * google.events.cloud.firestore.v1.DocumentEventData: value = 1, old_value = 2,
 * update_mask = 3 (DocumentMask: repeated field_paths = 1). Its Document and Value messages use
 * the same field numbers as google.firestore.v1, so the Document bytes are shared.
 */
export function encodeDocumentEventData(event: DocumentChangeEvent): Uint8Array {
  // protobufjs is loaded on first use (an idle emulator does without it).
  const protobuf = protobufRuntime();
  const writer = protobuf.Writer.create();
  if (event.after)
    writer.uint32((1 << 3) | 2).bytes(encodeDocument(documentJson(event, event.after)));
  if (event.before)
    writer.uint32((2 << 3) | 2).bytes(encodeDocument(documentJson(event, event.before)));
  const mask = updateMask(event);
  if (mask) {
    const inner = protobuf.Writer.create();
    for (const path of mask) inner.uint32((1 << 3) | 2).string(path);
    writer.uint32((3 << 3) | 2).bytes(inner.finish());
  }
  return writer.finish();
}

function cloudEventRequest(trigger: FirestoreTrigger, event: DocumentChangeEvent): EventRequest {
  const headers: Record<string, string> = {
    'content-type': 'application/protobuf',
    'ce-specversion': '1.0',
    'ce-id': event.id,
    'ce-type': trigger.eventType,
    'ce-source': `//firestore.googleapis.com/projects/${event.project}/databases/${event.database}`,
    'ce-subject': `documents/${event.path}`,
    'ce-time': formatMicros(event.commitTime),
    'ce-project': event.project,
    'ce-database': event.database,
    'ce-namespace': '(default)',
    'ce-document': event.path,
  };
  if (trigger.eventType.endsWith('.withAuthContext')) {
    // The emulator does not know which principal committed; the service says "unknown" then.
    headers['ce-authtype'] = 'unknown';
  }
  return { headers, body: Buffer.from(encodeDocumentEventData(event)).toString('base64') };
}

function legacyEventRequest(trigger: FirestoreTrigger, event: DocumentChangeEvent): EventRequest {
  const data: Record<string, unknown> = {};
  if (event.after) data['value'] = documentJson(event, event.after);
  if (event.before) data['oldValue'] = documentJson(event, event.before);
  const mask = updateMask(event);
  if (mask) data['updateMask'] = { fieldPaths: mask };
  const body = {
    data,
    context: {
      eventId: event.id,
      timestamp: formatMicros(event.commitTime),
      eventType: trigger.eventType,
      resource: {
        service: 'firestore.googleapis.com',
        name: `${documentsRoot({ project: event.project, database: event.database })}/${event.path}`,
      },
    },
  };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export function eventRequest(trigger: FirestoreTrigger, event: DocumentChangeEvent): EventRequest {
  return trigger.generation === 2
    ? cloudEventRequest(trigger, event)
    : legacyEventRequest(trigger, event);
}
