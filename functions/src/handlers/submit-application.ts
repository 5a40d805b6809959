import { submitApplicationRequest, type AcceptedResponse } from '@portal/domain';
import { submitApplication } from '../accounts/applications';
import { callerIp, parseData, requireAuth } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable submitApplication({ fullName, storeName, sellerPermitId, businessType }): the
 * signed-in new account's application (/apply), written as a pending profile with its first
 * mail; limited per IP and per address (accounts/applications.ts).
 */
export const submitApplicationHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const caller = requireAuth(request);
    const application = parseData(submitApplicationRequest, request.data);
    await submitApplication(ctx, caller.uid, application, callerIp(request));
    return { accepted: true };
  },
);
