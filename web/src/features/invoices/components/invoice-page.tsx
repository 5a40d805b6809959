import { seller } from '@/config/seller';
import { useOrder } from '@/entities/orders';
import { usePageTitle } from '@/lib/use-page-title';
import { invoiceContent } from '../lib/invoice-content';
import { DocumentLoading, DocumentProblem, DocumentView, type BackTo } from './document-view';

/**
 * An order's invoice (the buyer's own, or any for a manager: the rules decide what can be read).
 * Print uses the print stylesheet; Download PDF loads the PDF builder only when pressed.
 */
export function InvoicePage({ orderId, backTo }: { orderId: string; backTo: BackTo }) {
  usePageTitle('Invoice');
  const order = useOrder(orderId);

  if (order.isPending) return <DocumentLoading label="Loading invoice" />;
  if (order.isError) {
    return (
      <DocumentProblem
        backTo={backTo}
        error="The invoice could not be loaded. Try again in a moment."
      />
    );
  }
  if (!order.data) {
    return (
      <DocumentProblem backTo={backTo}>
        <h1>Invoice not found.</h1>
      </DocumentProblem>
    );
  }
  if (!order.data.invoice_number) {
    return (
      <DocumentProblem backTo={backTo}>
        <h1>This order has no invoice yet.</h1>
        <p>An invoice is made when the payment is complete.</p>
      </DocumentProblem>
    );
  }
  return <DocumentView content={invoiceContent(order.data, seller)} backTo={backTo} />;
}
