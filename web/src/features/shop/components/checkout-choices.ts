/**
 * The order summary's choices that read more than the cart (the ship-to reads the company's
 * locations, the payment its terms, the tax estimate the server, the store credit its balance),
 * and Save as list (a lazy dialog): one lazy chunk of the cart, so
 * its first load waits for none of them, and they share the reads' code.
 */
export { ShipToPicker } from './ship-to-choice';
export { PaymentTerms } from './payment-choice';
export { placeOrderOnTerms } from '../api/place-terms-order';
export { TaxEstimate, TaxNotes } from './tax-estimate';
export { StoreCreditToApply } from './store-credit-to-apply';
export { default as SaveCartAsList } from './save-cart-as-list';
