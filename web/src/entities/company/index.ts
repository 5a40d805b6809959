export {
  companyKeys,
  companyQueryOptions,
  locationsQueryOptions,
  useArchiveLocation,
  useCompany,
  useLocations,
  useSaveLocation,
  useUpdateCompanyName,
} from './queries';
export { useOrderingLocation } from './ordering-location';
export type { CompanyRecord, LocationRecord } from './documents';
