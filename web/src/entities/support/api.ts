import { compareText, type SupportContent } from '@portal/domain';
import { deleteDoc, getDocs, orderBy, query, setDoc, updateDoc } from 'firebase/firestore/lite';
import { parseDocuments, type OnInvalid } from '../firestore';
import {
  newSupportItemRef,
  parseSupportItem,
  supportCollection,
  supportItemDocument,
  supportItemRef,
  type SupportItemData,
} from './documents';

/** The tutorials by category, in the order Firestore returns them. */
async function readSupportContent(onInvalid: OnInvalid): Promise<SupportContent[]> {
  const snapshot = await getDocs(query(supportCollection(), orderBy('category', 'asc')));
  return parseDocuments(snapshot.docs, parseSupportItem, onInvalid);
}

/**
 * The tutorials buyers see: by category, then by title within a category. A document that does
 * not match the schema is left out.
 */
export async function fetchSupportContent(): Promise<SupportContent[]> {
  const items = await readSupportContent('skip');
  return items.sort((a, b) => compareText(a.category, b.category) || compareText(a.title, b.title));
}

/** The tutorials a manager edits, by category; a malformed document fails the list loudly. */
export function fetchSupportContentForEditing(): Promise<SupportContent[]> {
  return readSupportContent('throw');
}

/** Creates (no id) or updates (id) a tutorial, checked against the domain schema first. */
export async function saveSupportItem({
  id,
  data,
}: {
  id?: string;
  data: SupportItemData;
}): Promise<string> {
  const valid = supportItemDocument(data);
  if (id) {
    await updateDoc(supportItemRef(id), valid);
    return id;
  }
  const ref = newSupportItemRef();
  await setDoc(ref, valid);
  return ref.id;
}

export async function deleteSupportItem(id: string): Promise<void> {
  await deleteDoc(supportItemRef(id));
}
