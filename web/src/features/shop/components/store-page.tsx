import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import { useEffect } from 'react';
import { ROLE_LABELS } from '@portal/domain';
import { useNotify } from '@/lib/notify';
import { CheckoutUrlError, useCreateCheckout } from '../api/create-checkout';
import { quantityInCart, useAddToCart, useCart } from '@/entities/cart';
import { useProducts } from '@/entities/catalog';
import { useBuyer } from '@/entities/profile';
import { usePageTitle } from '@/lib/use-page-title';
import { ProductCard } from './product-card';
import './shop.css';

/** Toasts of the store (docs/product.md §17.4) (title: text). */
export const STORE_TOASTS = {
  profile: ['Error', 'Could not load profile data.'],
  products: ['Error', 'Could not load products.'],
  store: ['Error', 'Something went wrong loading the store.'],
  add: ['Error', 'Could not add item to cart.'],
  unexpected: ['Error', 'Something went wrong.'],
  payment: ['Payment Error', 'Failed to create payment session'],
  added: ['Added to Cart', 'Product successfully added to your cart.'],
} as const;

/** /portal/store: the VIP Product Catalog, priced for the buyer's role. */
export function StorePage() {
  const notify = useNotify();
  usePageTitle('VIP Product Catalog');
  const { uid, profile, role } = useBuyer();
  // The role comes from the profile: wait for it, so a wholesaler's prices are fetched once.
  const products = useProducts(profile.data ? role : undefined);
  const cart = useCart(uid);
  const addToCart = useAddToCart(uid);
  const checkout = useCreateCheckout();

  useEffect(() => {
    if (profile.isError) notify.error(...STORE_TOASTS.profile);
  }, [profile.isError, notify]);
  useEffect(() => {
    if (products.isError) notify.error(...STORE_TOASTS.products);
  }, [products.isError, notify]);
  useEffect(() => {
    if (cart.isError) notify.error(...STORE_TOASTS.store);
  }, [cart.isError, notify]);

  function add(productId: string) {
    addToCart.mutate(productId, {
      onSuccess: () => notify.success(...STORE_TOASTS.added),
      onError: () => notify.error(...STORE_TOASTS.add),
    });
  }

  function buy(productId: string) {
    checkout.mutate(
      { productId },
      {
        onError: (error) =>
          error instanceof CheckoutUrlError
            ? notify.error(...STORE_TOASTS.unexpected)
            : notify.error(...STORE_TOASTS.payment),
      },
    );
  }

  const catalog = products.data ?? [];
  const loading = products.isPending || profile.isPending;
  const failed = products.isError || profile.isError;
  const buyingId =
    checkout.isPending || checkout.isSuccess ? checkout.variables?.productId : undefined;

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

      {loading && !failed ? (
        <div className="product-grid" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="product-card product-card--skeleton">
              <Skeleton.Node active className="product-card__skeleton-media">
                <span />
              </Skeleton.Node>
              <Skeleton active paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      ) : failed ? (
        <div className="portal-state" role="alert">
          <h2>{profile.isError ? STORE_TOASTS.profile[1] : STORE_TOASTS.products[1]}</h2>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              if (profile.isError) void profile.refetch();
              if (products.isError) void products.refetch();
            }}
          >
            Try Again
          </Button>
        </div>
      ) : catalog.length === 0 ? (
        <div className="portal-state">
          <Empty description={false} />
          <h2>No Products Available</h2>
          <p>New products are on their way. Check back soon.</p>
        </div>
      ) : (
        <div className="product-grid">
          {catalog.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              role={role}
              inCart={quantityInCart(cart.data, product.id)}
              adding={addToCart.isPending && addToCart.variables === product.id}
              buying={buyingId === product.id}
              checkoutBusy={buyingId !== undefined}
              onAdd={() => add(product.id)}
              onBuy={() => buy(product.id)}
            />
          ))}
        </div>
      )}
    </main>
  );
}
