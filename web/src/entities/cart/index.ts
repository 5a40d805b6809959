export {
  addManyToCart,
  CART_BATCH_LINES,
  addToCart,
  CartLimitError,
  cartItemCount,
  cartLineCount,
  fetchCart,
  quantityInCart,
  setCartQuantities,
  updateCartQuantity,
  type CartAddition,
} from './api';
export {
  cartAdditionOf,
  cartKeys,
  cartQueryOptions,
  useAddManyToCart,
  useAddToCart,
  useCart,
  useRemoveCartItem,
  useUpdateCartQuantity,
  type AddToCartVariables,
} from './queries';
export type { StoredCartItem } from './documents';
