import { CARD_IMAGE_SIZES, catalogIndex, imageSource, parseStoreQuery } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';
import { startingPrice } from './store-view';

/**
 * Cards in the store grid's first row at its widest (4 columns): drawn with the page, their
 * pictures loaded eagerly and at high priority, and preloaded as soon as the catalog arrives.
 */
export const FIRST_ROW = 4;

type StoreIndex = ReturnType<typeof catalogIndex<PricedProduct>>;
const indexes = new WeakMap<readonly PricedProduct[], StoreIndex>();

/**
 * The store's search index of a catalog, built once per catalog (the array the query holds):
 * the store page and the first row's preload share it.
 */
export function storeIndex(catalog: readonly PricedProduct[]): StoreIndex {
  let index = indexes.get(catalog);
  if (!index) {
    index = catalogIndex(catalog, startingPrice);
    indexes.set(catalog, index);
  }
  return index;
}

/** The pictures already asked for (an image's srcset, or its URL), so each is preloaded once. */
const preloaded = new Set<string>();

/**
 * Asks for the pictures of the store's first row as soon as the catalog has arrived, before
 * React has drawn a card: the store's largest paint is the first card's picture, which
 * otherwise is asked for only once the page has rendered and its <img> is in the document. The
 * row is the one the store will show for this URL's query (`?q=&category=&sort=`), and each
 * preload chooses the same file the card's <img> will (the same srcset and sizes), so the card
 * finds it loaded or on its way. A picture not made yet (no sizes) is skipped, as the card
 * shows a neutral box for it. Returns how many preloads it added.
 */
export function preloadFirstRowImages(
  catalog: readonly PricedProduct[],
  search: URLSearchParams,
  doc: Document = document,
): number {
  let added = 0;
  for (const product of storeIndex(catalog).apply(parseStoreQuery(search)).slice(0, FIRST_ROW)) {
    const source = imageSource(product.image_url, product.image_sizes);
    if (!source) continue;
    const key = source.srcSet ?? source.src;
    if (preloaded.has(key)) continue;
    preloaded.add(key);
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = source.src;
    if (source.srcSet) {
      link.setAttribute('imagesrcset', source.srcSet);
      link.setAttribute('imagesizes', CARD_IMAGE_SIZES);
    }
    link.setAttribute('fetchpriority', 'high');
    doc.head.append(link);
    added += 1;
  }
  return added;
}

/** Forgets what was preloaded (tests). */
export function forgetPreloadedImages(): void {
  preloaded.clear();
}
