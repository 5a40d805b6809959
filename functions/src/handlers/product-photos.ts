import { getStorage } from 'firebase-admin/storage';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change, FirestoreEvent } from 'firebase-functions/v2/firestore';
import type { StorageEvent } from 'firebase-functions/v2/storage';
import { firestore } from '../lib/admin';
import { log } from '../lib/log';
import { processProductPhoto, syncProductImageSizes } from '../photos/product-photos';

/** Storage trigger: an uploaded file was finalized (photos/product-photos.ts decides what to do). */
export async function productPhotoUploadedHandler(
  event: Pick<StorageEvent, 'data'>,
): Promise<void> {
  const { name, bucket, size } = event.data;
  const outcome = await processProductPhoto(firestore(), getStorage().bucket(bucket), {
    name,
    size,
  });
  if (outcome.status === 'refused') {
    log.info('product_photo_refused', { path: name, message: outcome.message });
  } else if (outcome.status === 'ready') {
    log.info('product_photo_ready', { path: name, sizes: outcome.sizes.length });
  }
}

type Snapshot = Pick<DocumentSnapshot, 'exists' | 'get'>;

/**
 * Firestore trigger on products/{productId}: when its images change, its image_sizes follow
 * (a photo uploaded before its new product was first saved gets its sizes on that save).
 */
export async function productImagesChangedHandler(
  event: Pick<FirestoreEvent<Change<Snapshot> | undefined, { productId: string }>, 'params'> & {
    data?: Change<Snapshot> | undefined;
  },
): Promise<void> {
  const change = event.data;
  if (change && !change.after.exists) return;
  if (
    change?.before.exists &&
    ['image_url', 'images'].every(
      (field) =>
        JSON.stringify(change.before.get(field) ?? null) ===
        JSON.stringify(change.after.get(field) ?? null),
    )
  ) {
    return;
  }
  const outcome = await syncProductImageSizes(firestore(), event.params.productId);
  if (outcome === 'updated') log.info('product_image_sizes_updated', event.params);
}
