export { fetchSupportContent, fetchSupportContentForEditing } from './api';
export {
  supportContentQueryOptions,
  supportKeys,
  useDeleteSupportItem,
  useEditableSupportContent,
  useSaveSupportItem,
  useSupportContent,
} from './queries';
