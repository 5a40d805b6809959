import { CLAIM_PHOTOS_DIR, COLLECTIONS, TAX_CERTIFICATES_DIR } from '@portal/domain';
import { defaultBucket } from '../lib/admin';
import { createContext, type Context } from '../lib/context';
import { log } from '../lib/log';
import { deleteAbandonedUploads, type ListingBucket } from '../lib/uploaded-file';

/** The uploads a record names, by folder: a claim's photos, a resale certificate's file. */
const UPLOADS = [
  { kind: 'claimPhotos', folder: CLAIM_PHOTOS_DIR, collection: COLLECTIONS.claims },
  {
    kind: 'certificateFiles',
    folder: TAX_CERTIFICATES_DIR,
    collection: COLLECTIONS.taxCertificates,
  },
] as const;

export type AbandonedUploads = Record<(typeof UPLOADS)[number]['kind'], number>;

/**
 * Deletes the claim photos and certificate files uploaded a day ago or more that no claim or
 * certificate names (lib/uploaded-file.ts, docs/storage.md): what a member uploaded and never
 * reported or submitted.
 */
export async function sweepAbandonedUploads(
  deps: Pick<Context, 'db' | 'now'> & { bucket: ListingBucket },
): Promise<AbandonedUploads> {
  const now = deps.now();
  const counts = await Promise.all(
    UPLOADS.map((upload) => deleteAbandonedUploads(deps, upload, now)),
  );
  return { claimPhotos: counts[0] ?? 0, certificateFiles: counts[1] ?? 0 };
}

/** The daily sweep of abandoned uploads, on a schedule in production (index.ts). */
export async function sweepAbandonedUploadsHandler(): Promise<void> {
  const ctx = createContext();
  const result = await sweepAbandonedUploads({ ...ctx, bucket: defaultBucket(ctx.env) });
  if (result.claimPhotos + result.certificateFiles > 0) {
    log.info('abandoned_uploads_deleted', { ...result });
  }
}
