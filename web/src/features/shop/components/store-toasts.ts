/**
 * Toasts of the store (docs/product.md#174-store-product-page-and-quick-order) (title: text). The
 * product page shares them, from here rather than from the store page, so it does not load the
 * store page's code (4 KB).
 */
export const STORE_TOASTS = {
  profile: ['Error', 'Could not load profile data.'],
  products: ['Error', 'Could not load products.'],
  store: ['Error', 'Something went wrong loading the store.'],
  add: ['Error', 'Could not add item to cart.'],
  unexpected: ['Error', 'Something went wrong.'],
  payment: ['Payment Error', 'Failed to create payment session'],
  added: ['Added to Cart', 'Product successfully added to your cart.'],
} as const;
