/**
 * The values `npm run perf` (scripts/perf.ts) fills the pages' params with: the demo buyer, order
 * and product from the demo data (demoValues, unit tested in functions/test/perf-targets.test.ts),
 * and what the run makes on its stack (stack-values.ts: a password reset code, a newsletter token;
 * browser.ts: a payment).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isPaidStatus, type OrderStatus } from '@portal/domain';
import { DEMO_ACCOUNTS } from '../../demo-accounts';
import { ROOT } from '../root';

/** What the pages are measured with: demo data, plus what the run makes (link codes, a payment). */
export interface PerfValues {
  buyerEmail: string;
  buyerName: string;
  /** The buyer's uid, for the manager's store page. */
  storeUid: string;
  storeName: string;
  managerEmail: string;
  productId: string;
  productName: string;
  /** A paid order of the buyer's, with an invoice. */
  orderId: string;
  invoiceNumber: string;
  /** A password reset code from the Auth emulator (/auth/action?mode=resetPassword). */
  oobCode: string;
  /** A pending newsletter subscription's token (/newsletter/confirm). */
  newsletterToken: string;
  /** The Checkout Session the buyer paid in this run; none: /payment-success without one. */
  sessionId?: string;
  /**
   * A quote sent to the buyer's company, for the quote pages; none in the demo data: the pages
   * are measured on a quote that is not there (its page says so).
   */
  quote?: { id: string; number: string };
}

// -------------------------------------------------------------------------------------------
// Values from the demo data
// -------------------------------------------------------------------------------------------

interface DemoAccountLike {
  uid: string;
  email: string;
  fullName: string;
  storeName: string;
  role: string;
  status: string;
}

/**
 * The demo buyer, order and product the signed-in pages are measured with, from the demo seed
 * (emulator-data/firestore.json's documents) and the demo accounts: the first approved retailer
 * with a paid order that has an invoice, that order, and its first product still on sale.
 */
export function demoValues(
  documents: Readonly<Record<string, Record<string, unknown>>>,
  accounts: readonly DemoAccountLike[],
): Omit<PerfValues, 'oobCode' | 'newsletterToken' | 'sessionId'> {
  const manager = accounts.find((a) => a.role === 'manager' && a.status === 'approved');
  if (!manager) throw new Error('No approved demo manager');
  const orders = Object.entries(documents)
    .filter(([key]) => key.startsWith('orders/') && key.split('/').length === 2)
    .map(([key, data]) => ({ id: key.slice('orders/'.length), data }))
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const buyer of accounts.filter((a) => a.role !== 'manager' && a.status === 'approved')) {
    for (const { id, data } of orders) {
      if (data.user_id !== buyer.uid || typeof data.invoice_number !== 'string') continue;
      if (!isPaidStatus(data.status as OrderStatus)) continue;
      const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
      const item = items.find((line) => {
        const product = documents[`products/${String(line.product_id)}`];
        return product?.is_active === true && typeof product.name === 'string';
      });
      if (!item) continue;
      const productId = String(item.product_id);
      const quote = sentQuoteOf(documents, buyer.uid);
      return {
        buyerEmail: buyer.email,
        buyerName: buyer.fullName,
        storeUid: buyer.uid,
        storeName: buyer.storeName,
        managerEmail: manager.email,
        productId,
        productName: String(documents[`products/${productId}`]?.name),
        orderId: id,
        invoiceNumber: data.invoice_number,
        ...(quote ? { quote } : {}),
      };
    }
  }
  throw new Error('No approved demo buyer with a paid, invoiced order of an active product');
}

/** The first quote sent to the company (by id), with its number; none when there is none. */
function sentQuoteOf(
  documents: Readonly<Record<string, Record<string, unknown>>>,
  companyId: string,
): { id: string; number: string } | undefined {
  const quotes = Object.entries(documents)
    .filter(([key]) => key.startsWith('quotes/') && key.split('/').length === 2)
    .map(([key, data]) => ({ id: key.slice('quotes/'.length), data }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const sent = quotes.find(
    ({ data }) =>
      data.company_id === companyId && data.state !== 'draft' && typeof data.number === 'string',
  );
  return sent ? { id: sent.id, number: String(sent.data.number) } : undefined;
}

/** demoValues of the demo seed (emulator-data/firestore.json) and the demo accounts. */
export function seedDemoValues(): ReturnType<typeof demoValues> {
  const seed = JSON.parse(
    readFileSync(path.join(ROOT, 'emulator-data/firestore.json'), 'utf8'),
  ) as {
    documents: Record<string, Record<string, unknown>>;
  };
  return demoValues(seed.documents, DEMO_ACCOUNTS);
}
