/**
 * Claims of damaged, missing or wrong items (claims/{claimId} and their photos in Cloud Storage,
 * docs/order-lifecycle.md#claims): read by the company's members and the managers, written by the
 * functions. Only lazy chunks import this entity; its Storage code is fetched on the first view.
 */
export {
  CLAIM_QUEUE_LIMIT,
  fetchClaim,
  fetchClaimCounts,
  fetchClaimQueue,
  type ClaimCounts,
  type ClaimQueueFilter,
} from './api';
export { fetchClaimPhotoUrls, type ClaimPhotoView } from './photos';
export {
  claimKeys,
  claimQueueQueryOptions,
  useClaim,
  useClaimCounts,
  useClaimPhotos,
  useClaimQueue,
} from './queries';
