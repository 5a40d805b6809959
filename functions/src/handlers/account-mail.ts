import {
  requestPasswordResetRequest,
  resendVerificationEmailRequest,
  syncEmailVerificationRequest,
  type AcceptedResponse,
} from '@portal/domain';
import { resendVerificationEmail, syncEmailVerification } from '../accounts/email-verification';
import { requestPasswordReset } from '../accounts/password-reset';
import { callerIp, parseData, requireAuth } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable requestPasswordReset({ email }) (anyone): a reset mail when the address has an
 * account; always { accepted: true }, so the answer says nothing about who has an account.
 */
export const requestPasswordResetHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const { email } = parseData(requestPasswordResetRequest, request.data);
    await requestPasswordReset(ctx, email, callerIp(request));
    return { accepted: true };
  },
);

/**
 * Callable resendVerificationEmail({}) (the signed-in applicant): a new verification link,
 * within its limits per user and per IP (taken by the service, after its own checks).
 */
export const resendVerificationEmailHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const caller = requireAuth(request);
    parseData(resendVerificationEmailRequest, request.data);
    await resendVerificationEmail(ctx, caller.uid, callerIp(request));
    return { accepted: true };
  },
);

/** Callable syncEmailVerification({ email }) (anyone): profile.email_verified from Auth. */
export const syncEmailVerificationHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const { email } = parseData(syncEmailVerificationRequest, request.data);
    await syncEmailVerification(ctx, email, callerIp(request));
    return { accepted: true };
  },
);
