export { StorePage } from './components/store-page';
export { CartPage } from './components/cart-page';
