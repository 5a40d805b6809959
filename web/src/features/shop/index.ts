export { preloadUsualOrderCard, StorePage } from './components/store-page';
export { ProductPage } from './components/product-page';
export { CartPage } from './components/cart-page';
export { PortalHeader } from './components/portal-header';
export { QuickOrderPage } from './components/quick-order-page';
export { OrderListsPage } from './components/order-lists-page';
export { preloadFirstRowImages } from './lib/first-row';
