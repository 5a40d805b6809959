import { DownloadOutlined, PrinterOutlined } from '@/components/icons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextSkeleton } from '@/components/skeleton';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DocumentContent } from '../lib/document-content';
import { PrintDocument } from './print-document';
import './print-doc.css';

/** Where a document's back link leads. */
export interface BackTo {
  href: string;
  label: string;
}

function BackLink({ backTo }: { backTo: BackTo }) {
  return (
    <Link to={backTo.href} className="print-page__back">
      {backTo.label}
    </Link>
  );
}

/** A document being read: its page with a skeleton. */
export function DocumentLoading({ label }: { label: string }) {
  return (
    <main className="print-page" aria-busy="true" aria-label={label}>
      <TextSkeleton rows={10} />
    </main>
  );
}

/** A document that cannot be shown: why (an alert, or a heading and a line), and the way back. */
export function DocumentProblem({
  backTo,
  error,
  children,
}: {
  backTo: BackTo;
  /** Words of a failed read, drawn as an error alert. */
  error?: string;
  children?: ReactNode;
}) {
  return (
    <main className="print-page">
      {error && <Alert type="error" role="alert" title={error} />}
      {children}
      <BackLink backTo={backTo} />
    </main>
  );
}

/**
 * A printable document's page (an invoice, a quote): the way back, Print (the print stylesheet)
 * and Download PDF, which loads the PDF builder only when pressed, over the document itself.
 */
export function DocumentView({ content, backTo }: { content: DocumentContent; backTo: BackTo }) {
  const [pdfState, setPdfState] = useState<'idle' | 'building' | 'failed'>('idle');

  const download = async () => {
    setPdfState('building');
    try {
      const { buildDocumentPdf, saveFile } = await import('../lib/document-pdf');
      saveFile(await buildDocumentPdf(content), content.fileName, 'application/pdf');
      setPdfState('idle');
    } catch {
      setPdfState('failed');
    }
  };

  return (
    <main className="print-page">
      <div className="print-page__toolbar">
        <BackLink backTo={backTo} />
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
      <PrintDocument content={content} />
    </main>
  );
}
