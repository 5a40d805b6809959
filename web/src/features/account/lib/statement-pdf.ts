import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { StatementContent } from './statement-content';

// The download comes with the PDF's chunk: the page's first load carries no download code.
export { saveFile } from '@/lib/save-file';

/** US Letter in points, with 0.6 in margins (as the invoice PDF). */
const PAGE = { width: 612, height: 792 };
const MARGIN = 43;
const SIZE = 10;
const LEADING = 14;

/** Helvetica encodes WinAnsi only: anything else becomes '?' (a name with an emoji). */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2014\u2013\u2019\u201C\u201D]/g, '?');
}

/**
 * The statement of open invoices as a PDF (letter pages, Helvetica), built in the browser: loaded
 * only when the buyer downloads it. Long statements continue with the table header repeated.
 */
export async function buildStatementPdf(content: StatementContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`${content.title}, ${content.company}`));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  const right = PAGE.width - MARGIN;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const text = (
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; align?: 'right' } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? SIZE;
    const safe = printable(value);
    const left = options.align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: left, y, size, font, color: rgb(0, 0, 0) });
  };
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  };

  text(content.title, MARGIN, { font: bold, size: 18 });
  y -= 24;
  text(content.company, MARGIN, { font: bold });
  text(`Date: ${content.date}`, right, { align: 'right' });
  y -= LEADING * 2;

  // Invoice, PO, issued, due (left aligned); amount and days past due (right aligned).
  const columns = { po: MARGIN + 95, issued: MARGIN + 210, due: MARGIN + 290, amount: right - 80 };
  const header = () => {
    text('Invoice', MARGIN, { font: bold });
    text('PO', columns.po, { font: bold });
    text('Issued', columns.issued, { font: bold });
    text('Due', columns.due, { font: bold });
    text('Amount', columns.amount, { font: bold, align: 'right' });
    text('Days past due', right, { font: bold, align: 'right' });
    y -= 6;
    rule();
    y -= LEADING;
  };
  header();
  if (content.rows.length === 0) {
    text('No open invoices.', MARGIN);
    y -= LEADING;
  }
  for (const row of content.rows) {
    if (y - LEADING < MARGIN) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      header();
    }
    text(row.number, MARGIN);
    text(row.po.length > 20 ? `${row.po.slice(0, 17)}...` : row.po, columns.po);
    text(row.issued, columns.issued);
    text(row.due, columns.due);
    text(row.amount, columns.amount, { align: 'right' });
    text(row.daysPastDue, right, { align: 'right' });
    y -= LEADING;
  }
  y -= 4;
  rule();
  y -= LEADING + 2;
  for (const [label, value] of content.totals) {
    if (y - LEADING < MARGIN) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
    text(label, columns.amount - 90, { font: bold, align: 'right' });
    text(value, columns.amount, { font: bold, align: 'right' });
    y -= LEADING;
  }
  return pdf.save();
}
