import type Stripe from 'stripe';
import {
  exemptionOf,
  paths,
  type OrderLine,
  type OrderTax,
  type ShipTo,
  type TaxExemption,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { readCertificate } from './certificate-record';
import { readCompanyCertificates, treatmentOf, type TaxTreatment } from './company-certificates';
import { companyToday } from './company-today';

/**
 * How an order of a company shipping to `shipTo` is taxed (docs/tax.md): exempt by an approved
 * certificate for the ship-to state valid on the company's day, else taxed. No ship-to yet (a
 * company without locations: Checkout collects the address): taxed where Checkout says.
 */
export async function taxTreatmentFor(
  ctx: Pick<Context, 'env' | 'db' | 'stripe' | 'now'>,
  companyId: string,
  shipTo: ShipTo | null,
): Promise<TaxTreatment> {
  const state = shipTo?.address.state ?? '';
  if (!state) return { state, exemption: null, expired: null };
  const certificates = await readCompanyCertificates(ctx.db, companyId);
  // The company's day decides only which of its certificates are valid: none, none to ask.
  if (certificates.length === 0) return { state, exemption: null, expired: null };
  return treatmentOf(certificates, state, await companyToday(ctx, companyId));
}

/** Stripe's address of a ship-to. */
export function stripeAddress(shipTo: ShipTo) {
  const { address } = shipTo;
  return {
    line1: address.line1,
    ...(address.line2 ? { line2: address.line2 } : {}),
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
    country: address.country,
  };
}

/**
 * The sales tax Stripe Tax computes for these lines shipped to `shipTo` (a tax calculation: the
 * estimate the cart shows and the amount an order on terms books). Exempt orders pay none and
 * are not sent.
 */
export async function calculateTax(
  stripe: Stripe,
  lines: readonly Pick<OrderLine, 'product_id' | 'quantity' | 'line_total'>[],
  shipTo: ShipTo,
  idempotencyKey?: string,
): Promise<number> {
  const calculation = await stripe.tax.calculations.create(
    {
      currency: 'usd',
      line_items: lines.map((line) => ({
        amount: line.line_total,
        quantity: line.quantity,
        reference: line.product_id,
        tax_behavior: 'exclusive',
      })),
      customer_details: { address: stripeAddress(shipTo), address_source: 'shipping' },
    },
    idempotencyKey ? { idempotencyKey } : undefined,
  );
  return calculation.tax_amount_exclusive;
}

/** The sales tax on a Stripe invoice: its total less its total before tax. */
export function taxOfInvoice(
  invoice: Pick<Stripe.Invoice, 'total' | 'total_excluding_tax' | 'subtotal'>,
): number {
  return Math.max(0, invoice.total - (invoice.total_excluding_tax ?? invoice.subtotal));
}

/**
 * The tax record of an order billed by a Stripe invoice (a standing order's renewal): the tax it
 * charged and, when its customer was exempt, the certificate that exempts the ship-to's state on
 * the company's day.
 */
export async function orderTaxOfInvoice(
  ctx: Pick<Context, 'env' | 'db' | 'stripe' | 'now'>,
  companyId: string,
  shipTo: ShipTo | null,
  invoice: Pick<
    Stripe.Invoice,
    'total' | 'total_excluding_tax' | 'subtotal' | 'customer_tax_exempt' | 'customer'
  >,
): Promise<OrderTax> {
  const amount = taxOfInvoice(invoice);
  const state = shipTo?.address.state ?? '';
  if (invoice.customer_tax_exempt !== 'exempt' || amount > 0) {
    return { amount, state, exemption: null };
  }
  // Exempt when Stripe finalized it: the certificate its exempt Customer stood for then (the
  // invoice may be paid after that certificate's last day), else the one valid now.
  const stood = await certificateOfExemptCustomer(ctx, invoice.customer);
  if (stood) return { amount, state, exemption: stood };
  const { exemption } = await taxTreatmentFor(ctx, companyId, shipTo);
  return { amount, state, exemption };
}

/** The certificate an exempt Customer's metadata names (exempt-customers.ts), as an exemption. */
async function certificateOfExemptCustomer(
  ctx: Pick<Context, 'db' | 'stripe'>,
  customer: Stripe.Invoice['customer'],
): Promise<TaxExemption | null> {
  try {
    const id = typeof customer === 'string' ? customer : customer?.id;
    if (!id) return null;
    const found = await ctx.stripe().customers.retrieve(id);
    const certificateId = found.deleted ? '' : (found.metadata?.certificate_id ?? '');
    if (!certificateId || certificateId.includes('/')) return null;
    const certificate = readCertificate(
      certificateId,
      (await ctx.db.doc(paths.taxCertificate(certificateId)).get()).data(),
    );
    return certificate ? exemptionOf(certificate) : null;
  } catch {
    return null;
  }
}
