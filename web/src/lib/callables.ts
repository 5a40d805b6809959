import { httpsCallable } from 'firebase/functions';
import {
  FUNCTION_NAMES,
  REPLAY_PROTECTED_CALLABLES,
  type AcceptedResponse,
  type AcceptInvitationRequest,
  type AcceptInvitationResponse,
  type ChangeMemberRoleRequest,
  type CreateCheckoutSessionRequest,
  type CreateCheckoutSessionResponse,
  type GetInvitationRequest,
  type InvitationIdRequest,
  type InvitationPreview,
  type InviteMemberRequest,
  type InviteMemberResponse,
  type ListCompanyMembersRequest,
  type ListCompanyMembersResponse,
  type ManageStandingOrderRequest,
  type ManageStandingOrderResponse,
  type NewsletterTokenRequest,
  type NewsletterTokenResponse,
  type RefundOrderRequest,
  type RefundOrderResponse,
  type RemoveMemberRequest,
  type RequestPasswordResetRequest,
  type ResendVerificationEmailRequest,
  type ArchiveLocationRequest,
  type SaveLocationRequest,
  type SaveLocationResponse,
  type SetProfileStatusRequest,
  type SetProfileStatusResponse,
  type SubmitApplicationRequest,
  type SubscribeNewsletterRequest,
  type SyncEmailVerificationRequest,
  type UpdateOrderStatusRequest,
  type UpdateOrderStatusResponse,
  type VerifyPaymentRequest,
  type VerifyPaymentResponse,
  type FunctionName,
} from '@portal/domain';
import { functions } from './firebase-app';

/**
 * Typed callable functions; request and response shapes come from @portal/domain. The callables
 * anyone may call signed out get a fresh limited-use App Check token for each call, which the
 * function spends (REPLAY_PROTECTED_CALLABLES): a second call with the same token is refused.
 * The managers' reads (the dashboard's searches, figures and pages) are in manager-callables.ts,
 * which no buyer's page loads.
 */
export function callable<Req, Res>(name: FunctionName) {
  const fn = httpsCallable<Req, Res>(functions, name, {
    limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name),
  });
  return async (data: Req): Promise<Res> => (await fn(data)).data;
}

export const callSetProfileStatus = callable<SetProfileStatusRequest, SetProfileStatusResponse>(
  FUNCTION_NAMES.setProfileStatus,
);
export const callCreateCheckoutSession = callable<
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse
>(FUNCTION_NAMES.createCheckoutSession);
export const callVerifyPayment = callable<VerifyPaymentRequest, VerifyPaymentResponse>(
  FUNCTION_NAMES.verifyPayment,
);
export const callUpdateOrderStatus = callable<UpdateOrderStatusRequest, UpdateOrderStatusResponse>(
  FUNCTION_NAMES.updateOrderStatus,
);
export const callRefundOrder = callable<RefundOrderRequest, RefundOrderResponse>(
  FUNCTION_NAMES.refundOrder,
);
export const callSaveLocation = callable<SaveLocationRequest, SaveLocationResponse>(
  FUNCTION_NAMES.saveLocation,
);
export const callArchiveLocation = callable<ArchiveLocationRequest, SaveLocationResponse>(
  FUNCTION_NAMES.archiveLocation,
);
/** Skip, unskip, set_quantities and cancel (the buyer, their own), pause and resume (managers). */
export const callManageStandingOrder = callable<
  ManageStandingOrderRequest,
  ManageStandingOrderResponse
>(FUNCTION_NAMES.manageStandingOrder);

/** Forgot password: the same answer whether or not the address has an account. */
export const callRequestPasswordReset = callable<RequestPasswordResetRequest, AcceptedResponse>(
  FUNCTION_NAMES.requestPasswordReset,
);

// A company's members and invitations (docs/companies.md): the company's owner for their own
// company, a manager for any company (naming companyId). The answers of the calls that change
// a member or an invitation are not read.
export const callInviteMember = callable<InviteMemberRequest, InviteMemberResponse>(
  FUNCTION_NAMES.inviteMember,
);
export const callListCompanyMembers = callable<
  ListCompanyMembersRequest,
  ListCompanyMembersResponse
>(FUNCTION_NAMES.listCompanyMembers);
export const callResendInvitation = callable<InvitationIdRequest, unknown>(
  FUNCTION_NAMES.resendInvitation,
);
export const callRevokeInvitation = callable<InvitationIdRequest, unknown>(
  FUNCTION_NAMES.revokeInvitation,
);
export const callChangeMemberRole = callable<ChangeMemberRoleRequest, unknown>(
  FUNCTION_NAMES.changeMemberRole,
);
export const callRemoveMember = callable<RemoveMemberRequest, unknown>(
  FUNCTION_NAMES.removeMember,
);
/** Anyone with an invitation link: what it invites to, before accepting. */
export const callGetInvitation = callable<GetInvitationRequest, InvitationPreview>(
  FUNCTION_NAMES.getInvitation,
);
export const callAcceptInvitation = callable<AcceptInvitationRequest, AcceptInvitationResponse>(
  FUNCTION_NAMES.acceptInvitation,
);
/** A new verification link: the signed-in applicant's own, or a buyer's ({ uid }, managers). */
export const callResendVerificationEmail = callable<
  ResendVerificationEmailRequest,
  AcceptedResponse
>(FUNCTION_NAMES.resendVerificationEmail);
/** A new account's application (/apply): the function writes the pending profile. */
export const callSubmitApplication = callable<SubmitApplicationRequest, AcceptedResponse>(
  FUNCTION_NAMES.submitApplication,
);
/** After a verified address: copies Auth's emailVerified onto the profile. */
export const callSyncEmailVerification = callable<SyncEmailVerificationRequest, AcceptedResponse>(
  FUNCTION_NAMES.syncEmailVerification,
);
export const callSubscribeNewsletter = callable<SubscribeNewsletterRequest, AcceptedResponse>(
  FUNCTION_NAMES.subscribeNewsletter,
);
export const callConfirmNewsletter = callable<NewsletterTokenRequest, NewsletterTokenResponse>(
  FUNCTION_NAMES.confirmNewsletter,
);
export const callUnsubscribeNewsletter = callable<NewsletterTokenRequest, NewsletterTokenResponse>(
  FUNCTION_NAMES.unsubscribeNewsletter,
);
