import { type SetProfileStatusRequest } from '@portal/domain';
import { getCount, getDoc, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import { callSetProfileStatus } from '@/lib/callables';
import { parseDocuments, parsedOrThrow } from '../firestore';
import { parseProfile, profileRef, profilesCollection, type ProfileRecord } from './documents';

/** A signed-in account's profile; null when there is none. A malformed profile throws. */
export async function fetchProfile(uid: string): Promise<ProfileRecord | null> {
  const snapshot = await getDoc(profileRef(uid));
  const data = snapshot.data();
  if (!snapshot.exists() || !data) return null;
  return parsedOrThrow(parseProfile(snapshot.id, data));
}

/**
 * Every profile, newest first (managers only). The status filter of the User Management table
 * works on this list in the browser: one single-field query, no composite index, and the
 * per-status counts come for free. A business with tens of thousands of applicants would move
 * the filter into the query (status == x, created_at desc).
 */
export async function fetchProfiles(): Promise<ProfileRecord[]> {
  const snapshot = await getDocs(query(profilesCollection(), orderBy('created_at', 'desc')));
  return parseDocuments(snapshot.docs, parseProfile, 'throw');
}

/**
 * The profiles waiting for review (managers only): the dashboard's badge of applicants, read with
 * the page until its listener answers (live.ts, the same query). Only those, not every profile:
 * a read per applicant rather than per account.
 */
export async function fetchPendingProfiles(): Promise<ProfileRecord[]> {
  const snapshot = await getDocs(query(profilesCollection(), where('status', '==', 'pending')));
  return parseDocuments(snapshot.docs, parseProfile, 'throw');
}

/** How many profiles exist, counted on the server. */
export async function countProfiles(): Promise<number> {
  return (await getCount(profilesCollection())).data().count;
}

/**
 * Approves or rejects a profile through the setProfileStatus function, which checks the
 * transition (pending -> approved, approved -> rejected) and sets the user's custom claims.
 */
export function setProfileStatus(request: SetProfileStatusRequest) {
  return callSetProfileStatus(request);
}
