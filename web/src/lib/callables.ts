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
  type PlaceTermsOrderRequest,
  type EstimateTaxRequest,
  type EstimateTaxResponse,
  type PlaceTermsOrderResponse,
  type NewsletterTokenRequest,
  type NewsletterTokenResponse,
  type SkipStandingOrderDeliveryRequest,
  type SkipStandingOrderDeliveryResponse,
  type RefundOrderRequest,
  type RefundOrderResponse,
  type CancelBackorderedLineRequest,
  type RemoveMemberRequest,
  type RequestPasswordResetRequest,
  type ResendVerificationEmailRequest,
  type ArchiveLocationRequest,
  type SaveLocationRequest,
  type SaveLocationResponse,
  type SetProfileStatusRequest,
  type ShipOrderRequest,
  type ShipOrderResponse,
  type SetProfileStatusResponse,
  type SubmitApplicationRequest,
  type SubscribeNewsletterRequest,
  type SyncEmailVerificationRequest,
  type UpdateOrderStatusRequest,
  type UpdateOrderStatusResponse,
  type VerifyPaymentRequest,
  type VerifyPaymentResponse,
  type FunctionName,
  type AnswerClaimRequest,
  type ClaimResponse,
  type ReportClaimRequest,
  type AcceptQuoteRequest,
  type AcceptQuoteResponse,
  type DeclineQuoteRequest,
  type QuoteStateResponse,
} from '@portal/domain';
import { functions } from './firebase-app';

/**
 * Typed callable functions; request and response shapes come from @portal/domain. The callables
 * anyone may call signed out get a fresh limited-use App Check token for each call, which the
 * function spends (REPLAY_PROTECTED_CALLABLES): a second call with the same token is refused.
 * The managers' reads (the dashboard's searches, figures and pages) are in manager-callables.ts,
 * which no buyer's page loads.
 */
// Each wrapper is marked pure: a page's bundle keeps only the callables it calls.
export function callable<Req, Res>(name: FunctionName) {
  const fn = httpsCallable<Req, Res>(functions, name, {
    limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name),
  });
  return async (data: Req): Promise<Res> => (await fn(data)).data;
}

export const callSetProfileStatus = /* @__PURE__ */ callable<
  SetProfileStatusRequest,
  SetProfileStatusResponse
>(FUNCTION_NAMES.setProfileStatus);
export const callCreateCheckoutSession = /* @__PURE__ */ callable<
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse
>(FUNCTION_NAMES.createCheckoutSession);
/** An order on the company's payment terms, paid later by invoice (docs/payment-terms.md). */
export const callPlaceTermsOrder = /* @__PURE__ */ callable<
  PlaceTermsOrderRequest,
  PlaceTermsOrderResponse
>(FUNCTION_NAMES.placeTermsOrder);
/** The cart's sales tax estimate for a location (docs/tax.md). */
export const callEstimateTax = /* @__PURE__ */ callable<EstimateTaxRequest, EstimateTaxResponse>(
  FUNCTION_NAMES.estimateTax,
);
export const callVerifyPayment = /* @__PURE__ */ callable<
  VerifyPaymentRequest,
  VerifyPaymentResponse
>(FUNCTION_NAMES.verifyPayment);
export const callUpdateOrderStatus = /* @__PURE__ */ callable<
  UpdateOrderStatusRequest,
  UpdateOrderStatusResponse
>(FUNCTION_NAMES.updateOrderStatus);
export const callRefundOrder = /* @__PURE__ */ callable<RefundOrderRequest, RefundOrderResponse>(
  FUNCTION_NAMES.refundOrder,
);
/** A buyer cancels a backordered line's unshipped units, for a refund of them. */
export const callCancelBackorderedLine = /* @__PURE__ */ callable<
  CancelBackorderedLineRequest,
  RefundOrderResponse
>(FUNCTION_NAMES.cancelBackorderedLine);
/** Managers: one shipment of an order, by lines (docs/order-lifecycle.md#shipments). */
export const callShipOrder = /* @__PURE__ */ callable<ShipOrderRequest, ShipOrderResponse>(
  FUNCTION_NAMES.shipOrder,
);
export const callSaveLocation = /* @__PURE__ */ callable<SaveLocationRequest, SaveLocationResponse>(
  FUNCTION_NAMES.saveLocation,
);
export const callArchiveLocation = /* @__PURE__ */ callable<
  ArchiveLocationRequest,
  SaveLocationResponse
>(FUNCTION_NAMES.archiveLocation);
/** An invitation link's preview (signed out too: a limited-use App Check token per call). */
export const callGetInvitation = /* @__PURE__ */ callable<GetInvitationRequest, InvitationPreview>(
  FUNCTION_NAMES.getInvitation,
);
export const callAcceptInvitation = /* @__PURE__ */ callable<
  AcceptInvitationRequest,
  AcceptInvitationResponse
>(FUNCTION_NAMES.acceptInvitation);
/** A company's members and pending invitations (docs/companies.md#members-and-invitations). */
export const callListCompanyMembers = /* @__PURE__ */ callable<
  ListCompanyMembersRequest,
  ListCompanyMembersResponse
>(FUNCTION_NAMES.listCompanyMembers);
export const callInviteMember = /* @__PURE__ */ callable<InviteMemberRequest, InviteMemberResponse>(
  FUNCTION_NAMES.inviteMember,
);
export const callResendInvitation = /* @__PURE__ */ callable<
  InvitationIdRequest,
  InviteMemberResponse
>(FUNCTION_NAMES.resendInvitation);
export const callRevokeInvitation = /* @__PURE__ */ callable<
  InvitationIdRequest,
  InviteMemberResponse
>(FUNCTION_NAMES.revokeInvitation);
export const callChangeMemberRole = /* @__PURE__ */ callable<
  ChangeMemberRoleRequest,
  { uid: string }
>(FUNCTION_NAMES.changeMemberRole);
export const callRemoveMember = /* @__PURE__ */ callable<RemoveMemberRequest, { uid: string }>(
  FUNCTION_NAMES.removeMember,
);
/** Skip, unskip, set_quantities and cancel (the buyer, their own), pause and resume (managers). */
export const callManageStandingOrder = /* @__PURE__ */ callable<
  ManageStandingOrderRequest,
  ManageStandingOrderResponse
>(FUNCTION_NAMES.manageStandingOrder);

/**
 * A member who orders reports damaged, missing or wrong items on a shipped order, its photos
 * uploaded first under the claim's id (docs/order-lifecycle.md#claims).
 */
export const callReportClaim = /* @__PURE__ */ callable<ReportClaimRequest, ClaimResponse>(
  FUNCTION_NAMES.reportClaim,
);
/** A member who orders answers a manager's question on a claim. */
export const callAnswerClaim = /* @__PURE__ */ callable<AnswerClaimRequest, ClaimResponse>(
  FUNCTION_NAMES.answerClaim,
);

/** Forgot password: the same answer whether or not the address has an account. */
export const callRequestPasswordReset = /* @__PURE__ */ callable<
  RequestPasswordResetRequest,
  AcceptedResponse
>(FUNCTION_NAMES.requestPasswordReset);
/** A new verification link: the signed-in applicant's own, or a buyer's ({ uid }, managers). */
export const callResendVerificationEmail = /* @__PURE__ */ callable<
  ResendVerificationEmailRequest,
  AcceptedResponse
>(FUNCTION_NAMES.resendVerificationEmail);
/** A new account's application (/apply): the function writes the pending profile. */
export const callSubmitApplication = /* @__PURE__ */ callable<
  SubmitApplicationRequest,
  AcceptedResponse
>(FUNCTION_NAMES.submitApplication);
/** After a verified address: copies Auth's emailVerified onto the profile. */
export const callSyncEmailVerification = /* @__PURE__ */ callable<
  SyncEmailVerificationRequest,
  AcceptedResponse
>(FUNCTION_NAMES.syncEmailVerification);
export const callSubscribeNewsletter = /* @__PURE__ */ callable<
  SubscribeNewsletterRequest,
  AcceptedResponse
>(FUNCTION_NAMES.subscribeNewsletter);
export const callConfirmNewsletter = /* @__PURE__ */ callable<
  NewsletterTokenRequest,
  NewsletterTokenResponse
>(FUNCTION_NAMES.confirmNewsletter);
export const callUnsubscribeNewsletter = /* @__PURE__ */ callable<
  NewsletterTokenRequest,
  NewsletterTokenResponse
>(FUNCTION_NAMES.unsubscribeNewsletter);
/** A standing order reminder's skip link (signed out): shows the delivery, or skips it on confirm. */
export const callSkipStandingOrderDelivery = /* @__PURE__ */ callable<
  SkipStandingOrderDeliveryRequest,
  SkipStandingOrderDeliveryResponse
>(FUNCTION_NAMES.skipStandingOrderDelivery);
/** A member who may order accepts a quote: a Checkout URL at its prices, or an order on terms. */
export const callAcceptQuote = /* @__PURE__ */ callable<AcceptQuoteRequest, AcceptQuoteResponse>(
  FUNCTION_NAMES.acceptQuote,
);
/** A member who may order declines a quote, with a reason the managers read. */
export const callDeclineQuote = /* @__PURE__ */ callable<DeclineQuoteRequest, QuoteStateResponse>(
  FUNCTION_NAMES.declineQuote,
);
