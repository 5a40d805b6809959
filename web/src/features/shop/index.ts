export { StorePage } from './components/store-page';
export { CartPage } from './components/cart-page';
export { PortalHeader } from './components/portal-header';
