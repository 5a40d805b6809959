import { companySchema, locationSchema, paths, type Company, type Location } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, toDate, type Parsed } from '../firestore';

/** companies/{companyId}: the business (docs/companies.md); its members read it. */
export const companyRef = (companyId: string) => doc(db, paths.company(companyId));

export type CompanyRecord = Company & { id: string };

/** The one reading of a company document: timestamps become Dates, the rest is checked. */
export function parseCompany(id: string, data: DocumentData): Parsed<CompanyRecord> {
  const parsed = companySchema.safeParse({
    ...data,
    created_at: toDate(data.created_at) ?? new Date(0),
    reviewed_at: toDate(data.reviewed_at),
    name_changed_at: toDate(data.name_changed_at),
    pricing_changed_at: toDate(data.pricing_changed_at),
  });
  return parsed.success ? { success: true, data: { id, ...parsed.data } } : parsed;
}

/** companies/{companyId}/locations: where its orders ship; its members read them. */
export const locationsCollection = (companyId: string) =>
  collection(db, paths.locations(companyId));

export type LocationRecord = Location & { id: string };

/** The one reading of a location document (its timestamps are not shown). */
export function parseLocation(id: string, data: DocumentData): Parsed<LocationRecord> {
  const parsed = locationSchema.safeParse(data);
  return parsed.success ? { success: true, data: { id, ...parsed.data } } : parsed;
}
