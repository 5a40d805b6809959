import {
  connectFirestoreEmulator,
  getFirestore,
  Timestamp,
  type DocumentData,
} from 'firebase/firestore/lite';
import { env } from '@/config/env';
import { firebaseApp } from '@/lib/firebase';

/**
 * The app's Firestore, for the entities only: they are the one place that reads and writes
 * documents. It is the Lite SDK (REST, no realtime listeners): one local emulator serves the
 * browser and the server, and it is a fraction of the full SDK's size.
 */
export const db = getFirestore(firebaseApp);

if (env.emulators) {
  connectFirestoreEmulator(db, env.emulators.host, env.emulators.firestorePort);
}

/**
 * A Firestore Timestamp (Lite's, or the full SDK's of the live views: anything with toDate) or a
 * Date from tests, as a Date; null when absent.
 */
export function toDate(value: unknown): Date | null {
  if (value instanceof Timestamp) return value.toDate();
  if (value instanceof Date) return value;
  if (typeof value === 'object' && value !== null && 'toDate' in value) {
    const date: unknown = (value as { toDate: unknown }).toDate;
    if (typeof date === 'function') {
      const read: unknown = date.call(value);
      if (read instanceof Date) return read;
    }
  }
  return null;
}

/** What a list does with a document that does not match its schema. */
export type OnInvalid = 'skip' | 'throw';

/** A parser's answer for one document (zod's safeParse shape). */
export type Parsed<T> = { success: true; data: T } | { success: false; error: unknown };

/** The parsed document, or the parser's error thrown. */
export function parsedOrThrow<T>(parsed: Parsed<T>): T {
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

/**
 * Parses the documents of a query with the parser of their kind: a document that does not match
 * is left out (`skip`) or fails the whole read (`throw`).
 */
export function parseDocuments<T>(
  docs: readonly { id: string; data(): DocumentData }[],
  parse: (id: string, data: DocumentData) => Parsed<T>,
  onInvalid: OnInvalid,
): T[] {
  return docs.flatMap((document) => {
    const parsed = parse(document.id, document.data());
    if (parsed.success) return [parsed.data];
    return onInvalid === 'throw' ? [parsedOrThrow(parsed)] : [];
  });
}
