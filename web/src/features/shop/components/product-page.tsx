import { ArrowLeftOutlined, ShoppingCartOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import { Tag } from '@/components/tag';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  companyRoleCan,
  formatUsd,
  minimumOrderQuantity,
  parseStoreQuery,
  stockState,
  unitPriceAt,
  type BuyerRole,
} from '@portal/domain';
import { paths } from '@/config/paths';
import { cartAdditionOf, quantityInCart, useAddToCart, useCart } from '@/entities/cart';
import { useProduct, type PricedProduct } from '@/entities/catalog';
import { useBuyer } from '@/entities/profile';
import { CompanyDeal } from './company-deal';
import { ViewOnlyNotice } from './view-only-notice';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { addProblem, packExplanation, startingPrice, storeHref } from '../lib/store-view';
import { PriceTiers } from './price-tiers';
import { ProductGallery } from './product-gallery';
import { QuantityInput } from './quantity-input';
import { StockAlertSlot } from './stock-alert-slot';
import { StockBadge } from './stock-badge';
import { STORE_TOASTS } from './store-toasts';
import { LoadFailed } from './load-failed';
import './shop.css';
import { BlockSkeleton, TextSkeleton } from '@/components/skeleton';

/** Toasts of the product page (title: text); adding to the cart uses the store's. */
export const PRODUCT_TOASTS = {
  load: ['Error', 'Could not load this product.'],
} as const;

/**
 * /portal/products/:productId: a product's images, name, SKU, category, description, stock, the
 * buyer's price and its quantity tiers, how it is sold (case pack, minimum), a quantity input
 * (rounded to those) with the line total, and Add to Cart. Back to store returns to the store
 * query the page was opened from (carried in its own URL, so it survives a reload).
 */
export function ProductPage({ productId }: { productId: string }) {
  const notify = useNotify();
  const [searchParams] = useSearchParams();
  const backHref = storeHref(parseStoreQuery(searchParams));
  const { uid, profile, role, companyRole, catalogViewer } = useBuyer();
  const canOrder = companyRoleCan(companyRole, 'order');
  const product = useProduct(catalogViewer, productId);
  const cart = useCart(uid);

  const notFound = product.data === null;
  usePageTitle(product.data ? product.data.name : notFound ? 'Product not found' : 'Product');

  useEffect(() => {
    if (profile.isError) notify.error(...STORE_TOASTS.profile);
  }, [profile.isError, notify]);
  useEffect(() => {
    if (product.isError) notify.error(...PRODUCT_TOASTS.load);
  }, [product.isError, notify]);

  const failed = profile.isError || product.isError;
  const loading = !failed && (profile.isPending || product.isPending);

  return (
    <main className="portal-page product-page">
      <nav className="product-page__nav" aria-label="Breadcrumb">
        <Link to={backHref} className="portal-page__back">
          <ArrowLeftOutlined aria-hidden="true" /> Back to store
        </Link>
      </nav>
      {loading ? (
        <div
          className="product-page__layout"
          role="status"
          aria-busy="true"
          aria-label="Loading product"
        >
          <BlockSkeleton className="product-page__skeleton-media" />
          <TextSkeleton titleWidth="70%" rows={6} />
        </div>
      ) : failed ? (
        <LoadFailed
          message={profile.isError ? STORE_TOASTS.profile[1] : PRODUCT_TOASTS.load[1]}
          headingLevel={1}
          onRetry={() => {
            if (profile.isError) void profile.refetch();
            if (product.isError) void product.refetch();
          }}
        />
      ) : notFound || !product.data ? (
        <div className="portal-state">
          <h1>Product not found</h1>
          <p>This product is not in the catalog or is no longer sold.</p>
          <Link to={backHref} className="portal-link-button">
            Back to store
          </Link>
        </div>
      ) : (
        <ProductDetails
          key={product.data.id}
          product={product.data}
          role={role}
          uid={uid}
          inCart={quantityInCart(cart.data, product.data.id)}
          canOrder={canOrder}
        />
      )}
    </main>
  );
}

function ProductDetails({
  product,
  role,
  uid,
  inCart,
  canOrder,
}: {
  product: PricedProduct;
  role: BuyerRole;
  uid: string;
  inCart: number;
  /** False for a viewer: the page shows the product without ordering. */
  canOrder: boolean;
}) {
  const notify = useNotify();
  const addToCart = useAddToCart(uid);
  const minimum = minimumOrderQuantity(product);
  const [quantity, setQuantity] = useState(minimum);
  const out = stockState(product, minimum) === 'out';
  const problem = addProblem(product, inCart, quantity);
  const unitPrice = unitPriceAt(product.unit_price, product.breaks, quantity);
  const explanation = packExplanation(product);
  const adding =
    addToCart.isPending &&
    addToCart.variables !== undefined &&
    cartAdditionOf(addToCart.variables).productId === product.id;

  function add() {
    addToCart.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: () => notify.success(...STORE_TOASTS.added),
        onError: () => notify.error(...STORE_TOASTS.add),
      },
    );
  }

  return (
    <div className="product-page__layout">
      <ProductGallery
        name={product.name}
        images={[product.image_url, ...product.images]}
        imageSizes={product.image_sizes}
      />
      <div className="product-page__info">
        {product.category && <p className="product-page__category">{product.category}</p>}
        <h1 className="portal-page__title">{product.name}</h1>
        {product.sku && <p className="product-page__sku">SKU {product.sku}</p>}
        <div className="product-page__meta">
          <StockBadge product={product} />
          {role === 'wholesaler' && <Tag color="cyan">Wholesale</Tag>}
        </div>
        <p className="product-page__price">
          {formatUsd(startingPrice(product))} <span>each</span>
        </p>
        <CompanyDeal product={product} className="product-page__deal" />
        {product.breaks.some((step) => step.min_quantity > minimum) && (
          <PriceTiers
            base={product.unit_price}
            breaks={product.breaks}
            minimum={minimum}
            quantity={quantity}
          />
        )}
        {explanation && <p className="product-page__pack">{explanation}</p>}

        {out && <StockAlertSlot productId={product.id} productName={product.name} large />}
        {!canOrder && <ViewOnlyNotice />}
        {canOrder && (
          <section className="product-page__buy" aria-label="Order">
            <div className="product-page__quantity">
              <span className="product-page__label" aria-hidden="true">
                Quantity
              </span>
              <QuantityInput
                name={product.name}
                quantity={quantity}
                rule={product}
                disabled={out}
                onChange={(next) => setQuantity(next)}
              />
            </div>
            <p className="product-page__total" aria-live="polite">
              Total for {quantity} {quantity === 1 ? 'unit' : 'units'}:{' '}
              <strong>{formatUsd(unitPrice * quantity)}</strong>{' '}
              <span className="product-page__each">({formatUsd(unitPrice)} each)</span>
            </p>
            <Button
              type="primary"
              size="large"
              icon={<ShoppingCartOutlined />}
              onClick={add}
              loading={adding}
              disabled={problem !== null}
              aria-label="Add to Cart"
              aria-describedby={problem ? 'product-add-problem' : undefined}
            >
              Add to Cart
            </Button>
            {problem && (
              <p id="product-add-problem" className="product-page__problem">
                {problem}
              </p>
            )}
            {inCart > 0 && (
              <p className="product-page__in-cart">
                {inCart} in your cart · <Link to={paths.cart}>View cart</Link>
              </p>
            )}
          </section>
        )}

        {product.description && (
          <section className="product-page__description" aria-labelledby="product-description">
            <h2 id="product-description">Description</h2>
            <p>{product.description}</p>
          </section>
        )}
      </div>
    </div>
  );
}
