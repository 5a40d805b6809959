/** The URL parameter of the invoice the Invoices tab marks (the cart's "Order placed on terms"). */
export const LINKED_INVOICE_PARAM = 'invoice';
