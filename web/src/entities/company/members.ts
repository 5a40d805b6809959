import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeMemberRoleRequest,
  InvitationIdRequest,
  InviteMemberRequest,
  RemoveMemberRequest,
} from '@portal/domain';
import {
  callChangeMemberRole,
  callInviteMember,
  callListCompanyMembers,
  callRemoveMember,
  callResendInvitation,
  callRevokeInvitation,
} from '@/lib/callables';
import { companyKeys } from './queries';

/**
 * A company's members and pending invitations, through the functions (members' addresses live in
 * Firebase Auth, which browsers cannot list): the caller's own company, or `companyId` for a
 * manager. docs/companies.md#members-and-invitations.
 */
export function useCompanyMembers(companyId: string | undefined, asManager = false) {
  return useQuery({
    queryKey: companyKeys.members(companyId ?? ''),
    queryFn: () => callListCompanyMembers(asManager && companyId ? { companyId } : {}),
    enabled: !!companyId,
  });
}

/** The member list changes after each of these: read it again. */
function useMembersChange<T>(companyId: string, call: (request: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) }),
  });
}

export const useInviteMember = (companyId: string) =>
  useMembersChange(companyId, (request: InviteMemberRequest) => callInviteMember(request));
export const useResendInvitation = (companyId: string) =>
  useMembersChange(companyId, (request: InvitationIdRequest) => callResendInvitation(request));
export const useRevokeInvitation = (companyId: string) =>
  useMembersChange(companyId, (request: InvitationIdRequest) => callRevokeInvitation(request));
export const useChangeMemberRole = (companyId: string) =>
  useMembersChange(companyId, (request: ChangeMemberRoleRequest) => callChangeMemberRole(request));
export const useRemoveMember = (companyId: string) =>
  useMembersChange(companyId, (request: RemoveMemberRequest) => callRemoveMember(request));
