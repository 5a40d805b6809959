import { httpsCallable } from 'firebase/functions';
import {
  FUNCTION_NAMES,
  REPLAY_PROTECTED_CALLABLES,
  type FunctionName,
  type ReviewTaxCertificateRequest,
  type ReviewTaxCertificateResponse,
  type SubmitTaxCertificateRequest,
  type SubmitTaxCertificateResponse,
} from '@portal/domain';
import { functions } from './firebase-app';

/**
 * The resale certificates' calls (docs/tax.md). A module of their own, imported only by the
 * tax-certificates entity, which only lazy chunks load (My Account's Profile tab, the dashboard's
 * Certificates tab): the portal's first loads sit just under their size budget. Each wrapper is
 * marked pure, so a chunk keeps only the call it makes. They are made as callables.ts makes
 * them; not through its `callable`, which tests that stand in for callables.ts leave out.
 */
function taxCallable<Req, Res>(name: FunctionName) {
  const fn = httpsCallable<Req, Res>(functions, name, {
    limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name),
  });
  return async (data: Req): Promise<Res> => (await fn(data)).data;
}

/** The company owner submits a certificate whose file is uploaded (pending review). */
export const callSubmitTaxCertificate = /* @__PURE__ */ taxCallable<
  SubmitTaxCertificateRequest,
  SubmitTaxCertificateResponse
>(FUNCTION_NAMES.submitTaxCertificate);

/** Managers: approve a pending certificate, or reject it with a reason. */
export const callReviewTaxCertificate = /* @__PURE__ */ taxCallable<
  ReviewTaxCertificateRequest,
  ReviewTaxCertificateResponse
>(FUNCTION_NAMES.reviewTaxCertificate);
