/**
 * Product photos uploaded to Cloud Storage (docs/catalog.md#photos): where they live, which files
 * are accepted, which sizes the functions make of them, and which size a page asks for.
 *
 * A manager uploads the original to product-photos/{productId}/{photoId}; the product refers to it
 * by that path (in image_url or images, where older products keep their URLs). The Storage
 * trigger checks the real content, makes WebP copies PRODUCT_PHOTO_WIDTHS wide (never wider than
 * the original) under product-photo-sizes/{productId}/{photoId}/{width}.webp, records its verdict
 * on product_photos/{photoId} and the sizes on the product's image_sizes. Only the functions
 * write either.
 */

/** The largest original accepted: 5 MB (storage.rules says the same). */
export const PRODUCT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The content types accepted (storage.rules says the same). */
export const PRODUCT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProductPhotoType = (typeof PRODUCT_PHOTO_TYPES)[number];

/** What the file picker offers. */
export const PRODUCT_PHOTO_ACCEPT = PRODUCT_PHOTO_TYPES.join(',');

/**
 * The widths made of each photo, from the widths they are shown at: the product page's thumbnails
 * (72 px, 144 at 2x) -> 160; a store card (358 px on a 390 px phone, about 280 at 1280) -> 400,
 * and 800 for a phone at 2x; the product page's main image (up to about 600 px) -> 800, and 1200
 * at 2x.
 */
export const PRODUCT_PHOTO_WIDTHS = [160, 400, 800, 1200] as const;

export const PRODUCT_PHOTOS_DIR = 'product-photos';
export const PRODUCT_PHOTO_SIZES_DIR = 'product-photo-sizes';

/** The browser's and the server's message for a file that is not accepted. */
export const PHOTO_RULE = 'A photo must be a JPEG, PNG or WebP image of up to 5 MB.';

/** Why the browser will not upload this file (null: it may). */
export function photoFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): string | null {
  const typeOk = (PRODUCT_PHOTO_TYPES as readonly string[]).includes(file.type);
  if (typeOk && file.size > 0 && file.size <= PRODUCT_PHOTO_MAX_BYTES) return null;
  return `${file.name} can't be used. ${PHOTO_RULE}`;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The storage path of a product's uploaded photo, which is also how the product refers to it. */
export function productPhotoPath(productId: string, photoId: string): string {
  if (!ID.test(productId) || !ID.test(photoId)) throw new Error('Bad product or photo id');
  return `${PRODUCT_PHOTOS_DIR}/${productId}/${photoId}`;
}

/** The product and photo of an upload's path, or null for any other path. */
export function parseProductPhotoPath(path: string): { productId: string; photoId: string } | null {
  const parts = path.split('/');
  if (parts.length !== 3 || parts[0] !== PRODUCT_PHOTOS_DIR) return null;
  const [, productId, photoId] = parts as [string, string, string];
  return ID.test(productId) && ID.test(photoId) ? { productId, photoId } : null;
}

/** Where the functions write one size of a photo. */
export function productPhotoSizePath(productId: string, photoId: string, width: number): string {
  return `${PRODUCT_PHOTO_SIZES_DIR}/${productId}/${photoId}/${width}.webp`;
}

/** The photo id of an image reference that is an uploaded photo, or null (a URL). */
export function photoIdOf(image: string): string | null {
  return parseProductPhotoPath(image)?.photoId ?? null;
}

/** A random photo id (as Firestore's auto ids: 20 letters and digits). */
export function newPhotoId(random: (n: number) => Uint8Array): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(random(20), (byte) => chars[byte % chars.length]).join('');
}

/**
 * The widths to make of an original `width` pixels wide: each of PRODUCT_PHOTO_WIDTHS that is not
 * wider than it, and the original's own width when it is narrower than the next one (so a small
 * image is never enlarged, and always has one size).
 */
export function photoWidthsFor(width: number): number[] {
  const whole = Math.floor(width);
  if (!(whole >= 1)) return [];
  const fitting: number[] = PRODUCT_PHOTO_WIDTHS.filter((w) => w <= whole);
  const largest = PRODUCT_PHOTO_WIDTHS[PRODUCT_PHOTO_WIDTHS.length - 1]!;
  if (whole < largest && !fitting.includes(whole)) fitting.push(whole);
  return fitting;
}

/** The image type the first bytes of a file show, whatever its name or declared type says. */
export function sniffPhotoType(bytes: Uint8Array): ProductPhotoType | null {
  const at = (offset: number, ...values: number[]) =>
    values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // RIFF....WEBP
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** The server's messages for an upload it refuses (shown after the file's name). */
export const PHOTO_REFUSALS = {
  tooLarge: `is larger than 5 MB. ${PHOTO_RULE}`,
  notAnImage: `is not a JPEG, PNG or WebP image. ${PHOTO_RULE}`,
  unreadable: `could not be read as an image. ${PHOTO_RULE}`,
} as const;

/**
 * The server's check of an upload before it is decoded: its size and its first bytes. Returns
 * the refusal (PHOTO_REFUSALS) or the real type.
 */
export function checkUploadedPhoto(
  size: number,
  head: Uint8Array,
): { ok: true; type: ProductPhotoType } | { ok: false; message: string } {
  if (size > PRODUCT_PHOTO_MAX_BYTES) return { ok: false, message: PHOTO_REFUSALS.tooLarge };
  const type = sniffPhotoType(head);
  if (!type) return { ok: false, message: PHOTO_REFUSALS.notAnImage };
  return { ok: true, type };
}

/** One size of a photo: its width in pixels and the URL it is downloaded from. */
export interface PhotoSize {
  width: number;
  url: string;
}

/** A product's generated sizes, by photo id (products/{id}.image_sizes, written by the functions). */
export type ImageSizes = Readonly<Record<string, readonly PhotoSize[]>>;

/** What an <img> gets for one of a product's images. */
export interface ImageSource {
  src: string;
  srcSet?: string;
}

/**
 * The `src` and `srcSet` of an image reference: a URL as it is; an uploaded photo as its sizes
 * (src the smallest at least `fallbackWidth` wide, for browsers without srcset), or null while
 * its sizes are not made yet (or it was refused).
 */
export function imageSource(
  image: string,
  sizes: ImageSizes | undefined,
  fallbackWidth = 400,
): ImageSource | null {
  const photoId = photoIdOf(image);
  if (photoId === null) return image ? { src: image } : null;
  const made = [...(sizes?.[photoId] ?? [])].sort((a, b) => a.width - b.width);
  if (made.length === 0) return null;
  const fallback = made.find((size) => size.width >= fallbackWidth) ?? made[made.length - 1]!;
  return {
    src: fallback.url,
    srcSet: made.map((size) => `${size.url} ${size.width}w`).join(', '),
  };
}

/** How wide a store card's image is shown (shop.css .product-grid: 1 to 4 columns). */
export const CARD_IMAGE_SIZES =
  '(min-width: 1200px) 280px, (min-width: 900px) 30vw, (min-width: 600px) 45vw, calc(100vw - 32px)';

/** How wide the product page's main image is shown. */
export const PRODUCT_PAGE_IMAGE_SIZES = '(min-width: 900px) 600px, calc(100vw - 32px)';

/** Thumbnails (the product page's, the cart's, the admin catalog's): 80 px at most. */
export const THUMB_IMAGE_SIZES = '80px';
