import {
  CLAIM_LIMITS,
  CLAIM_MESSAGES,
  CLAIM_PHOTO_TYPES,
  CLAIM_PHOTOS_DIR,
  claimPhotoPath,
  sniffClaimPhotoType,
  type ClaimPhotoType,
} from '@portal/domain';
import { InvalidRequestError, PreconditionError } from '../lib/errors';
import {
  checkUploadedFile,
  deleteUploadedFile,
  type ListingBucket,
  type UploadRule,
} from '../lib/uploaded-file';

/**
 * A claim's photos in Cloud Storage (claim-photos/{companyId}/{claimId}/{photoId}), as reportClaim
 * checks them: storage.rules let an owner or buyer upload a JPEG or PNG of up to 10 MB before the
 * claim is reported; here each photo the report names must be there, within the limit, of a
 * photo type, and by its first bytes the type it says (lib/uploaded-file.ts, as resale
 * certificates are checked).
 */

/** The bucket as the photos use it: the upload check, and listing a claim's folder. */
export type ClaimPhotoBucket = ListingBucket;

const CLAIM_PHOTO: UploadRule<ClaimPhotoType> = {
  maxBytes: CLAIM_LIMITS.photoBytes,
  types: CLAIM_PHOTO_TYPES,
  sniff: sniffClaimPhotoType,
  messages: {
    missing: CLAIM_MESSAGES.photoMissing,
    empty: CLAIM_MESSAGES.photoEmpty,
    tooLarge: CLAIM_MESSAGES.photoTooLarge,
    type: CLAIM_MESSAGES.photoType,
    content: CLAIM_MESSAGES.photoContent,
  },
};

/** A photo as the claim records it. */
export interface CheckedPhoto {
  id: string;
  content_type: ClaimPhotoType;
  size: number;
  name: string;
}

/**
 * Checks each named photo of the claim, in order; the first refusal is thrown (a missing photo:
 * failed-precondition, to attach it again; any other: invalid-argument). The caller deletes the
 * claim's photos when the report is refused.
 */
export async function checkClaimPhotos(
  bucket: ClaimPhotoBucket,
  companyId: string,
  claimId: string,
  photos: ReadonlyArray<{ id: string; name: string }>,
): Promise<CheckedPhoto[]> {
  const checked: CheckedPhoto[] = [];
  for (const photo of photos) {
    const file = await checkUploadedFile(
      bucket,
      claimPhotoPath(companyId, claimId, photo.id),
      CLAIM_PHOTO,
    );
    if (!file.ok) {
      if (file.message === CLAIM_MESSAGES.photoMissing) throw new PreconditionError(file.message);
      throw new InvalidRequestError(file.message);
    }
    checked.push({
      id: photo.id,
      content_type: file.contentType,
      size: file.size,
      name: photo.name,
    });
  }
  return checked;
}

const folderOf = (companyId: string, claimId: string) =>
  `${CLAIM_PHOTOS_DIR}/${companyId}/${claimId}/`;

/**
 * Deletes the files in the claim's folder, but those in `keep` (photo ids): every one when a
 * report is refused, the ones the report did not name when it is kept.
 */
export async function deleteClaimPhotos(
  bucket: ClaimPhotoBucket,
  companyId: string,
  claimId: string,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  // The path's parts are checked (claimPhotoPath throws on a bad id) before anything is listed.
  claimPhotoPath(companyId, claimId, 'x');
  const folder = folderOf(companyId, claimId);
  const [files] = await bucket.getFiles({ prefix: folder });
  await Promise.all(
    files
      .filter((file) => !keep.has(file.name.slice(folder.length)))
      .map((file) => deleteUploadedFile(bucket, file.name)),
  );
}
