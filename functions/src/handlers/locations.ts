import {
  archiveLocationRequest,
  saveLocationRequest,
  type SaveLocationResponse,
} from '@portal/domain';
import { archiveLocation, saveLocation } from '../companies/locations';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { callable } from './edge';

/**
 * Callable saveLocation({ locationId?, location }) (a company's owners): adds or edits a ship-to
 * location. Rate limited per caller and per IP.
 */
export const saveLocationHandler = callable(async (request, ctx): Promise<SaveLocationResponse> => {
  const caller = requireApprovedBuyer(request);
  const data = parseData(saveLocationRequest, request.data);
  await limitCallable(ctx.db, 'saveLocation', { uid: caller.uid, ip: callerIp(request) });
  return saveLocation(ctx, caller.uid, data);
});

/** Callable archiveLocation({ locationId, archived }) (owners). */
export const archiveLocationHandler = callable(
  async (request, ctx): Promise<SaveLocationResponse> => {
    const caller = requireApprovedBuyer(request);
    const data = parseData(archiveLocationRequest, request.data);
    await limitCallable(ctx.db, 'archiveLocation', { uid: caller.uid, ip: callerIp(request) });
    return archiveLocation(ctx, caller.uid, data);
  },
);
