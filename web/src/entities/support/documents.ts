import { COLLECTIONS, paths, supportContentSchema, type SupportContent } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/** support_content/{id}: the video tutorials buyers watch and managers edit. */
export const supportCollection = () => collection(db, COLLECTIONS.supportContent);
export const supportItemRef = (id: string) => doc(db, paths.supportItem(id));
/** A reference for a new tutorial, with an id drawn by the SDK. */
export const newSupportItemRef = () => doc(supportCollection());

export type SupportItemData = Omit<SupportContent, 'id'>;

/** The one reading of a tutorial document. */
export function parseSupportItem(id: string, data: DocumentData): Parsed<SupportContent> {
  const parsed = supportContentSchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}

/** A tutorial about to be written, checked against the domain schema (throws when invalid). */
export function supportItemDocument(data: SupportItemData): SupportItemData {
  return supportContentSchema.parse(data);
}
