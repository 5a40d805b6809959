import { setProfileStatusRequest, type SetProfileStatusResponse } from '@portal/domain';
import { changeProfileStatus } from '../accounts/profile-status';
import { callerIp, parseData, requireManager } from '../lib/caller';
import { log } from '../lib/log';
import { limitCallable } from '../lib/rate-limit';
import { callable } from './edge';

/**
 * Callable setProfileStatus({ uid, status, reason? }) (managers): approves or declines a pending
 * applicant, rejects an approved buyer, or reopens a rejected one (status pending); the allowed
 * moves are packages/domain's PROFILE_TRANSITIONS, anything else is refused (failed-precondition)
 * and changes nothing. A decline or rejection may carry a note, mailed to the applicant and kept
 * in audit_log. Sets the custom claims { role, status }, records the review on the profile
 * and in audit_log, mails the applicant, and on decline or rejection revokes the user's refresh tokens so their session ends (the
 * onProfileChanged trigger then closes their open checkouts: checkout/buyer-checkouts.ts).
 * The web client refreshes its ID token after a claims change; see accounts/profile-status.ts for
 * the order of the writes. Rate limited per manager and per IP (each change mails the applicant);
 * the claims command line is not.
 */
export const setProfileStatusHandler = callable(
  async (request, ctx): Promise<SetProfileStatusResponse> => {
    const caller = await requireManager(request, ctx);
    const change = parseData(setProfileStatusRequest, request.data);
    await limitCallable(ctx.db, 'setProfileStatus', { uid: caller.uid, ip: callerIp(request) });
    const result = await changeProfileStatus(ctx, change, caller.uid);
    log.info('profile_status_changed', {
      actor: caller.uid,
      target: result.uid,
      from: result.from,
      to: result.status,
      review: result.review,
      synced: result.synced,
    });
    return { uid: result.uid, status: result.status };
  },
);
