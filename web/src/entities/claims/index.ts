/**
 * Claims (claims/{id} and their photos in Cloud Storage, docs/order-lifecycle.md#claims): read
 * by the company's members and the managers, written by the functions. Only lazy chunks import
 * this entity; its Storage code is fetched on the first upload or view.
 */
export { COMPANY_CLAIMS_LIMIT } from './api';
export { PhotoUploadCancelled, useClaimPhotoUrl, type ClaimPhotoView } from './photos';
export {
  claimKeys,
  companyClaimsQueryOptions,
  orderClaimsQueryOptions,
  useAnswerClaim,
  useCompanyClaims,
  useOrderClaims,
  useReportClaim,
  type ClaimReport,
} from './queries';
export {
  CLAIM_QUEUE_LIMIT,
  fetchClaim,
  fetchClaimCounts,
  fetchClaimQueue,
  type ClaimCounts,
  type ClaimQueueFilter,
} from './queue';
export { fetchClaimPhotoUrls, type ClaimPhotoLink } from './photo-urls';
export {
  claimQueueKeys,
  claimQueueQueryOptions,
  useClaim,
  useClaimCounts,
  useClaimPhotos,
  useClaimQueue,
  useLinkedClaim,
} from './queue-queries';
