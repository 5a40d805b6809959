/**
 * Product photos (docs/catalog.md#photos): a manager uploads photos in the admin Catalog, a fake
 * image is refused by the functions with its reason, a real one is made into sizes, and a
 * retailer's store card on a 390 px phone downloads the small size, not the original.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import { createApprovedBuyer } from './support/accounts';
import { journey, PHONE, type Person } from './support/journey';
import { snap } from './support/screens';
import { openInApp, productCard, see, seeText, signInBuyer, signInManager } from './support/ui';

const j = journey('week-photos');
const CUPS = 'Slush Cups, 16 oz (sleeve of 50)';
let manager: Person;
let original: Buffer;

/** A real photo-like JPEG (noise compresses like a photo does), made here. */
function photo(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 90, g: 30, b: 160 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

j.step(
  'a manager uploads a text file named .jpg: the functions refuse it with the reason',
  async () => {
    manager = await j.person('manager');
    const { page } = manager;
    await signInManager(page);
    // The tab, as a manager opens it: its chunk comes while it shows loading, and the product
    // form opened in it must stay open while the photos are made (the tab was once mounted
    // again at the dashboard's next draw, which closed the form).
    await page.getByRole('tab', { name: 'Catalog' }).click();
    const catalog = page.getByRole('region', { name: 'Catalog' });
    await catalog.getByRole('button', { name: `Edit ${CUPS}` }).click();
    const form = page.getByRole('dialog', { name: `Edit ${CUPS}` });
    await see(form.getByRole('group', { name: 'Photos' }));
    await form.locator('input[type=file]').setInputFiles({
      name: 'fake.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is a text file, not a photo'),
    });
    await seeText(
      form.getByRole('alert'),
      /fake\.jpg is not a JPEG, PNG or WebP image\. A photo must be/,
      120_000,
    );
    await form.getByRole('group', { name: 'Photos' }).scrollIntoViewIfNeeded();
    await snap(page, 'week-16-product-photos-refused-after');
  },
  400_000,
);

j.step(
  'a real JPEG is uploaded, made into sizes and saved as the main photo',
  async () => {
    const { page } = manager;
    const form = page.getByRole('dialog', { name: `Edit ${CUPS}` });
    original = await photo();
    await form.locator('input[type=file]').setInputFiles({
      name: 'cups.jpg',
      mimeType: 'image/jpeg',
      buffer: original,
    });
    // The cups already show two pictures (their own and the lids'): the upload is the third.
    const added = form.getByRole('img', { name: 'Photo 3' });
    await see(added, 120_000);
    await expect
      .poll(() => added.getAttribute('src'), { timeout: 120_000 })
      .toContain('product-photo-sizes');
    await form.getByRole('button', { name: 'Move photo 3 earlier' }).click();
    await form.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect
      .poll(() => form.getByRole('img', { name: 'Main photo' }).getAttribute('src'))
      .toContain('product-photo-sizes');
    await form.getByRole('group', { name: 'Photos' }).scrollIntoViewIfNeeded();
    await snap(page, 'week-16-product-photos-after');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => form.isVisible(), { timeout: 30_000 }).toBe(false);
  },
  400_000,
);

j.step(
  "a retailer's store card on a phone shows the photo at the small size",
  async () => {
    const account = await createApprovedBuyer(j.stack, 'retailer', 'photos');
    const buyer = await j.person('retailer');
    const { page } = buyer;
    await signInBuyer(page, account.email);
    await page.setViewportSize(PHONE);
    await openInApp(page, '/portal/store?q=cup-16');
    const image = productCard(page, CUPS).getByRole('img', { name: CUPS });
    await see(image);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc), {
        timeout: 30_000,
      })
      .toMatch(/product-photo-sizes%2F.*%2F400\.webp/);
    const bytes = await image.evaluate(async (img: HTMLImageElement) => {
      const response = await fetch(img.currentSrc);
      return (await response.arrayBuffer()).byteLength;
    });
    console.log(
      `week-photos: card image at 390 px: ${bytes} bytes (400 px WebP); the original upload: ${original.length} bytes`,
    );
    expect(bytes).toBeLessThan(original.length / 4);
    await snap(page, 'week-16-product-photos-card-after');
  },
  400_000,
);
