export { fetchSupportContent, fetchSupportContentForEditing } from './api';
export {
  supportKeys,
  useDeleteSupportItem,
  useEditableSupportContent,
  useSaveSupportItem,
  useSupportContent,
} from './queries';
