export { companyQueryOptions, companyKeys, useCompany, useUpdateCompanyName } from './queries';
export type { CompanyRecord } from './documents';
