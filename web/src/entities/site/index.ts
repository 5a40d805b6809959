export {
  siteKeys,
  supportSettingsQueryOptions,
  usePolicyPages,
  useSavePolicyPage,
  useSaveSupportSettings,
  useSupportSettings,
} from './queries';
