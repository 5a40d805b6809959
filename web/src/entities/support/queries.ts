import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteSupportItem,
  fetchSupportContent,
  fetchSupportContentForEditing,
  saveSupportItem,
} from './api';

export const supportKeys = {
  /** The buyers' tutorials (My Account, Support). */
  all: () => ['support'] as const,
  /** The manager's tutorial editor. */
  editor: () => ['admin', 'support'] as const,
};

export const supportContentQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.all(), queryFn: fetchSupportContent });

export function useSupportContent() {
  return useQuery(supportContentQueryOptions());
}

const editableSupportContentQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.editor(), queryFn: fetchSupportContentForEditing });

export function useEditableSupportContent() {
  return useQuery(editableSupportContentQueryOptions());
}

/** A tutorial write refreshes the editor's list and the buyers' tutorials. */
function useSupportWrite<Variables, Result>(write: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.editor() }),
        queryClient.invalidateQueries({ queryKey: supportKeys.all() }),
      ]);
    },
  });
}

export function useSaveSupportItem() {
  return useSupportWrite(saveSupportItem);
}

export function useDeleteSupportItem() {
  return useSupportWrite(deleteSupportItem);
}
