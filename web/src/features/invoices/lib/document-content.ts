import type { Seller } from '@/config/seller';

/**
 * What a printable document says, as text (an invoice, a quote): one shape for the page
 * (print-document.tsx) and the PDF (document-pdf.ts), so both print the same. Amounts and dates
 * are formatted by whoever makes the content.
 */
export interface DocumentContent {
  /** "Invoice INV-000123", "Quote Q-000123": the heading, and the PDF's title. */
  title: string;
  fileName: string;
  /** Who sells: the name first (bold), then the address and contact. */
  seller: string[];
  /** Label and value, beside the seller (number, dates, status). */
  facts: [label: string, value: string][];
  /** Side by side under the head: Bill to, Ship to, Quote for. */
  parties: DocumentParty[];
  lines: DocumentLine[];
  totals: TotalsRow[];
  /** Paragraphs under the totals (a quote's note and terms); none on an invoice. */
  remarks: DocumentRemark[];
}

export interface DocumentParty {
  title: string;
  lines: string[];
  /** Printed as an address (a ship-to), not a name. */
  address?: boolean;
}

export interface DocumentLine {
  sku: string;
  name: string;
  /** "2", or in cases: "3 cases × 20 = 60". */
  quantity: string;
  unit: string;
  total: string;
  /** Under the name: what of it was backordered, refunded. */
  notes: string[];
}

/**
 * A row of the totals: label, amount, and how it is drawn: bold (what is asked for, what was paid
 * in the end), small under the row above it (a refund's parts), or plain.
 */
export type TotalsRow = [label: string, value: string, kind?: 'strong' | 'detail'];

export interface DocumentRemark {
  title: string;
  text: string;
}

/** The seller's block: name, address lines, email. */
export function sellerLines(seller: Seller): string[] {
  return [seller.name, ...seller.addressLines, seller.email];
}
