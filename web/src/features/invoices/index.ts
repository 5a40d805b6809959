export { InvoicePage } from './components/invoice-page';
export { PackingSlipPage } from './components/packing-slip-page';
export { QuotePage } from './components/quote-page';
