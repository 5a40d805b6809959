import { afterEach, describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES, productPhotoPath } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';
import { generateCatalog } from '../../../../../test-support/catalog-fixture';
import { FIRST_ROW, forgetPreloadedImages, preloadFirstRowImages, storeIndex } from './first-row';

/**
 * Six products with known names, featured order, prices and categories (the fixture's other
 * fields): "Product 1" first in featured order and dearest, "Product 6" last and cheapest;
 * products 2 and 5 are Machines, the rest Syrups.
 */
function catalog(): PricedProduct[] {
  return generateCatalog(6, 7).map(
    ({ price_wholesaler: _w, wholesale_breaks: _b, ...product }, index) => ({
      ...product,
      id: `p${index + 1}`,
      name: `Product ${index + 1}`,
      category: index === 1 || index === 4 ? 'Machines' : 'Syrups',
      sort_order: index + 1,
      image_url: `/products/p${index + 1}.svg`,
      case_pack: 1,
      min_quantity: 1,
      unit_price: 1_000 - index * 100,
      breaks: [],
      tier_price: 1_000 - index * 100,
      price_list: null,
    }),
  );
}

/** The preload links in the document's head, as [href, imagesrcset, imagesizes, fetchpriority]. */
function preloads() {
  return [
    ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'),
  ].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('imagesrcset'),
    link.getAttribute('imagesizes'),
    link.getAttribute('fetchpriority'),
  ]);
}

const plain = (href: string) => [href, null, null, 'high'];

/** No preload in the document, none remembered: as a page that has asked for nothing yet. */
function forgetPreloads() {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  forgetPreloadedImages();
}

afterEach(forgetPreloads);

describe('preloadFirstRowImages', () => {
  it("asks for the first row's pictures in the store's featured order, at high priority", () => {
    expect(FIRST_ROW).toBe(4);
    expect(preloadFirstRowImages(catalog(), new URLSearchParams())).toBe(4);
    expect(preloads()).toEqual([
      plain('/products/p1.svg'),
      plain('/products/p2.svg'),
      plain('/products/p3.svg'),
      plain('/products/p4.svg'),
    ]);
  });

  it("follows the URL's query: the sort and the category the store will show", () => {
    preloadFirstRowImages(catalog(), new URLSearchParams('sort=price_asc'));
    expect(preloads().map(([href]) => href)).toEqual([
      '/products/p6.svg',
      '/products/p5.svg',
      '/products/p4.svg',
      '/products/p3.svg',
    ]);
    forgetPreloads();
    expect(preloadFirstRowImages(catalog(), new URLSearchParams('category=Machines'))).toBe(2);
    expect(preloads().map(([href]) => href)).toEqual(['/products/p2.svg', '/products/p5.svg']);
  });

  it("chooses what the card's <img> will: an uploaded photo's sizes with the card's sizes, not a photo still being made", () => {
    const products = catalog();
    const made = productPhotoPath('p1', 'photoA');
    const pending = productPhotoPath('p2', 'photoB');
    products[0] = {
      ...products[0]!,
      image_url: made,
      image_sizes: {
        photoA: [
          { width: 800, url: 'https://img.test/a-800.webp' },
          { width: 400, url: 'https://img.test/a-400.webp' },
        ],
      },
    };
    products[1] = { ...products[1]!, image_url: pending, image_sizes: {} };
    expect(preloadFirstRowImages(products, new URLSearchParams())).toBe(3);
    expect(preloads()).toEqual([
      [
        'https://img.test/a-400.webp',
        'https://img.test/a-400.webp 400w, https://img.test/a-800.webp 800w',
        CARD_IMAGE_SIZES,
        'high',
      ],
      plain('/products/p3.svg'),
      plain('/products/p4.svg'),
    ]);
  });

  it('asks for each picture once, however often the catalog comes', () => {
    const products = catalog();
    preloadFirstRowImages(products, new URLSearchParams());
    expect(preloadFirstRowImages(products, new URLSearchParams())).toBe(0);
    expect(preloadFirstRowImages(catalog(), new URLSearchParams('sort=price_asc'))).toBe(2);
    expect(preloads()).toHaveLength(6);
  });
});

describe('storeIndex', () => {
  it('builds the search index once per catalog, for the store page and the preload alike', () => {
    const products = catalog();
    expect(storeIndex(products)).toBe(storeIndex(products));
    expect(storeIndex(catalog())).not.toBe(storeIndex(products));
  });
});
