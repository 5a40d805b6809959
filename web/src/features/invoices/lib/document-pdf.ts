import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DocumentContent } from './document-content';

// The download comes with the PDF's chunk: the page's first load carries no download code.
export { saveFile } from '@/lib/save-file';

/** US Letter in points, with 0.6 in margins. */
const PAGE = { width: 612, height: 792 };
const MARGIN = 43;
const SIZE = 10;
const LEADING = 14;

/**
 * Helvetica (a standard PDF font) encodes WinAnsi only: anything else becomes '?', so a store
 * name with an emoji cannot break the download.
 */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2014\u2013\u2019\u201C\u201D]/g, '?');
}

/** Splits text into lines that fit `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = printable(text).split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * An invoice or a quote as a PDF (letter pages, Helvetica), built in the browser from the same
 * content as its page. Long documents continue on more pages with the table header repeated.
 */
export async function buildDocumentPdf(content: DocumentContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(content.title));
  pdf.setCreator(printable(content.seller[0] ?? content.title));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const right = PAGE.width - MARGIN;

  const newPageIfNeeded = (room: number) => {
    if (y - room >= MARGIN) return false;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
    return true;
  };
  const text = (
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; align?: 'right' } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? SIZE;
    const safe = printable(value);
    const left = options.align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: left, y, size, font, color: black });
  };

  text(content.title, MARGIN, { font: bold, size: 18 });
  y -= 28;
  // Seller (left) and the document's facts (right).
  const factsTop = y;
  for (const [index, line] of content.seller.entries()) {
    text(line, MARGIN, { font: index === 0 ? bold : regular });
    y -= LEADING;
  }
  const afterSeller = y;
  y = factsTop;
  for (const [label, value] of content.facts) {
    text(`${label}: ${value}`, right, { align: 'right' });
    y -= LEADING;
  }
  y = Math.min(afterSeller, y) - 12;

  // The parties (bill to, ship to), side by side.
  const blockTop = y;
  let afterParties = y;
  const partyWidth = (right - MARGIN) / Math.max(1, content.parties.length);
  for (const [index, party] of content.parties.entries()) {
    y = blockTop;
    const x = MARGIN + index * partyWidth;
    text(party.title, x, { font: bold });
    y -= LEADING;
    for (const line of party.lines) {
      text(line, x);
      y -= LEADING;
    }
    afterParties = Math.min(afterParties, y);
  }
  y = afterParties - 16;

  // The lines.
  const columns = { qty: right - 170, unit: right - 80, total: right };
  // Room on the left of the quantity for a case breakdown ("3 cases × 20 = 60").
  const nameWidth = columns.qty - 100 - MARGIN;
  const header = () => {
    text('Product', MARGIN, { font: bold });
    text('Qty', columns.qty, { font: bold, align: 'right' });
    text('Unit price', columns.unit, { font: bold, align: 'right' });
    text('Line total', columns.total, { font: bold, align: 'right' });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: grey });
    y -= LEADING;
  };
  header();
  for (const line of content.lines) {
    // The name, the SKU, then what of the line was backordered and refunded.
    const nameLines = [
      ...wrap(line.name, regular, SIZE, nameWidth),
      `SKU ${line.sku}`,
      ...line.notes.flatMap((note) => wrap(note, regular, SIZE, nameWidth)),
    ];
    if (newPageIfNeeded(nameLines.length * LEADING + LEADING)) header();
    text(line.quantity, columns.qty, { align: 'right' });
    text(line.unit, columns.unit, { align: 'right' });
    text(line.total, columns.total, { align: 'right' });
    for (const part of nameLines) {
      text(part, MARGIN);
      y -= LEADING;
    }
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= LEADING + 2;

  // Totals, right-aligned; a refund's parts under it, smaller.
  for (const [label, value, kind] of content.totals) {
    newPageIfNeeded(LEADING);
    const strong = kind === 'strong';
    const size = kind === 'detail' ? SIZE - 1 : SIZE;
    const font = strong ? bold : regular;
    text(label, columns.unit - 10, { align: 'right', font, size });
    text(value, columns.total, { align: 'right', font, size });
    y -= LEADING;
  }

  // Remarks (a quote's note and terms), full width under the totals.
  for (const remark of content.remarks) {
    const lines = remark.text
      .split(/\r?\n/)
      .flatMap((paragraph) => wrap(paragraph, regular, SIZE, right - MARGIN));
    y -= 8;
    newPageIfNeeded(LEADING * 2);
    text(remark.title, MARGIN, { font: bold });
    y -= LEADING;
    for (const line of lines) {
      newPageIfNeeded(LEADING);
      text(line, MARGIN);
      y -= LEADING;
    }
  }
  return pdf.save();
}
