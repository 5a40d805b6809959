import { useDeferredValue } from 'react';
import type { BuyerRole, CartItem } from '@portal/domain';
import { BlockSkeleton, TextSkeleton } from '@/components/skeleton';
import { quantityInCart } from '@/entities/cart';
import type { PricedProduct } from '@/entities/catalog';
import { FIRST_ROW } from '../lib/first-row';
import { ProductCard } from './product-card';
import { StoreQueryContext, type StoreLinkContext } from './store-query-context';

interface ProductGridProps {
  /** The cards to show (a page of the store's results). */
  products: readonly PricedProduct[];
  role: BuyerRole;
  cart: readonly CartItem[] | undefined;
  /** The product whose Add to Cart or Buy Now is on its way, if any. */
  addingId: string | undefined;
  buyingId: string | undefined;
  onAdd: (productId: string, quantity: number) => void;
  onBuy: (productId: string) => void;
  canOrder: boolean;
  link: StoreLinkContext;
}

/**
 * The store's grid of product cards. When it first appears (the catalog has come), it draws the
 * first row with the page and the other cards just after, in a render of their own that yields
 * to the browser between cards (a deferred value): the first paint and the first row's pictures
 * do not wait for 24 cards, and no single task draws them all. Until then each card still to come
 * holds its place with a skeleton, so nothing below the grid moves twice. A later change (a search,
 * Show more) draws the new cards the same way.
 */
export function ProductGrid({
  products,
  role,
  cart,
  addingId,
  buyingId,
  onAdd,
  onBuy,
  canOrder,
  link,
}: ProductGridProps) {
  const drawn = useDeferredValue(products.length, Math.min(products.length, FIRST_ROW));
  const waiting = Math.max(0, products.length - drawn);
  return (
    <div className="product-grid">
      <StoreQueryContext value={link}>
        {products.slice(0, drawn).map((product, index) => (
          <ProductCard
            key={product.id}
            eager={index < FIRST_ROW}
            product={product}
            role={role}
            inCart={quantityInCart(cart, product.id)}
            adding={addingId === product.id}
            buying={buyingId === product.id}
            checkoutBusy={buyingId !== undefined}
            onAdd={onAdd}
            onBuy={onBuy}
            canOrder={canOrder}
          />
        ))}
      </StoreQueryContext>
      {Array.from({ length: waiting }, (_, index) => (
        <ProductCardSkeleton key={`waiting-${index}`} />
      ))}
    </div>
  );
}

/**
 * A card's place while it is drawn or loaded: a picture and two lines, the size of a card, so
 * nothing below moves when the card comes. Decorative: the grid around it says what is loading.
 */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <BlockSkeleton className="product-card__skeleton-media" />
      <TextSkeleton rows={2} />
    </div>
  );
}
