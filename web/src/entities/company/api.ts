import { profileUpdateSchema, type ProfileUpdate } from '@portal/domain';
import { getDoc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { parsedOrThrow } from '../firestore';
import { companyRef, parseCompany, type CompanyRecord } from './documents';

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
