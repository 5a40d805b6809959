import { sweepExpiredApplicants } from '../accounts/expired-applicants';
import { createContext } from '../lib/context';
import { log } from '../lib/log';

/** The daily sweep of applicants who never verified their address (accounts/expired-applicants.ts). */
export async function sweepExpiredApplicantsHandler(): Promise<void> {
  const ctx = createContext();
  const { deleted } = await sweepExpiredApplicants(ctx, ctx.now());
  if (deleted > 0) log.info('expired_applicants_swept', { deleted });
}
