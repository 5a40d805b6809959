import {
  requestPasswordResetRequest,
  resendVerificationEmailRequest,
  syncEmailVerificationRequest,
  type AcceptedResponse,
} from '@portal/domain';
import {
  resendVerificationEmail,
  resendVerificationEmailFor,
  syncEmailVerification,
} from '../accounts/email-verification';
import { requestPasswordReset } from '../accounts/password-reset';
import { callerIp, parseData, requireAuth, requireManager } from '../lib/caller';
import { inFixedTime } from '../lib/fixed-time';
import { callable } from './edge';

/**
 * Callable requestPasswordReset({ email }) (anyone): a reset mail when the address has an
 * account; always { accepted: true } after the same time (lib/fixed-time.ts), so neither the
 * answer nor its timing says who has an account.
 */
export const requestPasswordResetHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const { email } = parseData(requestPasswordResetRequest, request.data);
    await inFixedTime(() => requestPasswordReset(ctx, email, callerIp(request)));
    return { accepted: true };
  },
);

/**
 * Callable resendVerificationEmail({ uid? }): a new verification link, within its limits per
 * user and per IP (taken by the service, after its own checks). Without a uid, the signed-in
 * applicant's own; with one, a manager's request for that buyer (anyone else: permission-denied).
 */
export const resendVerificationEmailHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const caller = requireAuth(request);
    const { uid } = parseData(resendVerificationEmailRequest, request.data);
    if (uid === undefined) {
      await resendVerificationEmail(ctx, caller.uid, callerIp(request));
    } else {
      await requireManager(request, ctx);
      await resendVerificationEmailFor(ctx, uid, callerIp(request));
    }
    return { accepted: true };
  },
);

/**
 * Callable syncEmailVerification({ email }) (anyone): profile.email_verified from Auth. The same
 * answer after the same time for every address (lib/fixed-time.ts).
 */
export const syncEmailVerificationHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const { email } = parseData(syncEmailVerificationRequest, request.data);
    await inFixedTime(() => syncEmailVerification(ctx, email, callerIp(request)));
    return { accepted: true };
  },
);
