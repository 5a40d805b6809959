import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@portal/domain';
import { DEFAULT_SELLER, sellerFromEnv } from '@/config/seller';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { InvoicePage } from './components/invoice-page';
import { PackingSlipPage } from './components/packing-slip-page';
import { invoiceContent } from './lib/invoice-content';
import { buildDocumentPdf } from './lib/document-pdf';

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const SHIP_TO = {
  name: 'Sam Rivera',
  phone: '+14155550123',
  address: {
    line1: '500 Market St',
    line2: 'Suite 2',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US' as const,
  },
};
const line = (n: number) => ({
  product_id: `p${n}`,
  name: `Purple Dream Syrup ${n}`,
  description: '',
  image_url: '/p.svg',
  unit_amount: 2500,
  quantity: 2,
  line_total: 5000,
  sku: `SYR-${n}`,
  case_pack: 1,
  backordered: 0,
});

function seedOrder(id: string, overrides: Record<string, unknown> = {}) {
  fakeDb.seed(`orders/${id}`, {
    user_id: 'buyer-1',
    store_name: 'Cloud Nine Smokeshop',
    seller_permit_id: 'SR-EAA-102938',
    items: [line(1), { ...line(2), quantity: 60, line_total: 5000, case_pack: 20 }],
    amount: 10_000,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'shipped',
    stripe_session_id: 'cs_test_1',
    created_at: at('2025-03-04T18:00:00Z'),
    paid_at: at('2025-03-04T18:01:00Z'),
    status_history: [{ status: 'processing', at: at('2025-03-04T18:01:00Z'), by: 'stripe' }],
    ship_to: SHIP_TO,
    invoice_number: 'INV-000123',
    shipment: {
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
      shipped_at: at('2025-03-05T10:00:00Z'),
    },
    refunds: [
      {
        refund_id: 're_1',
        amount: 2500,
        // A note to the customer, and the one `reason` of a refund from before the split, which
        // was written for the books: never printed.
        customer_note: 'Dented lid',
        reason: 'Supplier credit 4471',
        at: at('2025-03-06T10:00:00Z'),
        by: 'm1',
      },
    ],
    refunded_amount: 2500,
    dispute: null,
    payment_method: 'card',
    po_number: '',
    terms: null,
    receivable: false,
    tax: null,
    ...overrides,
  });
}

function renderInvoice(orderId: string) {
  return renderWithProviders(
    <InvoicePage
      orderId={orderId}
      backTo={{ href: '/portal/my-account', label: 'Back to My Account' }}
    />,
    { route: `/portal/orders/${orderId}/invoice`, path: '/portal/orders/:orderId/invoice' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('InvoicePage', () => {
  it('shows seller, invoice number, buyer with permit, ship-to, lines, refund and totals', async () => {
    seedOrder('ord00001');
    renderInvoice('ord00001');
    const invoice = within(await screen.findByRole('article', { name: 'Invoice INV-000123' }));
    expect(invoice.getByText(DEFAULT_SELLER.name)).toBeInTheDocument();
    // Bill to, and the ship-to, which starts with the store.
    expect(invoice.getAllByText('Cloud Nine Smokeshop')).toHaveLength(2);
    expect(invoice.getByText('Seller permit: SR-EAA-102938')).toBeInTheDocument();
    expect(invoice.getByText('500 Market St')).toBeInTheDocument();
    expect(invoice.getByText('Partially refunded')).toBeInTheDocument();
    expect(invoice.getByText('#ord00001')).toBeInTheDocument();
    const rows = invoice.getAllByRole('row').map((row) => row.textContent);
    // SKU, product, quantity (in cases when the line has a case pack), unit price, line total.
    expect(rows).toContain('SYR-1Purple Dream Syrup 12$25.00$50.00');
    expect(rows).toContain('SYR-2Purple Dream Syrup 23 cases × 20 = 60$25.00$50.00');
    expect(rows).toContain('Subtotal$100.00');
    expect(rows).toContain('ShippingFree');
    expect(rows).toContain('Total$100.00');
    // The refund once, with only the note to the customer; no second "Refunded" line.
    const refundRows = rows.filter((r) => /Refund/.test(r ?? ''));
    expect(refundRows).toEqual(['Refund March 6, 2025 (Dented lid)-$25.00']);
    expect(invoice.queryByText(/Supplier credit/)).not.toBeInTheDocument();
    expect(rows).toContain('Net paid$75.00');
    expect(screen.getByRole('button', { name: /Print/ })).toBeInTheDocument();
  });

  it("dates the invoice and its refund by the business's day (Pacific), wherever it is read", async () => {
    // Paid at 6 pm on March 4 in California (March 5 in UTC and east of it); refunded at
    // 5:30 pm on March 6 there.
    seedOrder('ord00009', {
      created_at: at('2025-03-05T01:58:00Z'),
      paid_at: at('2025-03-05T02:00:00Z'),
      refunds: [
        {
          refund_id: 're_9',
          amount: 2500,
          reason: 'requested_by_customer',
          customer_note: '',
          at: at('2025-03-07T01:30:00Z'),
          by: 'manager-1',
        },
      ],
    });
    renderInvoice('ord00009');
    const invoice = within(await screen.findByRole('article', { name: 'Invoice INV-000123' }));
    const facts = Object.fromEntries(
      invoice
        .getAllByRole('definition')
        .map((dd) => [dd.previousSibling?.textContent, dd.textContent]),
    );
    expect(facts['Invoice date']).toBe('March 4, 2025');
    const rows = invoice.getAllByRole('row').map((row) => row.textContent);
    expect(rows.filter((r) => /^Refund/.test(r ?? ''))).toEqual(['Refund March 6, 2025-$25.00']);
  });

  it('marks backordered lines and the units refunded of each, with the parts of a refund by lines', async () => {
    seedOrder('ord00006', {
      status: 'partially_shipped',
      items: [
        { ...line(1), quantity: 4, line_total: 10_000, backordered: 4 },
        { ...line(2), quantity: 60, line_total: 5000, case_pack: 20 },
      ],
      amount: 16_500,
      tax: { amount: 1500, state: 'CA', exemption: null },
      refunds: [
        {
          refund_id: 're_2',
          amount: 6000,
          customer_note: 'Backorder cancelled',
          at: at('2025-03-08T10:00:00Z'),
          by: 'm1',
          lines: [{ product_id: 'p1', quantity: 2, unshipped: 2, restocked: 2, amount: 5000 }],
          tax: 500,
          shipping: 300,
          goodwill: 200,
        },
      ],
      refunded_amount: 6000,
    });
    renderInvoice('ord00006');
    const invoice = within(await screen.findByRole('article', { name: 'Invoice INV-000123' }));
    const rows = invoice.getAllByRole('row').map((row) => row.textContent);
    // The backordered line is marked, with what of it was refunded.
    expect(rows).toContain('SYR-1Purple Dream Syrup 1BackorderedRefunded 2 × $25.004$25.00$100.00');
    expect(rows).toContain('SYR-2Purple Dream Syrup 23 cases × 20 = 60$25.00$50.00');
    // The refund, then its parts; the totals still come from what was refunded.
    const from = rows.indexOf('Refund March 8, 2025 (Backorder cancelled)-$60.00');
    expect(rows.slice(from, from + 5)).toEqual([
      'Refund March 8, 2025 (Backorder cancelled)-$60.00',
      'Items: 2 × Purple Dream Syrup 1$50.00',
      'Sales tax$5.00',
      'Shipping$3.00',
      'Goodwill$2.00',
    ]);
    expect(rows).toContain('Total$165.00');
    expect(rows).toContain('Net paid$105.00');
    expect(invoice.getByText('Items: 2 × Purple Dream Syrup 1').closest('tr')).toHaveClass(
      'print-doc__detail',
    );
  });

  it('puts the marks and the refund parts in the PDF', async () => {
    seedOrder('ord00007');
    const order = fakeDb.get('orders/ord00007')!;
    const content = invoiceContent(
      {
        ...(order as unknown as Order),
        id: 'ord00007',
        created_at: new Date('2025-03-04T18:00:00Z'),
        paid_at: new Date('2025-03-04T18:01:00Z'),
        shipments: [],
        backorder_open: false,
        store_credit_applied: 0,
        claim_credits: [],
        items: [{ ...line(1), backordered: 1 }],
        refunds: [
          {
            refund_id: 're_3',
            amount: 2500,
            customer_note: '',
            at: new Date('2025-03-06T10:00:00Z'),
            by: 'm1',
            lines: [{ product_id: 'p1', quantity: 1, unshipped: 0, restocked: 0, amount: 2500 }],
            tax: 0,
            shipping: 0,
            goodwill: 0,
          },
        ],
        refunded_amount: 2500,
        tax: null,
        terms: null,
      },
      DEFAULT_SELLER,
    );
    expect(content.lines[0]!.notes).toEqual(['1 backordered', 'Refunded 1 × $25.00']);
    expect(content.totals).toContainEqual(['Items: 1 × Purple Dream Syrup 1', '$25.00', 'detail']);
    const bytes = await buildDocumentPdf(content);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it('shows the sales tax charged for the state, in the total', async () => {
    seedOrder('ord00002', {
      amount: 10_725,
      refunds: [],
      refunded_amount: 0,
      tax: { amount: 725, state: 'CA', exemption: null },
    });
    renderInvoice('ord00002');
    const invoice = within(await screen.findByRole('article', { name: 'Invoice INV-000123' }));
    const rows = invoice.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('Subtotal$100.00');
    expect(rows).toContain('Sales tax (CA)$7.25');
    expect(rows).toContain('Total$107.25');
  });

  it('takes the store credit spent off: the total is what was charged, and a cancellation refunds it and returns the credit', async () => {
    // $100.00 of goods, $40.00 of store credit, $4.80 of tax on the rest: $64.80 charged.
    seedOrder('ord00009', {
      amount: 6_480,
      store_credit_applied: 4_000,
      store_credit_returned: 4_000,
      refunds: [
        {
          refund_id: 're_9',
          amount: 6_480,
          customer_note: 'Order cancelled',
          at: at('2025-03-06T10:00:00Z'),
          by: 'm1',
        },
      ],
      refunded_amount: 6_480,
      tax: { amount: 480, state: 'CA', exemption: null },
    });
    renderInvoice('ord00009');
    const invoice = within(await screen.findByRole('article', { name: 'Invoice INV-000123' }));
    const rows = invoice.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('Subtotal$100.00');
    expect(rows).toContain('Sales tax (CA)$4.80');
    expect(rows).toContain('Store credit-$40.00');
    expect(rows).toContain('Total$64.80');
    expect(rows).toContain('Store credit returned$40.00');
    expect(rows).toContain('Net paid$0.00');
  });

  it('names the resale certificate that exempts an order', async () => {
    seedOrder('ord00003', {
      refunds: [],
      refunded_amount: 0,
      tax: {
        amount: 0,
        state: 'CA',
        exemption: { certificate_id: 'c1', number: 'SR-77', state: 'CA', expires_on: null },
      },
    });
    renderInvoice('ord00003');
    const invoice = within(await screen.findByRole('article', { name: 'Invoice INV-000123' }));
    const rows = invoice.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('Sales taxExempt: resale certificate SR-77, CA, does not expire');
    expect(rows).toContain('Total$100.00');
  });

  it('downloads the PDF named after the invoice, loading the PDF builder only then', async () => {
    seedOrder('ord00002');
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderInvoice('ord00002');
    await userEvent.click(await screen.findByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(clicks).toEqual(['INV-000123.pdf']));
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
  });

  it('says so for an order without an invoice and for one that cannot be read', async () => {
    seedOrder('ord00003', { invoice_number: null, status: 'pending', paid_at: null });
    const first = renderInvoice('ord00003');
    expect(
      await screen.findByRole('heading', { name: 'This order has no invoice yet.' }),
    ).toBeInTheDocument();
    first.unmount();
    // Another buyer's order: the rules refuse the read.
    seedOrder('ord00004', { user_id: 'someone-else' });
    fakeDb.fail(
      'getDoc',
      'orders/ord00004',
      Object.assign(new Error('denied'), { code: 'permission-denied' }),
    );
    renderInvoice('ord00004');
    expect(await screen.findByRole('heading', { name: 'Invoice not found.' })).toBeInTheDocument();
    expect(screen.queryByText('Cloud Nine Smokeshop')).not.toBeInTheDocument();
  });
});

describe('PackingSlipPage', () => {
  it('lists ship-to, store and quantities, and no prices', async () => {
    seedOrder('ord00005');
    renderWithProviders(
      <PackingSlipPage
        orderId="ord00005"
        backTo={{ href: '/admin', label: 'Back to the dashboard' }}
      />,
    );
    const slip = within(await screen.findByRole('article', { name: 'Packing slip' }));
    // The store in the facts and at the top of the ship-to.
    expect(slip.getAllByText('Cloud Nine Smokeshop')).toHaveLength(2);
    const shipTo = within(slip.getByRole('region', { name: 'Ship to' }));
    expect(shipTo.getByText('Cloud Nine Smokeshop')).toBeInTheDocument();
    expect(slip.getByText('San Francisco, CA 94105')).toBeInTheDocument();
    const header = slip.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(header).toEqual(['SKU', 'Product', 'Qty', 'Packed']);
    const rows = slip.getAllByRole('row').map((row) => row.textContent);
    // A unit line shows the quantity; a case line the breakdown.
    expect(rows).toContain('SYR-1Purple Dream Syrup 12☐');
    expect(rows).toContain('SYR-2Purple Dream Syrup 23 cases × 20 = 60☐');
    expect(slip.getByText('62')).toBeInTheDocument();
    expect(slip.queryByText(/\$/)).not.toBeInTheDocument();
  });
});

describe('PackingSlipPage: by shipment', () => {
  /** 48 lids of which 24 were backordered, 2 syrups; shipment 1 took the lids in stock and a syrup. */
  function seedShippedInPart(id: string) {
    seedOrder(id, {
      status: 'partially_shipped',
      items: [
        {
          ...line(1),
          name: 'Dome Lids',
          sku: 'LID-1',
          quantity: 48,
          case_pack: 24,
          backordered: 24,
        },
        { ...line(2), name: 'Blue Coast Syrup', sku: 'SYR-BLUE' },
      ],
      shipments: [
        {
          id: 'ship-1',
          number: 1,
          lines: [
            { product_id: 'p1', quantity: 24 },
            { product_id: 'p2', quantity: 1 },
          ],
          carrier: 'fedex',
          tracking_number: '612999AA10123456784',
          shipped_at: at('2025-03-05T10:00:00Z'),
          by: 'm1',
          request_id: '',
        },
      ],
      refunds: [],
      refunded_amount: 0,
    });
  }

  function renderSlip(orderId: string, search = '') {
    return renderWithProviders(
      <PackingSlipPage
        orderId={orderId}
        backTo={{ href: '/admin', label: 'Back to the dashboard' }}
      />,
      {
        route: `/admin/orders/${orderId}/packing-slip${search}`,
        path: '/admin/orders/:orderId/packing-slip',
      },
    );
  }

  it("prints a shipment's lines and units, its number, carrier and tracking", async () => {
    seedShippedInPart('ord00010');
    renderSlip('ord00010', '?shipment=ship-1');
    const slip = within(await screen.findByRole('article', { name: 'Packing slip' }));
    expect(slip.getByText('Shipment 1 of order #ord00010')).toBeInTheDocument();
    expect(slip.getByText('FedEx')).toBeInTheDocument();
    expect(slip.getByText('612999AA10123456784')).toBeInTheDocument();
    const rows = slip.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('LID-1Dome Lids1 case × 24 = 24☐');
    expect(rows).toContain('SYR-BLUEBlue Coast Syrup1☐');
    expect(rows).toContain('Units25');
  });

  it('prints what is still to ship without a shipment, the units waiting for stock marked', async () => {
    seedShippedInPart('ord00011');
    renderSlip('ord00011');
    const slip = within(await screen.findByRole('article', { name: 'Packing slip' }));
    expect(slip.queryByText(/^Shipment \d/)).not.toBeInTheDocument();
    const rows = slip.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('LID-1Dome LidsBackordered1 case × 24 = 24☐');
    expect(rows).toContain('SYR-BLUEBlue Coast Syrup1☐');
    expect(rows).toContain('Units25');
  });

  it('prints an order shipped whole before shipments as before, by its one shipment too', async () => {
    seedOrder('ord00012');
    renderSlip('ord00012', '?shipment=shipment-1');
    const slip = within(await screen.findByRole('article', { name: 'Packing slip' }));
    expect(slip.getByText('Shipment 1 of order #ord00012')).toBeInTheDocument();
    expect(slip.getByText('UPS')).toBeInTheDocument();
    const rows = slip.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('SYR-1Purple Dream Syrup 12☐');
    expect(rows).toContain('SYR-2Purple Dream Syrup 23 cases × 20 = 60☐');
  });

  it('says so for a shipment that is not on the order', async () => {
    seedShippedInPart('ord00013');
    renderSlip('ord00013', '?shipment=ship-9');
    expect(
      await screen.findByRole('heading', { name: 'This shipment is not on order #ord00013.' }),
    ).toBeInTheDocument();
  });
});

describe('the invoice PDF', () => {
  const order = (lines: number, store = 'Cloud Nine Smokeshop'): Order => ({
    id: 'ord00009',
    user_id: 'b',
    company_id: 'b',
    location_id: null,
    location_name: '',
    placed_by_name: '',
    store_name: store,
    seller_permit_id: 'SR-1',
    items: Array.from({ length: lines }, (_, i) => line(i)),
    amount: lines * 5000,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'processing',
    stripe_session_id: 'cs_1',
    created_at: new Date('2025-03-04T18:00:00Z'),
    paid_at: new Date('2025-03-04T18:01:00Z'),
    status_history: [],
    ship_to: SHIP_TO,
    invoice_number: 'INV-000009',
    shipment: null,
    shipments: [],
    backorder_open: false,
    store_credit_applied: 0,
    store_credit_returned: 0,
    shipping_charge: 0,
    claim_credits: [],
    refunds: [],
    refunded_amount: 0,
    dispute: null,
    payment_method: 'card',
    po_number: '',
    terms: null,
    receivable: false,
    tax: null,
    source: 'cart',
    cart_fingerprint: '',
    stripe_payment_intent_id: null,
  });

  it('is a letter-size PDF that continues on more pages for a long order', async () => {
    const short = await PDFDocument.load(
      await buildDocumentPdf(invoiceContent(order(3), DEFAULT_SELLER)),
    );
    expect(short.getPageCount()).toBe(1);
    expect(short.getTitle()).toBe('Invoice INV-000009');
    expect(short.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const bytes = await buildDocumentPdf(invoiceContent(order(90), DEFAULT_SELLER));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });

  it('does not break on characters Helvetica cannot draw', async () => {
    const bytes = await buildDocumentPdf(
      invoiceContent(order(1, 'Cloud ☁️ Nine 雲'), DEFAULT_SELLER),
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});

describe('seller configuration', () => {
  it('takes the name, address lines and email from the build, or the brand defaults', () => {
    expect(sellerFromEnv({})).toEqual(DEFAULT_SELLER);
    expect(
      sellerFromEnv({
        VITE_SELLER_NAME: 'Electric Slush LLC',
        VITE_SELLER_ADDRESS: '1 Dock St | Oakland, CA 94607 ',
        VITE_SELLER_EMAIL: 'billing@example.com',
      }),
    ).toEqual({
      name: 'Electric Slush LLC',
      addressLines: ['1 Dock St', 'Oakland, CA 94607'],
      email: 'billing@example.com',
    });
  });
});
