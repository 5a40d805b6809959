export { StorePage } from './components/store-page';
export { CartPage } from './components/cart-page';
export { PortalGuard, PENDING_MESSAGE, type GuardRedirectState } from './components/portal-guard';
export { PortalHeader } from './components/portal-header';
