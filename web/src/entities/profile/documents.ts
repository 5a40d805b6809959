import { COLLECTIONS, paths, profileSchema, type Profile } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, toDate, type Parsed } from '../firestore';

/** profiles/{uid}: one per account, written at sign-up, read by the guard, pages and managers. */
export const profileRef = (uid: string) => doc(db, paths.profile(uid));
export const profilesCollection = () => collection(db, COLLECTIONS.profiles);

/** A profile with its document id (the account's uid). */
export type ProfileRecord = Profile & { id: string };

/**
 * The one reading of a profile document: timestamps become Dates (a missing created_at reads as
 * the epoch) and the rest is checked against the domain schema.
 */
export function parseProfile(id: string, data: DocumentData): Parsed<ProfileRecord> {
  const parsed = profileSchema.safeParse({
    ...data,
    created_at: toDate(data.created_at) ?? new Date(0),
    reviewed_at: toDate(data.reviewed_at),
    store_name_changed_at: toDate(data.store_name_changed_at),
  });
  return parsed.success ? { success: true, data: { id, ...parsed.data } } : parsed;
}
