import {
  reviewTaxCertificateRequest,
  submitTaxCertificateRequest,
  type ReviewTaxCertificateResponse,
  type SubmitTaxCertificateResponse,
} from '@portal/domain';
import { defaultBucket } from '../lib/admin';
import { callerIp, parseData, requireApprovedBuyer, requireManager } from '../lib/caller';
import { createContext } from '../lib/context';
import { log } from '../lib/log';
import { limitCallable } from '../lib/rate-limit';
import { sweepTaxCertificates } from '../tax/certificate-sweep';
import { reviewTaxCertificate, submitTaxCertificate } from '../tax/certificates';
import { callable } from './edge';

/** Resale certificates (docs/tax.md): the owner submits one, the managers review it. */

/**
 * Callable submitTaxCertificate({ certificateId, state, number, expiresOn, fileName }) (the
 * company's owner, approved): the file uploaded to taxCertificateFilePath becomes a pending
 * certificate, once the server has checked it.
 */
export const submitTaxCertificateHandler = callable(
  async (request, ctx): Promise<SubmitTaxCertificateResponse> => {
    const caller = requireApprovedBuyer(request);
    const input = parseData(submitTaxCertificateRequest, request.data);
    await limitCallable(ctx.db, 'submitTaxCertificate', {
      uid: caller.uid,
      ip: callerIp(request),
    });
    const token = request.auth?.token;
    const fallbackName = String(token?.name ?? token?.email ?? '');
    return submitTaxCertificate(
      ctx,
      defaultBucket(ctx.env),
      { uid: caller.uid, fallbackName },
      input,
    );
  },
);

/**
 * Callable reviewTaxCertificate({ certificateId, decision: 'approve' } | { ..., decision:
 * 'reject', reason }) (managers).
 */
export const reviewTaxCertificateHandler = callable(
  async (request, ctx): Promise<ReviewTaxCertificateResponse> => {
    const caller = await requireManager(request, ctx);
    const input = parseData(reviewTaxCertificateRequest, request.data);
    await limitCallable(ctx.db, 'reviewTaxCertificate', {
      uid: caller.uid,
      ip: callerIp(request),
    });
    return reviewTaxCertificate(ctx, caller.uid, input);
  },
);

/**
 * The daily sweep of resale certificates (tax/certificate-sweep.ts): on a schedule in
 * production; the local stack runs the same function in its sweep worker (scripts/sweep-worker.ts).
 */
export async function sweepTaxCertificatesHandler(): Promise<void> {
  const ctx = createContext();
  const result = await sweepTaxCertificates(ctx);
  if (result.reminders > 0 || result.failed > 0) log.info('tax_certificates_swept', { ...result });
}
