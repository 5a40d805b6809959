export type { ProfileRecord } from './documents';
export { countProfiles, fetchPendingProfiles, fetchProfile, fetchProfiles } from './api';
export {
  pendingProfilesQueryOptions,
  profileKeys,
  profileQueryOptions,
  profilesQueryOptions,
  usePendingProfiles,
  useProfile,
  useProfiles,
  useSetProfileStatus,
} from './queries';
export { BuyerUidContext, useBuyer } from './use-buyer';
export { useLivePendingProfiles } from './live';
