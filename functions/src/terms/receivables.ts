import type { Firestore } from 'firebase-admin/firestore';
import {
  agingBucket,
  agingOf,
  availableCredit,
  COLLECTIONS,
  daysPastDue,
  emptyAging,
  isOnCreditHold,
  paths,
  readCompanyCredit,
  type GetReceivablesResponse,
  type ReceivableCompany,
  type ReceivableInvoice,
} from '@portal/domain';
import { readOrder } from '../orders/order-record';

/** The most open invoices one answer lists (a brand this size has far fewer). */
const MAX_INVOICES = 2000;

/**
 * getReceivables (docs/payment-terms.md): what every company on terms owes, now. The open
 * invoices are the orders whose invoice counts in an open balance (`receivable`, one equality
 * query); the companies are those with terms or a balance (company_credit, one small collection).
 * Aging is by days past the due date at `now`.
 */
export async function receivables(db: Firestore, now: Date): Promise<GetReceivablesResponse> {
  const [open, accounts] = await Promise.all([
    db.collection(COLLECTIONS.orders).where('receivable', '==', true).limit(MAX_INVOICES).get(),
    db.collection(COLLECTIONS.companyCredit).get(),
  ]);
  const credits = new Map(accounts.docs.map((doc) => [doc.id, readCompanyCredit(doc.data())]));
  const companyIds = new Set([...credits.keys()]);
  const invoices: Array<Omit<ReceivableInvoice, 'companyName'>> = [];
  for (const doc of open.docs) {
    const order = readOrder(doc);
    if (!order?.terms) continue;
    companyIds.add(order.company_id);
    const dueAt = order.terms.due_at?.toDate() ?? null;
    invoices.push({
      orderId: doc.id,
      companyId: order.company_id,
      invoiceNumber: order.terms.invoice_number,
      poNumber: order.po_number,
      amount: order.amount,
      issuedAt: order.created_at.toDate().toISOString(),
      dueAt: dueAt?.toISOString() ?? null,
      state: order.terms.state,
      daysPastDue: dueAt ? daysPastDue(dueAt, now) : 0,
      bucket: dueAt ? agingBucket(dueAt, now) : 'current',
      invoiceUrl: order.terms.hosted_invoice_url,
    });
  }
  const ids = [...companyIds];
  const companies =
    ids.length === 0 ? [] : await db.getAll(...ids.map((id) => db.doc(paths.company(id))));
  const names = new Map(
    companies.map((snap) => {
      const name: unknown = snap.get('name');
      return [snap.id, typeof name === 'string' && name ? name : snap.id] as const;
    }),
  );
  const nameOf = (id: string) => names.get(id) ?? id;
  const rows: ReceivableCompany[] = ids
    .map((companyId) => {
      const credit = credits.get(companyId) ?? readCompanyCredit(undefined);
      const own = invoices.filter((invoice) => invoice.companyId === companyId);
      return {
        companyId,
        companyName: nameOf(companyId),
        netDays: credit.net_days,
        creditLimit: credit.credit_limit,
        openBalance: credit.open_balance,
        available: availableCredit(credit),
        onHold: isOnCreditHold(credit),
        aging: agingOf(
          own.map((invoice) => ({
            amount: invoice.amount,
            due_at: invoice.dueAt ? new Date(invoice.dueAt) : null,
          })),
          now,
        ),
      };
    })
    .filter((row) => row.netDays !== null || row.openBalance > 0 || row.onHold)
    .sort((a, b) => b.openBalance - a.openBalance || a.companyName.localeCompare(b.companyName));
  const totals = { ...emptyAging(), open: 0 };
  for (const invoice of invoices) {
    totals[invoice.bucket] += invoice.amount;
    totals.open += invoice.amount;
  }
  return {
    asOf: now.toISOString(),
    companies: rows,
    invoices: invoices
      .map((invoice) => ({ ...invoice, companyName: nameOf(invoice.companyId) }))
      .sort((a, b) => b.daysPastDue - a.daysPastDue || a.issuedAt.localeCompare(b.issuedAt)),
    totals,
  };
}

/** Cents owed by every company on terms now (the Overview's open receivables). */
export async function openReceivables(db: Firestore): Promise<number> {
  const accounts = await db
    .collection(COLLECTIONS.companyCredit)
    .where('open_balance', '>', 0)
    .get();
  return accounts.docs.reduce((sum, doc) => sum + readCompanyCredit(doc.data()).open_balance, 0);
}
