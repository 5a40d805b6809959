/**
 * The store's search, category filter and sort, as pure functions over the products already
 * loaded: typing filters in memory, with no request per keystroke. The query lives in the URL
 * (?q=&category=&sort=) so a filtered store survives a reload and can be shared.
 */
import { foldCase } from './fold-case';
import { compareText, compareTextKeys, textOrderKey } from './text-order';

export const STORE_SORTS = ['featured', 'name', 'price_asc', 'price_desc', 'newest'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

export const STORE_SORT_LABELS: Readonly<Record<StoreSort, string>> = {
  featured: 'Featured',
  name: 'Name (A–Z)',
  price_asc: 'Price (low to high)',
  price_desc: 'Price (high to low)',
  newest: 'Newest',
};

export interface StoreQuery {
  /** Words to find in the name, SKU, category or description ('' for everything). */
  q: string;
  /** One category ('' for all). */
  category: string;
  sort: StoreSort;
}

export const DEFAULT_STORE_QUERY: StoreQuery = { q: '', category: '', sort: 'featured' };

/** The longest search text kept from a URL or the search box. */
export const MAX_SEARCH_LENGTH = 100;

/** Reads the store query from URL parameters; anything unknown or malformed falls back to the default. */
export function parseStoreQuery(params: { get(name: string): string | null }): StoreQuery {
  const q = (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const category = (params.get('category') ?? '').slice(0, 60);
  const sort = params.get('sort');
  return {
    q,
    category,
    sort: (STORE_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as StoreSort)
      : DEFAULT_STORE_QUERY.sort,
  };
}

/** The URL parameters of a store query, defaults left out (a plain store has a plain URL). */
export function storeQueryParams(query: StoreQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.q.trim()) params.q = query.q;
  if (query.category) params.category = query.category;
  if (query.sort !== DEFAULT_STORE_QUERY.sort) params.sort = query.sort;
  return params;
}

/** What the store needs of a product to search, filter and sort it. */
export interface SearchableProduct {
  id: string;
  name: string;
  sku: string;
  category: string;
  /** Searched too, ranked below the name and the category ('' or absent: nothing to find). */
  description?: string;
  sort_order: number;
  created_at: Date | null;
}

/** The words of a search: each must appear in the name, SKU, category or description. */
function searchTerms(q: string): string[] {
  return foldCase(q).split(/\s+/).filter(Boolean);
}

/**
 * How well a word matches each field (docs/catalog.md, "Search"): the name or SKU counts most,
 * then the category, then the description; a word that starts a word of the field counts a
 * little more than one found inside a word. A product's relevance is the sum over the query's
 * words of each word's best field, so "grape" finds Purple Dream Syrup by its description, and a
 * product named "Grape Rush" comes before it.
 */
export const SEARCH_WEIGHTS = { name: 30, category: 20, description: 10, wordStart: 1 } as const;

/** A letter or digit of folded text (lower case, accents removed; other scripts count too). */
function isWordCharacter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code > 127;
}

/** Where `term` is found in `text`: 0 nowhere, 1 inside a word, 2 at the start of a word. */
function found(text: string, term: string): 0 | 1 | 2 {
  let at = text.indexOf(term);
  if (at < 0) return 0;
  while (at >= 0) {
    if (at === 0 || !isWordCharacter(text.charCodeAt(at - 1))) return 2;
    at = text.indexOf(term, at + 1);
  }
  return 1;
}

/** A word's score in one field: the field's weight, plus a little for the start of a word. */
function fieldScore(text: string, term: string, weight: number): number {
  const where = found(text, term);
  return where === 0 ? 0 : weight + (where === 2 ? SEARCH_WEIGHTS.wordStart : 0);
}

/**
 * A search index over a catalog: built once per catalog (the folded name + SKU, category and
 * description of each product, each product's place in name order, its price and creation time),
 * then `apply` filters, ranks and sorts for a query with plain string searches and number
 * comparisons (the names are put in order once, at build). With words to find and the Featured
 * sort, the best matches come first (SEARCH_WEIGHTS), ties in featured order; another sort the
 * buyer chose is kept as chosen. 2,000 products filter and sort in a few milliseconds per query
 * on a laptop; measured in docs/catalog.md.
 */
export function catalogIndex<P extends SearchableProduct>(
  products: readonly P[],
  priceOf: (product: P) => number,
) {
  const names = products.map((product) => `${foldCase(product.name)} ${foldCase(product.sku)}`);
  const categories = products.map((product) => foldCase(product.category));
  const descriptions = products.map((product) => foldCase(product.description ?? ''));
  // Each product's rank in name order (text-order.ts: no collator; equal names keep catalog
  // order, as the sort is stable).
  const nameKeys = products.map((product) => textOrderKey(product.name));
  const nameRank = new Array<number>(products.length);
  products
    .map((_, index) => index)
    .sort((a, b) => compareTextKeys(nameKeys[a]!, nameKeys[b]!))
    .forEach((productIndex, rank) => {
      nameRank[productIndex] = rank;
    });
  const prices = products.map(priceOf);
  const created = products.map((product) => product.created_at?.getTime() ?? 0);
  const sortOrder = products.map((product) => product.sort_order);
  const name = (a: number, b: number) => nameRank[a]! - nameRank[b]!;
  const compare: Record<StoreSort, (a: number, b: number) => number> = {
    featured: (a, b) => sortOrder[a]! - sortOrder[b]! || name(a, b),
    name,
    price_asc: (a, b) => prices[a]! - prices[b]! || name(a, b),
    price_desc: (a, b) => prices[b]! - prices[a]! || name(a, b),
    newest: (a, b) => created[b]! - created[a]! || name(a, b),
  };
  /** The product's relevance to the words (0: a word is found nowhere, so no match). */
  const relevance = (index: number, terms: readonly string[]): number => {
    let total = 0;
    for (const term of terms) {
      const best = Math.max(
        fieldScore(names[index]!, term, SEARCH_WEIGHTS.name),
        fieldScore(categories[index]!, term, SEARCH_WEIGHTS.category),
        fieldScore(descriptions[index]!, term, SEARCH_WEIGHTS.description),
      );
      if (best === 0) return 0;
      total += best;
    }
    return total;
  };
  return {
    apply(query: StoreQuery): P[] {
      const terms = searchTerms(query.q);
      const matches: number[] = [];
      const scores = new Float64Array(products.length);
      for (let index = 0; index < products.length; index += 1) {
        if (query.category && products[index]!.category !== query.category) continue;
        if (terms.length === 0) {
          matches.push(index);
          continue;
        }
        const score = relevance(index, terms);
        if (score === 0) continue;
        matches.push(index);
        scores[index] = score;
      }
      const order = compare[query.sort];
      const ranked =
        terms.length > 0 && query.sort === 'featured'
          ? (a: number, b: number) => scores[b]! - scores[a]! || order(a, b)
          : order;
      return matches.sort(ranked).map((index) => products[index]!);
    },
  };
}

/** The categories present in a catalog, sorted, without the empty one. */
export function catalogCategories(products: readonly Pick<SearchableProduct, 'category'>[]) {
  return [...new Set(products.map((product) => product.category).filter(Boolean))].sort(
    compareText,
  );
}
