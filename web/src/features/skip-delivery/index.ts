export { SkipDeliveryPage } from './components/skip-delivery-page';
