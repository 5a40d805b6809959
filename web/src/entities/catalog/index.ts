export type { ProductData, ProductWithPrices } from './documents';
export { checkJoinedProduct, mergeImportRow, newProductId } from './documents';
export {
  fetchActiveProducts,
  fetchAllProducts,
  fetchProduct,
  fetchProducts,
  IMPORT_BATCH_WRITES,
  importCatalog,
  preloadCatalogPricing,
  saveProduct,
  setProductActive,
  stockOnHandWrite,
  type CatalogImportInput,
  type CatalogImportResult,
  type SaveProductInput,
  type CatalogViewer,
  type PricedProduct,
  type PhotoVerdict,
  waitForProductPhoto,
} from './api';
export {
  catalogKeys,
  productQueryOptions,
  productsQueryOptions,
  useAllProducts,
  useImportCatalog,
  useProduct,
  useProductsById,
  useProducts,
  useSaveProduct,
  useSetProductActive,
} from './queries';
