import { describe, expect, it } from 'vitest';
import {
  checkUploadedPhoto,
  imageSource,
  parseProductPhotoPath,
  photoFileProblem,
  photoIdOf,
  photoWidthsFor,
  PRODUCT_PHOTO_MAX_BYTES,
  productPhotoPath,
  productPhotoSizePath,
  sniffPhotoType,
} from './product-photos';

const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const WEBP_HEAD = Uint8Array.from([
  0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50,
]);
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const GIF_HEAD = bytes('GIF89a....');

describe('photoFileProblem (the browser check)', () => {
  it('accepts JPEG, PNG and WebP files of up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(photoFileProblem({ name: 'a', type, size: PRODUCT_PHOTO_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses a GIF, a file over 5 MB and an empty file, naming the file', () => {
    const message =
      "cup.gif can't be used. A photo must be a JPEG, PNG or WebP image of up to 5 MB.";
    expect(photoFileProblem({ name: 'cup.gif', type: 'image/gif', size: 10 })).toBe(message);
    expect(
      photoFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: PRODUCT_PHOTO_MAX_BYTES + 1 }),
    ).toMatch(/^big\.jpg can't be used\./);
    expect(photoFileProblem({ name: 'e.png', type: 'image/png', size: 0 })).not.toBeNull();
    expect(photoFileProblem({ name: 'x', type: '', size: 10 })).not.toBeNull();
  });
});

describe('the server check of the real content', () => {
  it('tells the type from the first bytes, whatever the name says', () => {
    expect(sniffPhotoType(JPEG_HEAD)).toBe('image/jpeg');
    expect(sniffPhotoType(PNG_HEAD)).toBe('image/png');
    expect(sniffPhotoType(WEBP_HEAD)).toBe('image/webp');
    expect(sniffPhotoType(GIF_HEAD)).toBeNull();
    expect(sniffPhotoType(bytes('just some text, named .jpg'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });

  it('refuses a file over 5 MB before looking at it, and a fake image', () => {
    expect(checkUploadedPhoto(PRODUCT_PHOTO_MAX_BYTES + 1, JPEG_HEAD)).toEqual({
      ok: false,
      message: expect.stringMatching(/^is larger than 5 MB\./),
    });
    expect(checkUploadedPhoto(100, GIF_HEAD)).toEqual({
      ok: false,
      message: expect.stringMatching(/^is not a JPEG, PNG or WebP image\./),
    });
    expect(checkUploadedPhoto(100, PNG_HEAD)).toEqual({ ok: true, type: 'image/png' });
  });
});

describe('photoWidthsFor', () => {
  it('makes every size up to the original, never enlarging it', () => {
    expect(photoWidthsFor(3000)).toEqual([160, 400, 800, 1200]);
    expect(photoWidthsFor(1200)).toEqual([160, 400, 800, 1200]);
    expect(photoWidthsFor(900)).toEqual([160, 400, 800, 900]);
    expect(photoWidthsFor(400)).toEqual([160, 400]);
    expect(photoWidthsFor(100)).toEqual([100]);
    expect(photoWidthsFor(0)).toEqual([]);
    expect(photoWidthsFor(Number.NaN)).toEqual([]);
  });
});

describe('paths', () => {
  it('names an upload and its sizes, and reads an upload back', () => {
    expect(productPhotoPath('cups', 'abc123')).toBe('product-photos/cups/abc123');
    expect(productPhotoSizePath('cups', 'abc123', 400)).toBe(
      'product-photo-sizes/cups/abc123/400.webp',
    );
    expect(parseProductPhotoPath('product-photos/cups/abc123')).toEqual({
      productId: 'cups',
      photoId: 'abc123',
    });
    expect(parseProductPhotoPath('product-photo-sizes/cups/abc123/400.webp')).toBeNull();
    expect(parseProductPhotoPath('product-photos/cups/../x')).toBeNull();
    expect(parseProductPhotoPath('product-photos/cups/a/b')).toBeNull();
    expect(() => productPhotoPath('../x', 'a')).toThrow();
  });

  it('tells an uploaded photo from a URL', () => {
    expect(photoIdOf('product-photos/cups/abc123')).toBe('abc123');
    expect(photoIdOf('/images/cups.webp')).toBeNull();
    expect(photoIdOf('https://example.com/product-photos/cups/abc123')).toBeNull();
  });
});

describe('imageSource (the size a page asks for)', () => {
  const sizes = {
    abc: [
      { width: 800, url: 'u800' },
      { width: 160, url: 'u160' },
      { width: 400, url: 'u400' },
    ],
  };

  it('gives an uploaded photo a srcset of its sizes and a fallback of the wanted width', () => {
    expect(imageSource('product-photos/cups/abc', sizes)).toEqual({
      src: 'u400',
      srcSet: 'u160 160w, u400 400w, u800 800w',
    });
    expect(imageSource('product-photos/cups/abc', sizes, 160)?.src).toBe('u160');
    expect(imageSource('product-photos/cups/abc', sizes, 1200)?.src).toBe('u800');
  });

  it('keeps a URL as it is, and has nothing for a photo whose sizes are not made', () => {
    expect(imageSource('/images/cups.webp', sizes)).toEqual({ src: '/images/cups.webp' });
    expect(imageSource('product-photos/cups/other', sizes)).toBeNull();
    expect(imageSource('product-photos/cups/abc', undefined)).toBeNull();
  });
});
