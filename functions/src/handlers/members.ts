import {
  acceptInvitationRequest,
  changeMemberRoleRequest,
  getInvitationRequest,
  invitationIdRequest,
  inviteMemberRequest,
  listCompanyMembersRequest,
  removeMemberRequest,
  type AcceptInvitationResponse,
  type InvitationPreview,
  type InviteMemberResponse,
  type ListCompanyMembersResponse,
} from '@portal/domain';
import {
  acceptInvitation,
  invitationInboxWindow,
  invitationPreview,
  inviteMember,
  limitInvitationLink,
  resendInvitation,
  revokeInvitation,
} from '../companies/invitations';
import {
  changeMemberRole,
  listCompanyMembers,
  removeMember,
  type CompanyCaller,
  type MemberChangeResponse,
} from '../companies/members';
import { callerIp, parseData, requireAuth, requireCurrentManager } from '../lib/caller';
import type { Context } from '../lib/context';
import { limitCallable } from '../lib/rate-limit';
import { callable, type CallRequest } from './edge';

/**
 * The callables of a company's members and invitations (docs/companies.md#members-and-invitations).
 * Who may act is decided by companies/members.ts from the caller's profile (an owner of the
 * company) or their token (a manager); here only that they are signed in. The signed-in ones are
 * limited per caller and per IP (CALLABLE_RATE_LIMITS) after the input is parsed; the invitation
 * page's two, which anyone may call signed out, per IP (RATE_LIMITS).
 */
async function companyCaller(
  request: CallRequest,
  ctx: Pick<Context, 'auth'>,
): Promise<CompanyCaller> {
  const caller = requireAuth(request);
  // A manager revoked since the token was minted acts as no manager.
  await requireCurrentManager(caller, ctx);
  return { uid: caller.uid, manager: caller.access.kind === 'manager' };
}

/**
 * Callable inviteMember({ companyId?, email, role, locationIds }) (the company's owner; a manager
 * names the company): the invitation and its mail. Also counts the invited inbox
 * (invitationPerEmail).
 */
export const inviteMemberHandler = callable(async (request, ctx): Promise<InviteMemberResponse> => {
  const caller = await companyCaller(request, ctx);
  const data = parseData(inviteMemberRequest, request.data);
  await limitCallable(ctx.db, 'inviteMember', { uid: caller.uid, ip: callerIp(request) }, [
    invitationInboxWindow(data.email),
  ]);
  return inviteMember(ctx, caller, data);
});

/** Callable resendInvitation({ invitationId }): a new link (the old one stops working), mailed. */
export const resendInvitationHandler = callable(
  async (request, ctx): Promise<InviteMemberResponse> => {
    const caller = await companyCaller(request, ctx);
    const data = parseData(invitationIdRequest, request.data);
    await limitCallable(ctx.db, 'resendInvitation', { uid: caller.uid, ip: callerIp(request) });
    return resendInvitation(ctx, caller, data);
  },
);

/** Callable revokeInvitation({ invitationId }): the invitation is withdrawn. */
export const revokeInvitationHandler = callable(
  async (request, ctx): Promise<InviteMemberResponse> => {
    const caller = await companyCaller(request, ctx);
    const data = parseData(invitationIdRequest, request.data);
    await limitCallable(ctx.db, 'revokeInvitation', { uid: caller.uid, ip: callerIp(request) });
    return revokeInvitation(ctx, caller, data);
  },
);

/** Callable getInvitation({ token }) (anyone with the link, signed out too): the preview. */
export const getInvitationHandler = callable(async (request, ctx): Promise<InvitationPreview> => {
  const { token } = parseData(getInvitationRequest, request.data);
  await limitInvitationLink(ctx, 'getInvitation', callerIp(request));
  return invitationPreview(ctx, token);
});

/**
 * Callable acceptInvitation({ token, fullName?, password? }): signed in, joins the company with
 * the account; signed out, creates the account (with fullName and password) and joins.
 */
export const acceptInvitationHandler = callable(
  async (request, ctx): Promise<AcceptInvitationResponse> => {
    const data = parseData(acceptInvitationRequest, request.data);
    await limitInvitationLink(ctx, 'acceptInvitation', callerIp(request));
    const caller = request.auth ? { uid: request.auth.uid } : null;
    return acceptInvitation(ctx, caller, data);
  },
);

/** Callable changeMemberRole({ uid, role, locationIds }) (the company's owner, or a manager). */
export const changeMemberRoleHandler = callable(
  async (request, ctx): Promise<MemberChangeResponse> => {
    const caller = await companyCaller(request, ctx);
    const data = parseData(changeMemberRoleRequest, request.data);
    await limitCallable(ctx.db, 'changeMemberRole', { uid: caller.uid, ip: callerIp(request) });
    return changeMemberRole(ctx, caller, data);
  },
);

/** Callable removeMember({ uid }) (the company's owner, a manager, or the member leaving). */
export const removeMemberHandler = callable(async (request, ctx): Promise<MemberChangeResponse> => {
  const caller = await companyCaller(request, ctx);
  const data = parseData(removeMemberRequest, request.data);
  await limitCallable(ctx.db, 'removeMember', { uid: caller.uid, ip: callerIp(request) });
  return removeMember(ctx, caller, data);
});

/** Callable listCompanyMembers({ companyId? }): members (and, for owners and managers, invitations). */
export const listCompanyMembersHandler = callable(
  async (request, ctx): Promise<ListCompanyMembersResponse> => {
    const caller = await companyCaller(request, ctx);
    const data = parseData(listCompanyMembersRequest, request.data);
    return listCompanyMembers(ctx, caller, data);
  },
);
