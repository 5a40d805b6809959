import {
  FUNCTION_NAMES,
  type ReviewTaxCertificateRequest,
  type ReviewTaxCertificateResponse,
  type SubmitTaxCertificateRequest,
  type SubmitTaxCertificateResponse,
} from '@portal/domain';
import { callable } from './callables';

/**
 * The resale certificates' calls (docs/tax.md). A module of their own, imported only by the
 * tax-certificates entity, which only lazy chunks load (My Account's Profile tab, the dashboard's
 * Certificates tab): the portal's first loads sit just under their size budget. Each wrapper is
 * marked pure, so a chunk keeps only the call it makes.
 */

/** The company owner submits a certificate whose file is uploaded (pending review). */
export const callSubmitTaxCertificate = /* @__PURE__ */ callable<
  SubmitTaxCertificateRequest,
  SubmitTaxCertificateResponse
>(FUNCTION_NAMES.submitTaxCertificate);

/** Managers: approve a pending certificate, or reject it with a reason. */
export const callReviewTaxCertificate = /* @__PURE__ */ callable<
  ReviewTaxCertificateRequest,
  ReviewTaxCertificateResponse
>(FUNCTION_NAMES.reviewTaxCertificate);
