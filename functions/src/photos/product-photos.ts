import { randomUUID } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  parseProductPhotoPath,
  paths,
  PHOTO_REFUSALS,
  photoIdOf,
  PRODUCT_PHOTO_MAX_BYTES,
  productPhotoSizePath,
  type PhotoSize,
} from '@portal/domain';
import { runtimeEnv } from '../lib/params';
import { resizeProductPhoto } from './resize';

/** The part of a Cloud Storage bucket (firebase-admin's) the photo functions use. */
export interface PhotoBucket {
  name: string;
  file(path: string): {
    download(): Promise<[Buffer]>;
    delete(options: { ignoreNotFound: boolean }): Promise<unknown>;
    save(
      data: Buffer,
      options: {
        contentType: string;
        resumable: boolean;
        metadata: { cacheControl: string; metadata: Record<string, string> };
      },
    ): Promise<void>;
  };
}

/**
 * The URL a browser downloads a stored file from with its download token (as getDownloadURL
 * gives it): the Storage emulator's when FIREBASE_STORAGE_EMULATOR_HOST is set, else Firebase's.
 * The token makes the URL work in an <img> without a sign-in; only those who read the product
 * (approved buyers and managers) learn it.
 */
export function downloadUrl(
  bucket: string,
  path: string,
  token: string,
  emulatorHost = runtimeEnv().FIREBASE_STORAGE_EMULATOR_HOST,
): string {
  const origin = emulatorHost
    ? `http://${emulatorHost.replace(/^https?:\/\//, '')}`
    : 'https://firebasestorage.googleapis.com';
  return `${origin}/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
}

export type PhotoOutcome =
  | { status: 'ignored' }
  | { status: 'refused'; message: string }
  | { status: 'ready'; sizes: PhotoSize[] };

/**
 * An upload under product-photos/{productId}/{photoId} was finalized: check it, make its sizes
 * under product-photo-sizes/, record the verdict on product_photos/{photoId} and the sizes on the
 * product. A refused upload is deleted and its verdict says why (the catalog editor shows it).
 * Anything else in the bucket is ignored (the sizes this writes included).
 */
export async function processProductPhoto(
  db: Firestore,
  bucket: PhotoBucket,
  object: { name: string; size: number | string },
): Promise<PhotoOutcome> {
  const photo = parseProductPhotoPath(object.name);
  if (!photo) return { status: 'ignored' };
  const { productId, photoId } = photo;
  const verdict = db.doc(`${COLLECTIONS.productPhotos}/${photoId}`);
  const file = bucket.file(object.name);
  const result =
    Number(object.size) > PRODUCT_PHOTO_MAX_BYTES
      ? ({ ok: false, message: PHOTO_REFUSALS.tooLarge } as const)
      : await resizeProductPhoto((await file.download())[0]);
  if (!result.ok) {
    await file.delete({ ignoreNotFound: true });
    await verdict.set({
      product_id: productId,
      path: object.name,
      status: 'refused',
      message: result.message,
      sizes: [],
      updated_at: FieldValue.serverTimestamp(),
    });
    return { status: 'refused', message: result.message };
  }
  const sizes = await Promise.all(
    result.sizes.map(async (size): Promise<PhotoSize> => {
      const path = productPhotoSizePath(productId, photoId, size.width);
      const token = randomUUID();
      await bucket.file(path).save(size.data, {
        contentType: 'image/webp',
        resumable: false,
        metadata: {
          cacheControl: 'public, max-age=31536000, immutable',
          metadata: { firebaseStorageDownloadTokens: token },
        },
      });
      return { width: size.width, url: downloadUrl(bucket.name, path, token) };
    }),
  );
  await verdict.set({
    product_id: productId,
    path: object.name,
    status: 'ready',
    sizes,
    updated_at: FieldValue.serverTimestamp(),
  });
  await syncProductImageSizes(db, productId);
  return { status: 'ready', sizes };
}

/**
 * Sets the product's image_sizes to the sizes of the uploaded photos it refers to (in image_url
 * or images) that are ready, and drops those it no longer refers to. Run when a photo is ready
 * and when the product's images change (a photo uploaded before its new product was saved).
 * Writes only when something differs, so its own write ends the trigger it sets off.
 */
export async function syncProductImageSizes(
  db: Firestore,
  productId: string,
): Promise<'missing' | 'unchanged' | 'updated'> {
  return db.runTransaction(async (tx) => {
    const ref = db.doc(paths.product(productId));
    const product = await tx.get(ref);
    if (!product.exists) return 'missing';
    const images = [product.get('image_url'), ...((product.get('images') as unknown[]) ?? [])];
    const ids = [
      ...new Set(images.filter((i) => typeof i === 'string').map((i) => photoIdOf(i as string))),
    ].filter((id): id is string => id !== null);
    const verdicts =
      ids.length === 0
        ? []
        : await tx.getAll(...ids.map((id) => db.doc(`${COLLECTIONS.productPhotos}/${id}`)));
    const sizes: Record<string, PhotoSize[]> = {};
    for (const verdict of verdicts) {
      if (verdict.get('status') === 'ready' && verdict.get('product_id') === productId) {
        sizes[verdict.id] = verdict.get('sizes') as PhotoSize[];
      }
    }
    const stored = (product.get('image_sizes') as Record<string, PhotoSize[]> | undefined) ?? {};
    if (sameSizes(stored, sizes)) return 'unchanged';
    tx.update(ref, { image_sizes: sizes });
    return 'updated';
  });
}

function sameSizes(a: Record<string, PhotoSize[]>, b: Record<string, PhotoSize[]>): boolean {
  const keys = Object.keys(a).sort();
  if (JSON.stringify(keys) !== JSON.stringify(Object.keys(b).sort())) return false;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
