export { PaymentSuccessPage } from './components/payment-success-page';
