export type { ProductData, ProductWithPrices } from './documents';
export {
  fetchActiveProducts,
  fetchAllProducts,
  fetchProduct,
  fetchProducts,
  IMPORT_BATCH_WRITES,
  importCatalog,
  saveProduct,
  type CatalogImportResult,
  type PricedProduct,
} from './api';
export {
  catalogKeys,
  useAllProducts,
  useImportCatalog,
  useProduct,
  useProducts,
  useSaveProduct,
} from './queries';
