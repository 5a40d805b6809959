import { Timestamp } from 'firebase/firestore/lite';

/** Firestore Timestamp (or a Date from tests) to Date; null when absent. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Timestamp) return value.toDate();
  if (value instanceof Date) return value;
  return null;
}
