import sharp from 'sharp';
import {
  checkUploadedPhoto,
  PHOTO_REFUSALS,
  photoWidthsFor,
  type ProductPhotoType,
} from '@portal/domain';

/** The largest image decoded, in pixels (about 8000 x 5000): a small file cannot ask for more. */
export const MAX_INPUT_PIXELS = 40_000_000;

const FORMATS: Record<string, ProductPhotoType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export interface MadeSize {
  width: number;
  height: number;
  data: Buffer;
}

export type ResizeResult = { ok: true; sizes: MadeSize[] } | { ok: false; message: string };

/**
 * Checks an uploaded product photo by its real content (size, first bytes, then a full decode by
 * sharp, whose format must be the one the first bytes claim) and makes its WebP sizes
 * (photoWidthsFor: the widths the pages show it at, never wider than the original), turned
 * upright from its EXIF orientation, with the metadata (location included) left out.
 */
export async function resizeProductPhoto(bytes: Buffer): Promise<ResizeResult> {
  const check = checkUploadedPhoto(bytes.length, bytes.subarray(0, 16));
  if (!check.ok) return check;
  try {
    const source = () =>
      sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await source().metadata();
    if (meta.format === undefined || FORMATS[meta.format] !== check.type) {
      return { ok: false, message: PHOTO_REFUSALS.notAnImage };
    }
    const rotated = (meta.orientation ?? 1) >= 5;
    const width = rotated ? meta.height : meta.width;
    const widths = photoWidthsFor(width ?? 0);
    if (widths.length === 0) return { ok: false, message: PHOTO_REFUSALS.unreadable };
    const sizes: MadeSize[] = [];
    for (const target of widths) {
      const { data, info } = await source()
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      sizes.push({ width: info.width, height: info.height, data });
    }
    return { ok: true, sizes };
  } catch {
    return { ok: false, message: PHOTO_REFUSALS.unreadable };
  }
}
