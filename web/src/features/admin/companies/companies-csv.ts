import type { CompanyRow } from '@portal/domain';
import { buildCsv } from '@/components/table/csv';

export const COMPANIES_CSV_HEADER = [
  'Company ID',
  'Company',
  'Business Type',
  'Status',
  'Seller Permit ID',
  'Applicant Name',
  'Applicant Email',
  'Verified',
  'Members',
  'Locations',
  'Cities',
  'Applied',
  'Reviewed',
] as const;

/** One company as CSV cells: raw type and status values, yes/no, counts, ISO instants. */
export function companyCsvRow(company: CompanyRow): string[] {
  return [
    company.id,
    company.name,
    company.businessType,
    company.status,
    company.sellerPermitId,
    company.applicantName,
    company.applicantEmail,
    company.applicantEmailVerified ? 'yes' : 'no',
    String(company.memberCount),
    String(company.locationCount),
    company.cities.join('; '),
    company.createdAt ?? '',
    company.reviewedAt ?? '',
  ];
}

/** The companies export: a header row and one row per company, in the order given. */
export function buildCompaniesCsv(companies: readonly CompanyRow[]): string {
  return buildCsv(COMPANIES_CSV_HEADER, companies.map(companyCsvRow));
}
