/**
 * The Storage trigger's work against the local Storage and Firestore emulators: a real JPEG
 * uploaded under product-photos/ is made into WebP sizes that download from their URLs and land
 * on the product; a text file named .jpg is deleted and refused with the reason; a product saved
 * after its photo was made gets the sizes from the products trigger's sync.
 */
import { getStorage } from 'firebase-admin/storage';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, paths, productPhotoPath } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { processProductPhoto, syncProductImageSizes } from '../../src/photos/product-photos';

// Decoding and resizing on a busy machine, and the emulators' round trips.
vi.setConfig({ testTimeout: 120_000 });

const db = firestore();
const bucket = getStorage().bucket(`${process.env.GCLOUD_PROJECT}.appspot.com`);
const product = (image_url: string) => ({
  name: 'Photo Test Cups',
  description: '',
  image_url,
  price_retailer: 100,
  is_active: true,
  sort_order: 1,
});

async function upload(path: string, data: Buffer, contentType: string) {
  await bucket.file(path).save(data, { contentType, resumable: false });
  return { name: path, size: data.length };
}

describe('processProductPhoto', () => {
  it('makes the sizes of a real JPEG, which download, and records them on the product', async () => {
    const path = productPhotoPath('photo-cups', 'realphoto1');
    await db.doc(paths.product('photo-cups')).set(product(path));
    const jpeg = await sharp({
      create: { width: 1000, height: 750, channels: 3, background: { r: 10, g: 200, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const outcome = await processProductPhoto(db, bucket, await upload(path, jpeg, 'image/jpeg'));
    expect(outcome.status).toBe('ready');
    const sizes = outcome.status === 'ready' ? outcome.sizes : [];
    expect(sizes.map((s) => s.width)).toEqual([160, 400, 800, 1000]);
    const small = await fetch(sizes[1]!.url);
    expect(small.status).toBe(200);
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 400]);
    const stored = await db.doc(paths.product('photo-cups')).get();
    expect(stored.get('image_sizes')).toEqual({ realphoto1: sizes });
    const verdict = await db.doc(`${COLLECTIONS.productPhotos}/realphoto1`).get();
    expect(verdict.get('status')).toBe('ready');
  });

  it('deletes a text file named .jpg and records the refusal', async () => {
    const path = productPhotoPath('photo-cups', 'fakephoto1');
    const object = await upload(path, Buffer.from('not a photo at all'), 'image/jpeg');
    const outcome = await processProductPhoto(db, bucket, object);
    expect(outcome).toEqual({
      status: 'refused',
      message: expect.stringMatching(/^is not a JPEG, PNG or WebP image\./),
    });
    expect((await bucket.file(path).exists())[0]).toBe(false);
    const verdict = await db.doc(`${COLLECTIONS.productPhotos}/fakephoto1`).get();
    expect(verdict.get('status')).toBe('refused');
    expect(verdict.get('message')).toMatch(/^is not a JPEG, PNG or WebP image\./);
  });

  it('ignores anything outside product-photos/, the sizes it writes included', async () => {
    expect(
      await processProductPhoto(db, bucket, { name: 'product-photo-sizes/a/b/400.webp', size: 1 }),
    ).toEqual({ status: 'ignored' });
  });

  it('gives a product saved after its photo was made the sizes, once', async () => {
    const path = productPhotoPath('photo-later', 'earlyphoto1');
    const png = await sharp({
      create: { width: 200, height: 200, channels: 4, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    await processProductPhoto(db, bucket, await upload(path, png, 'image/png'));
    await db.doc(paths.product('photo-later')).set(product(path));
    expect(await syncProductImageSizes(db, 'photo-later')).toBe('updated');
    expect(await syncProductImageSizes(db, 'photo-later')).toBe('unchanged');
    const stored = await db.doc(paths.product('photo-later')).get();
    expect(Object.keys(stored.get('image_sizes') as object)).toEqual(['earlyphoto1']);
  });
});
