export {
  addToCart,
  CartLimitError,
  cartItemCount,
  fetchCart,
  quantityInCart,
  setCartQuantities,
  updateCartQuantity,
} from './api';
export {
  cartKeys,
  useAddToCart,
  useCart,
  useRemoveCartItem,
  useUpdateCartQuantity,
} from './queries';
