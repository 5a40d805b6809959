import { DownloadOutlined, PrinterOutlined } from '@/components/icons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { seller } from '@/config/seller';
import { useOrder } from '@/entities/orders';
import { usePageTitle } from '@/lib/use-page-title';
import { invoiceContent } from '../lib/invoice-content';
import { InvoiceDocument } from './invoice-document';
import './print-doc.css';
import { TextSkeleton } from '@/components/skeleton';

/**
 * An order's invoice (the buyer's own, or any for a manager: the rules decide what can be read).
 * Print uses the print stylesheet; Download PDF loads the PDF builder only when pressed.
 */
export function InvoicePage({
  orderId,
  backTo,
}: {
  orderId: string;
  backTo: { href: string; label: string };
}) {
  usePageTitle('Invoice');
  const order = useOrder(orderId);
  const [pdfState, setPdfState] = useState<'idle' | 'building' | 'failed'>('idle');

  if (order.isPending) {
    return (
      <main className="print-page" aria-busy="true" aria-label="Loading invoice">
        <TextSkeleton rows={10} />
      </main>
    );
  }
  const back = (
    <Link to={backTo.href} className="print-page__back">
      {backTo.label}
    </Link>
  );
  if (order.isError) {
    return (
      <main className="print-page">
        <Alert
          type="error"
          role="alert"
          title="The invoice could not be loaded. Try again in a moment."
        />
        {back}
      </main>
    );
  }
  if (!order.data) {
    return (
      <main className="print-page">
        <h1>Invoice not found.</h1>
        {back}
      </main>
    );
  }
  if (!order.data.invoice_number) {
    return (
      <main className="print-page">
        <h1>This order has no invoice yet.</h1>
        <p>An invoice is made when the payment is complete.</p>
        {back}
      </main>
    );
  }
  const content = invoiceContent(order.data, seller);

  const download = async () => {
    setPdfState('building');
    try {
      const { buildInvoicePdf, saveFile } = await import('../lib/invoice-pdf');
      saveFile(await buildInvoicePdf(content), content.fileName, 'application/pdf');
      setPdfState('idle');
    } catch {
      setPdfState('failed');
    }
  };

  return (
    <main className="print-page">
      <div className="print-page__toolbar">
        {back}
        <div className="print-page__buttons">
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={pdfState === 'building'}
            onClick={() => void download()}
          >
            Download PDF
          </Button>
        </div>
      </div>
      {pdfState === 'failed' && (
        <Alert
          type="error"
          role="alert"
          title="The PDF could not be made. Try again, or print the page."
        />
      )}
      <InvoiceDocument content={content} />
    </main>
  );
}
