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
export {
  useChangeMemberRole,
  useCompanyMembers,
  useInviteMember,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
} from './members';
export { readOrderingChoice } from './ordering-choice';
export { useOrderingLocation } from './ordering-location';
export type { CompanyRecord, LocationRecord } from './documents';
