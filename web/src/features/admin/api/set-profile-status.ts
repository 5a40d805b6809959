import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetProfileStatusRequest } from '@portal/domain';
import { callSetProfileStatus } from '@/lib/callables';
import { queryKeys } from '@/lib/query-keys';

/**
 * Approves or rejects a profile through the setProfileStatus function, which checks the
 * transition (pending -> approved, approved -> rejected) and sets the user's custom claims.
 */
export function setProfileStatus(request: SetProfileStatusRequest) {
  return callSetProfileStatus(request);
}

export function useSetProfileStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProfileStatus,
    onSuccess: async (_result, { uid }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.profiles() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile(uid) }),
      ]);
    },
  });
}
