import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PHOTO_MAX_BYTES } from '@portal/domain';
import { downloadUrl } from '../../src/photos/product-photos';
import { resizeProductPhoto } from '../../src/photos/resize';

/** A real image made here: `width` x `height`, a colour gradient-free block, in `format`. */
function image(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif') {
  return sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } },
  })
    .toFormat(format)
    .toBuffer();
}

describe('resizeProductPhoto', () => {
  it('makes WebP sizes of a large JPEG at the widths the pages use, keeping the aspect', async () => {
    const result = await resizeProductPhoto(await image(2000, 1500, 'jpeg'));
    if (!result.ok) throw new Error(result.message);
    expect(result.sizes.map((s) => [s.width, s.height])).toEqual([
      [160, 120],
      [400, 300],
      [800, 600],
      [1200, 900],
    ]);
    for (const size of result.sizes) {
      expect((await sharp(size.data).metadata()).format).toBe('webp');
    }
  });

  it('never enlarges a small PNG or WebP', async () => {
    const png = await resizeProductPhoto(await image(300, 300, 'png'));
    expect(png.ok && png.sizes.map((s) => s.width)).toEqual([160, 300]);
    const webp = await resizeProductPhoto(await image(120, 90, 'webp'));
    expect(webp.ok && webp.sizes.map((s) => s.width)).toEqual([120]);
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    const sideways = await sharp(await image(1000, 500, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await resizeProductPhoto(sideways);
    if (!result.ok) throw new Error(result.message);
    expect(result.sizes.map((s) => [s.width, s.height])).toEqual([
      [160, 320],
      [400, 800],
      [500, 1000],
    ]);
  });

  it('refuses a GIF, a text file named .jpg, a truncated JPEG and a file over 5 MB', async () => {
    expect(await resizeProductPhoto(await image(50, 50, 'gif'))).toEqual({
      ok: false,
      message: expect.stringMatching(/^is not a JPEG, PNG or WebP image\./),
    });
    expect(await resizeProductPhoto(Buffer.from('this is not a photo at all'))).toEqual({
      ok: false,
      message: expect.stringMatching(/^is not a JPEG, PNG or WebP image\./),
    });
    const jpeg = await image(400, 300, 'jpeg');
    expect(await resizeProductPhoto(jpeg.subarray(0, 200))).toEqual({
      ok: false,
      message: expect.stringMatching(/^could not be read as an image\./),
    });
    // A PNG's bytes claiming to be a JPEG: the decoded format must match the first bytes.
    const png = await image(50, 50, 'png');
    const lying = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    expect((await resizeProductPhoto(lying)).ok).toBe(false);
    const big = Buffer.concat([jpeg, Buffer.alloc(PRODUCT_PHOTO_MAX_BYTES)]);
    expect(await resizeProductPhoto(big)).toEqual({
      ok: false,
      message: expect.stringMatching(/^is larger than 5 MB\./),
    });
  });
});

describe('downloadUrl', () => {
  it("is the emulator's URL locally and Firebase's otherwise, with the token", () => {
    expect(downloadUrl('b', 'product-photo-sizes/p/x/400.webp', 't', '127.0.0.1:9199')).toBe(
      'http://127.0.0.1:9199/v0/b/b/o/product-photo-sizes%2Fp%2Fx%2F400.webp?alt=media&token=t',
    );
    expect(downloadUrl('b', 'a/b', 't', '')).toBe(
      'https://firebasestorage.googleapis.com/v0/b/b/o/a%2Fb?alt=media&token=t',
    );
  });
});
