import {
  profileUpdateSchema,
  type ArchiveLocationRequest,
  type ProfileUpdate,
  type SaveLocationRequest,
  compareText,
} from '@portal/domain';
import { getDoc, getDocs, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { callArchiveLocation, callSaveLocation } from '@/lib/callables';
import { parseDocuments, parsedOrThrow } from '../firestore';
import {
  companyRef,
  locationsCollection,
  parseCompany,
  parseLocation,
  type CompanyRecord,
  type LocationRecord,
} from './documents';

/** The member's company; null when there is none. A malformed company throws. */
export async function fetchCompany(companyId: string): Promise<CompanyRecord | null> {
  const snapshot = await getDoc(companyRef(companyId));
  const data = snapshot.data();
  if (!snapshot.exists() || !data) return null;
  return parsedOrThrow(parseCompany(snapshot.id, data));
}

/**
 * Renames the company (owners only), with the time of the rename: the rules allow one rename a
 * minute (STORE_RENAME_INTERVAL_MS). A trigger copies the name onto the members' profiles.
 */
export async function updateCompanyName(companyId: string, update: ProfileUpdate): Promise<void> {
  const { storeName } = profileUpdateSchema.parse(update);
  await updateDoc(companyRef(companyId), { name: storeName, name_changed_at: serverTimestamp() });
}

/**
 * The company's locations, the active ones first, then by name. A company has a handful (at most
 * COMPANY_LIMITS.locations), so they are sorted here. A malformed one is left out.
 */
export async function fetchLocations(companyId: string): Promise<LocationRecord[]> {
  const snapshot = await getDocs(locationsCollection(companyId));
  return parseDocuments(snapshot.docs, parseLocation, 'skip').sort(
    (a, b) => Number(a.archived) - Number(b.archived) || compareText(a.name, b.name),
  );
}

/** Adds or edits a location through the saveLocation function (owners; clients cannot write it). */
export function saveLocation(request: SaveLocationRequest) {
  return callSaveLocation(request);
}

/** Archives a location or brings it back (owners). */
export function archiveLocation(request: ArchiveLocationRequest) {
  return callArchiveLocation(request);
}
