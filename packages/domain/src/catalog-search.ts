/**
 * The store's search, category filter and sort, as pure functions over the products already
 * loaded: typing filters in memory, with no request per keystroke. The query lives in the URL
 * (?q=&category=&sort=) so a filtered store survives a reload and can be shared.
 */
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
  /** Words to find in the name or SKU ('' for everything). */
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
  sort_order: number;
  created_at: Date | null;
}

function foldCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a search: each must appear in the name or the SKU. */
function searchTerms(q: string): string[] {
  return foldCase(q).split(/\s+/).filter(Boolean);
}

/**
 * A search index over a catalog: built once per catalog (a lower-cased name + SKU per product,
 * each product's place in name order, its price and creation time), then `apply` filters and
 * sorts for a query with plain number comparisons (the name collation runs once, at build). 2,000
 * products filter and sort in about a millisecond per query on a laptop; measured in
 * docs/catalog.md.
 */
export function catalogIndex<P extends SearchableProduct>(
  products: readonly P[],
  priceOf: (product: P) => number,
) {
  const keys = products.map((product) => `${foldCase(product.name)} ${foldCase(product.sku)}`);
  const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  // Each product's rank in name order (equal names keep catalog order: the sort is stable).
  const nameRank = new Array<number>(products.length);
  products
    .map((_, index) => index)
    .sort((a, b) => byName.compare(products[a]!.name, products[b]!.name))
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
  return {
    apply(query: StoreQuery): P[] {
      const terms = searchTerms(query.q);
      const matches: number[] = [];
      for (let index = 0; index < products.length; index += 1) {
        if (query.category && products[index]!.category !== query.category) continue;
        const key = keys[index]!;
        if (terms.every((term) => key.includes(term))) matches.push(index);
      }
      return matches.sort(compare[query.sort]).map((index) => products[index]!);
    },
  };
}

/** The categories present in a catalog, sorted, without the empty one. */
export function catalogCategories(products: readonly Pick<SearchableProduct, 'category'>[]) {
  return [...new Set(products.map((product) => product.category).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
}
