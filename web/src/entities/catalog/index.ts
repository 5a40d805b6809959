export type { ProductWithPrices } from './documents';
export {
  fetchActiveProducts,
  fetchAllProducts,
  fetchProducts,
  saveProduct,
  type PricedProduct,
} from './api';
export { catalogKeys, useAllProducts, useProducts, useSaveProduct } from './queries';
