import Stripe from 'stripe';
import {
  backorderMark,
  shortOrderId,
  type NetDays,
  type OrderLine,
  type ShipTo,
} from '@portal/domain';
import { NONTAXABLE_TAX_CODE } from '../checkout/checkout-session';
import { stripeAddress } from '../tax/order-tax';

/**
 * The Stripe side of an order on terms (docs/payment-terms.md): one invoice per order, sent for
 * payment (collection_method send_invoice, due in the company's net days), its lines priced by
 * the server exactly as the order's, the PO number as a custom field and the order id in its
 * metadata (how the invoice.* events find the order). Every request carries an idempotency key
 * made of the order id, so a retry after a failure never makes a second invoice or line.
 */

/** metadata.kind of the portal's invoices on terms (the webhook routes them by it). */
export const TERMS_INVOICE_KIND = 'terms_order';

export interface IssueInput {
  orderId: string;
  companyId: string;
  /** The company's customer, or its exempt customer for the ship-to's state (docs/tax.md). */
  customerId: string;
  netDays: NetDays;
  poNumber: string;
  /** Its lines as booked: a backordered one says so on the invoice. */
  lines: readonly OrderLine[];
  /** The expected restock date of each product (null: unknown), for a backordered line. */
  restockDates?: ReadonlyMap<string, string | null>;
  /** Where it ships: Stripe Tax taxes the invoice for this address. */
  shipTo: ShipTo;
  /**
   * Cents of shipping (a quote's charge): one more item, "Shipping", with the non-taxable tax
   * code, so Stripe Tax leaves it out. 0 or absent: none.
   */
  shippingAmount?: number;
  /** The quote the order was made from (Q-000123), on the invoice as a custom field. */
  quoteNumber?: string;
}

export async function issueTermsInvoice(
  stripe: Stripe,
  input: IssueInput,
): Promise<Stripe.Invoice> {
  const key = (step: string) => `terms:${input.orderId}:${step}`;
  const customFields = [
    ...(input.poNumber ? [{ name: 'PO number', value: input.poNumber }] : []),
    ...(input.quoteNumber ? [{ name: 'Quote', value: input.quoteNumber }] : []),
  ];
  const draft = await stripe.invoices.create(
    {
      customer: input.customerId,
      collection_method: 'send_invoice',
      days_until_due: input.netDays,
      pending_invoice_items_behavior: 'exclude',
      description: `Order ${shortOrderId(input.orderId)}`,
      ...(customFields.length > 0 ? { custom_fields: customFields } : {}),
      metadata: {
        kind: TERMS_INVOICE_KIND,
        order_id: input.orderId,
        company_id: input.companyId,
        ...(input.poNumber ? { po_number: input.poNumber } : {}),
        ...(input.quoteNumber ? { quote_number: input.quoteNumber } : {}),
      },
      payment_settings: { payment_method_types: ['card', 'us_bank_account'] },
      // Sales tax by Stripe Tax for the order's ship-to (none for an exempt customer).
      automatic_tax: { enabled: true },
      shipping_details: {
        name: input.shipTo.name,
        ...(input.shipTo.phone ? { phone: input.shipTo.phone } : {}),
        address: stripeAddress(input.shipTo),
      },
    },
    { idempotencyKey: key('create') },
  );
  // One at a time, in the order's order: the invoice lists them as the order does.
  for (const [index, line] of input.lines.entries()) {
    await stripe.invoiceItems.create(
      {
        customer: input.customerId,
        invoice: draft.id,
        currency: 'usd',
        quantity: line.quantity,
        unit_amount_decimal: Stripe.Decimal.from(line.unit_amount),
        description: [
          line.sku ? `${line.name} (${line.sku})` : line.name,
          backorderMark(line, input.restockDates?.get(line.product_id)),
        ]
          .filter(Boolean)
          .join(' · '),
        metadata: { product_id: line.product_id },
      },
      { idempotencyKey: key(`line-${index}`) },
    );
  }
  const shipping = input.shippingAmount ?? 0;
  if (shipping > 0) {
    await stripe.invoiceItems.create(
      {
        customer: input.customerId,
        invoice: draft.id,
        currency: 'usd',
        amount: shipping,
        description: 'Shipping',
        // Not taxed: Stripe Tax leaves an item with the non-taxable code out.
        tax_code: NONTAXABLE_TAX_CODE,
        metadata: { kind: 'shipping' },
      },
      { idempotencyKey: key('shipping') },
    );
  }
  const finalized = await stripe.invoices.finalizeInvoice(
    draft.id,
    {},
    { idempotencyKey: key('finalize') },
  );
  return stripe.invoices.sendInvoice(finalized.id, {}, { idempotencyKey: key('send') });
}

/** The order an invoice.* event is about, when the invoice is one of the portal's on terms. */
export function termsOrderOfInvoice(invoice: Pick<Stripe.Invoice, 'metadata'>): string | null {
  const { kind, order_id: orderId } = invoice.metadata ?? {};
  return kind === TERMS_INVOICE_KIND && orderId && !orderId.includes('/') ? orderId : null;
}
