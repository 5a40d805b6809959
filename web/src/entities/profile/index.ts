export type { ProfileRecord } from './documents';
export { countProfiles, fetchProfile, fetchProfiles } from './api';
export {
  profileKeys,
  profileQueryOptions,
  profilesQueryOptions,
  useProfile,
  useProfiles,
  useSetProfileStatus,
} from './queries';
export { BuyerUidContext, useBuyer } from './use-buyer';
export { useLivePendingProfiles } from './live';
