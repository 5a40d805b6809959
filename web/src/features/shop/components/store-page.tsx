import { Button } from '@/components/button';
import { EmptyIllustration } from '@/components/empty-illustration';
import {
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import {
  companyRoleCan,
  catalogCategories,
  formatCount,
  parseStoreQuery,
  ROLE_LABELS,
  storeQueryParams,
  USUAL_ORDER_WINDOW,
  type StoreQuery,
  type StoreSort,
} from '@portal/domain';
import { lazyPreloaded } from '@/lib/lazy-preloaded';
import { useNotify } from '@/lib/notify';
import { CheckoutUrlError, checkoutRefusal, useCreateCheckout } from '../api/create-checkout';
import { cartAdditionOf, useAddToCart, useCart } from '@/entities/cart';
import { useProducts, type PricedProduct } from '@/entities/catalog';
import { readOrderingChoice } from '@/entities/company';
import { useRecentOrders } from '@/entities/orders';
import { useBuyer } from '@/entities/profile';
import { useFollowedText } from '@/lib/use-followed-text';
import { usePageTitle } from '@/lib/use-page-title';
import { ProductCardSkeleton, ProductGrid } from './product-grid';
import { ViewOnlyNotice } from './view-only-notice';
import { storeIndex } from '../lib/first-row';
import { StoreToolbar } from './store-toolbar';
import { LoadFailed } from './load-failed';
import './shop.css';
import { STORE_TOASTS } from './store-toasts';

/** How long typing pauses before the search goes into the URL (filtering does not wait). */
export const SEARCH_URL_DELAY_MS = 300;

/**
 * Cards shown at first and added by each Show more: full rows at 1 to 4 columns, and few enough
 * that a search which changes every card stays quick with thousands of products.
 */
export const STORE_PAGE_SIZE = 24;

const NO_PRODUCTS: PricedProduct[] = [];

/**
 * "Your usual order" (its own chunk: it is too large for the store's first load, about 8 KB
 * gzipped over its budget); if the chunk cannot load, the store goes on without it. Drawn
 * directly once its chunk is here (lazyPreloaded): the store's skeleton waits for the card.
 */
const usualOrderCard = lazyPreloaded(
  () => import('./usual-order-card'),
  () => null,
);
const UsualOrderCard = usualOrderCard.Component;

/**
 * Starts loading the usual order's chunk (the store's route loader, while the session is
 * checked), so the card is drawn with the store's first render.
 */
export function preloadUsualOrderCard(): void {
  usualOrderCard.preload().catch(() => undefined);
}

/**
 * How long the store's skeleton waits for the usual order at most: the card appears with the
 * catalog, so nothing moves once the products show, but a slow read never holds the catalog back.
 */
const USUAL_ORDER_WAIT_MS = 1000;

function productCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;
}

/**
 * /portal/store: the VIP Product Catalog, priced for the buyer's role, with a search (name or
 * SKU), a category filter and a sort. The catalog is loaded once and filtered in memory as the
 * buyer types; the query lives in the URL (?q=&category=&sort=), so it survives a reload and can
 * be shared. The search text goes into the URL once typing pauses, replacing the entry.
 */
export function StorePage() {
  const notify = useNotify();
  usePageTitle('VIP Product Catalog');
  const { uid, profile, role, companyId, companyRole, catalogViewer, orderScope } = useBuyer();
  // Buy Now ships to the location last chosen in the cart (the server checks it, and without
  // one ships to the member's first location).
  const locationId = readOrderingChoice(uid) ?? undefined;
  const canOrder = companyRoleCan(companyRole, 'order');
  // The role comes from the profile: wait for it, so a wholesaler's prices are fetched once.
  const products = useProducts(catalogViewer);
  const cart = useCart(uid);
  const addToCart = useAddToCart(uid);
  const checkout = useCreateCheckout();

  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = useMemo(() => parseStoreQuery(searchParams), [searchParams]);
  // The box follows the URL's search when it changes without typing (Back, a link), not when
  // it is this page's own write of what was typed (below).
  const { text: search, setText: setSearch, wrote } = useFollowedText(urlQuery.q);

  // The search typed but not yet in the URL, and the timer that will put it there.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<StoreQuery | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const writeQuery = useCallback(
    (next: StoreQuery, replace: boolean) => {
      clearTimeout(timer.current);
      pending.current = null;
      if (next.q !== urlQuery.q) wrote(next.q);
      setSearchParams(storeQueryParams(next), { replace, preventScrollReset: true });
    },
    [setSearchParams, urlQuery.q, wrote],
  );
  /** Puts a pending search into the URL now (before leaving for a product page, say). */
  const flushSearch = useCallback(() => {
    if (pending.current) writeQuery(pending.current, true);
  }, [writeQuery]);

  function changeSearch(text: string) {
    setSearch(text);
    clearTimeout(timer.current);
    pending.current = { ...urlQuery, q: text };
    timer.current = setTimeout(flushSearch, SEARCH_URL_DELAY_MS);
  }

  useEffect(() => {
    if (profile.isError) notify.error(...STORE_TOASTS.profile);
  }, [profile.isError, notify]);
  useEffect(() => {
    if (products.isError) notify.error(...STORE_TOASTS.products);
  }, [products.isError, notify]);
  useEffect(() => {
    if (cart.isError) notify.error(...STORE_TOASTS.store);
  }, [cart.isError, notify]);

  const { mutate: mutateAdd } = addToCart;
  const add = useCallback(
    (productId: string, quantity: number) => {
      mutateAdd(
        { productId, quantity },
        {
          onSuccess: () => notify.success(...STORE_TOASTS.added),
          onError: () => notify.error(...STORE_TOASTS.add),
        },
      );
    },
    [mutateAdd, notify],
  );

  const { mutate: mutateCheckout } = checkout;
  const buy = useCallback(
    (productId: string) => {
      mutateCheckout(
        { productId, ...(locationId ? { locationId } : {}) },
        {
          onError: (error) => {
            if (error instanceof CheckoutUrlError) {
              notify.error(...STORE_TOASTS.unexpected);
              return;
            }
            // The server's own reason when it is one for the buyer ("Only 4 left of …").
            const refusal = checkoutRefusal(error);
            notify.error(STORE_TOASTS.payment[0], refusal ?? STORE_TOASTS.payment[1]);
          },
        },
      );
    },
    [mutateCheckout, notify, locationId],
  );

  const catalog = products.data ?? NO_PRODUCTS;
  // Built once per catalog (folded names and SKUs), shared with the first row's preload; each
  // query then only scans and sorts.
  const index = useMemo(() => storeIndex(catalog), [catalog]);
  const categories = useMemo(() => catalogCategories(catalog), [catalog]);
  // Typing stays responsive: the list follows the box a moment later when rendering lags.
  const deferredSearch = useDeferredValue(search);
  const query = useMemo<StoreQuery>(
    () => ({ q: deferredSearch, category: urlQuery.category, sort: urlQuery.sort }),
    [deferredSearch, urlQuery.category, urlQuery.sort],
  );
  const results = useMemo(() => index.apply(query), [index, query]);
  const linkContext = useMemo(() => ({ query, beforeOpen: flushSearch }), [query, flushSearch]);

  const [shown, setShown] = useState({ query, count: STORE_PAGE_SIZE });
  if (shown.query !== query) setShown({ query, count: STORE_PAGE_SIZE });
  const visible = results.slice(0, shown.count);

  // The usual order is for members who order (a viewer's store is read-only); it is read while
  // the catalog loads, and the skeleton stays until it is known (or USUAL_ORDER_WAIT_MS passed).
  const usualWanted = canOrder && companyId !== '';
  const [usualSettled, settleUsual] = useReducer(() => true, false);
  useEffect(() => {
    if (!usualWanted) return;
    const wait = setTimeout(settleUsual, USUAL_ORDER_WAIT_MS);
    return () => clearTimeout(wait);
  }, [usualWanted]);
  // Known already when its orders are here and the card can draw itself (its chunk has come): a
  // returning buyer's last view, or orders read before the catalog. The grid and the card then
  // come in this commit, not in the one after the card's first effect (the page's first paint
  // was the skeleton, and the first row's pictures were asked for only after it).
  const usualOrders = useRecentOrders(companyId, orderScope, USUAL_ORDER_WINDOW, usualWanted);
  const usualKnown = usualSettled || (!usualOrders.isPending && usualOrderCard.isLoaded());

  const loading = products.isPending || profile.isPending || (usualWanted && !usualKnown);
  const failed = products.isError || profile.isError;
  const buyingId =
    checkout.isPending || checkout.isSuccess ? checkout.variables?.productId : undefined;
  const addingId =
    addToCart.isPending && addToCart.variables
      ? cartAdditionOf(addToCart.variables).productId
      : undefined;
  const filtered = query.q.trim() !== '' || query.category !== '';

  function clearFilters() {
    setSearch('');
    writeQuery({ q: '', category: '', sort: urlQuery.sort }, false);
  }

  return (
    <main className="portal-page">
      <div className="portal-page__head">
        <h1 className="portal-page__title">VIP Product Catalog</h1>
        {profile.data && (
          <p className="portal-page__subtitle">
            {role === 'wholesaler' ? 'Wholesale' : ROLE_LABELS[role]} pricing for{' '}
            {profile.data.store_name}
          </p>
        )}
      </div>
      {profile.data && !canOrder && <ViewOnlyNotice />}
      {usualWanted && (
        <Suspense fallback={null}>
          <UsualOrderCard
            hidden={loading || failed || search.trim() !== '' || urlQuery.category !== ''}
            onSettled={settleUsual}
          />
        </Suspense>
      )}

      {loading && !failed ? (
        <div className="product-grid" role="status" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 8 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : failed ? (
        <LoadFailed
          message={profile.isError ? STORE_TOASTS.profile[1] : STORE_TOASTS.products[1]}
          onRetry={() => {
            if (profile.isError) void profile.refetch();
            if (products.isError) void products.refetch();
          }}
        />
      ) : catalog.length === 0 ? (
        <div className="portal-state">
          <EmptyIllustration />
          <h2>No Products Available</h2>
          <p>New products are on their way. Check back soon.</p>
        </div>
      ) : (
        <>
          <StoreToolbar
            search={search}
            onSearch={changeSearch}
            onSearchSubmit={() => writeQuery({ ...urlQuery, q: search }, true)}
            category={urlQuery.category}
            categories={categories}
            onCategory={(category: string) =>
              writeQuery({ q: search, category, sort: urlQuery.sort }, false)
            }
            sort={urlQuery.sort}
            onSort={(sort: StoreSort) =>
              writeQuery({ q: search, category: urlQuery.category, sort }, false)
            }
          />
          <p className="store-count" role="status">
            {productCount(results.length)}
          </p>
          {results.length === 0 ? (
            <div className="portal-state">
              <h2>{emptyTitle(query)}</h2>
              <p>Check the spelling, search by SKU, or try another category.</p>
              {filtered && <Button onClick={clearFilters}>Clear filters</Button>}
            </div>
          ) : (
            <>
              <ProductGrid
                products={visible}
                role={role}
                cart={cart.data}
                addingId={addingId}
                buyingId={buyingId}
                onAdd={add}
                onBuy={buy}
                canOrder={canOrder}
                link={linkContext}
              />
              {results.length > visible.length && (
                <div className="store-more">
                  <p>
                    Showing {formatCount(visible.length)} of {productCount(results.length)}
                  </p>
                  <Button onClick={() => setShown({ query, count: shown.count + STORE_PAGE_SIZE })}>
                    Show more products
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}
    </main>
  );
}

/** "No products match “xyz”", "… in Syrups", or "No products in Syrups". */
function emptyTitle(query: StoreQuery): string {
  const q = query.q.trim();
  const where = query.category ? ` in ${query.category}` : '';
  return q ? `No products match “${q}”${where}` : `No products${where || ' match'}`;
}
