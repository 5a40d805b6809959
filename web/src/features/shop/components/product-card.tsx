import { LoadingOutlined, ShoppingCartOutlined, ThunderboltOutlined } from '@/components/icons';
import { memo, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CARD_IMAGE_SIZES,
  formatUsd,
  minimumOrderQuantity,
  stockState,
  type BuyerRole,
} from '@portal/domain';
import { ProductImage } from '@/components/product-image';
import type { PricedProduct } from '@/entities/catalog';
import { CompanyDeal } from './company-deal';
import {
  addProblem,
  bestBreakHint,
  nextAddition,
  packNote,
  productHref,
  startingPrice,
} from '../lib/store-view';
import { StockAlertSlot } from './stock-alert-slot';
import { StockBadge } from './stock-badge';
import { useStoreLink } from './store-query-context';

/**
 * The product page's link, carrying the store's current query (from context); following it puts
 * a search still being typed into the store's URL first, so the browser's Back returns to it.
 */
function ProductLink({ productId, children }: { productId: string; children: ReactNode }) {
  const { query, beforeOpen } = useStoreLink();
  return (
    <Link to={productHref(productId, query)} className="product-card__link" onClick={beforeOpen}>
      {children}
    </Link>
  );
}

interface ProductCardProps {
  product: PricedProduct;
  role: BuyerRole;
  inCart: number;
  adding: boolean;
  buying: boolean;
  /** True while any Buy Now is on its way to the payment page. */
  checkoutBusy: boolean;
  /** Adds `quantity` units: the minimum order on a new line, one more case after that. */
  onAdd: (productId: string, quantity: number) => void;
  onBuy: (productId: string) => void;
  /** False for a member who may not order (a viewer): the card shows no Add to Cart or Buy Now. */
  canOrder?: boolean;
  /**
   * The card is in the store's first row: its image loads at once and first (it is what a phone
   * paints largest), not lazily.
   */
  eager?: boolean;
}

/**
 * A product in the store: image, name (a link to its page), SKU, stock, price with the best
 * break of the buyer's role, how it is sold (case pack, minimum), Add to Cart and Buy Now. When
 * it cannot be added (out of stock, not enough left, line full) both say why.
 */
export const ProductCard = memo(function ProductCard({
  product,
  role,
  inCart,
  adding,
  buying,
  checkoutBusy,
  onAdd,
  onBuy,
  canOrder = true,
  eager = false,
}: ProductCardProps) {
  const headingId = `product-${product.id}-name`;
  const reasonId = `product-${product.id}-reason`;
  const addition = nextAddition(inCart, product);
  const problem = addProblem(product, inCart, addition);
  const out = stockState(product, minimumOrderQuantity(product)) === 'out';
  const note = packNote(product);
  const breakHint = bestBreakHint(product);
  return (
    <article className="product-card" aria-labelledby={headingId}>
      <div className="product-card__media">
        <ProductImage
          image={product.image_url}
          imageSizes={product.image_sizes}
          sizes={CARD_IMAGE_SIZES}
          alt={product.name}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          width={320}
          height={240}
        />
        {role === 'wholesaler' && <span className="product-card__badge">Wholesale</span>}
      </div>
      <div className="product-card__body">
        <h2 id={headingId} className="product-card__name">
          <ProductLink productId={product.id}>{product.name}</ProductLink>
        </h2>
        {product.sku && <p className="product-card__sku">SKU {product.sku}</p>}
        <p className="product-card__description">{product.description}</p>
        <div className="product-card__meta">
          <StockBadge product={product} />
          {note && <span className="product-card__pack">{note}</span>}
        </div>
        <p className="product-card__price">{formatUsd(startingPrice(product))}</p>
        <CompanyDeal product={product} className="product-card__deal" />
        {breakHint && <p className="product-card__break">{breakHint}</p>}
        {canOrder && (
          <div className="product-card__actions">
            <CardButton
              icon={<ShoppingCartOutlined />}
              onClick={() => addition !== null && onAdd(product.id, addition)}
              loading={adding}
              disabled={problem !== null}
              aria-describedby={problem ? reasonId : undefined}
            >
              {/* Named by its text, "Add to Cart 3 in cart": the visible words come first, as
                WCAG 2.5.3 (label in name) asks, and the badge's count is read with its meaning.
                The space inside the badge is real text that a grid does not draw. */}
              Add to Cart
              {inCart > 0 && (
                <>
                  {' '}
                  <span className="product-card__in-cart">
                    {inCart} <span className="visually-hidden">in cart</span>
                  </span>
                </>
              )}
            </CardButton>
            <CardButton
              primary
              icon={<ThunderboltOutlined />}
              onClick={() => onBuy(product.id)}
              loading={buying}
              disabled={out || (checkoutBusy && !buying)}
              aria-label={`Buy Now: ${product.name}`}
              aria-describedby={out ? reasonId : undefined}
            >
              Buy Now
            </CardButton>
          </div>
        )}
        {canOrder && problem && (
          <p id={reasonId} className="product-card__reason">
            {problem}
          </p>
        )}
        {out && <StockAlertSlot productId={product.id} productName={product.name} />}
      </div>
    </article>
  );
});

interface CardButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'className'
> {
  icon: ReactNode;
  loading: boolean;
  primary?: boolean;
}

/**
 * The card's buttons: plain buttons styled like the theme's (shop.css), not antd's Button. A store
 * page mounts two per card and a search replaces every card, so their cost is what typing waits
 * for; plain buttons cut a search's update with 2,000 products by about half.
 */
function CardButton({
  icon,
  loading,
  primary = false,
  onClick,
  children,
  ...rest
}: CardButtonProps) {
  return (
    <button
      type="button"
      className={`card-button${primary ? ' card-button--primary' : ''}${loading ? ' card-button--loading' : ''}`}
      aria-busy={loading || undefined}
      // While its action runs a click does nothing, as antd's loading buttons behave.
      onClick={loading ? undefined : onClick}
      {...rest}
    >
      <span className="card-button__icon" aria-hidden="true">
        {loading ? <LoadingOutlined spin /> : icon}
      </span>
      {children}
    </button>
  );
}
