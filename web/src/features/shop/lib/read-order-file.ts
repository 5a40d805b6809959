import { compareText, orderFileKind, readOrderCells, type UploadInput } from '@portal/domain';

// What the Quick Order page loads when the buyer checks lines, uploads a file or asks for the
// sample: kept out of the route's first load.
export { readOrderText, sampleOrderCsv } from '@portal/domain';

/**
 * An uploaded order file read into rows, or why it is refused (see orderFileKind and
 * readOrderCells). The parsers load only here, when a file is chosen: papaparse for CSV,
 * read-excel-file for XLSX, each in a chunk of its own.
 */
export async function readOrderFile(file: Blob & { name: string }): Promise<UploadInput> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const kind = orderFileKind(file.name, file.size, head);
  if (!kind.ok) return kind;
  if (kind.kind === 'csv') {
    const [{ default: Papa }, text] = await Promise.all([import('papaparse'), file.text()]);
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
    return readOrderCells(parsed.data, 'file');
  }
  const buffer = await file.arrayBuffer();
  try {
    const [{ readSheet }, formulas] = await Promise.all([
      import('read-excel-file/browser'),
      xlsxFormulaRows(buffer),
    ]);
    const rows = await readSheet(buffer, { trim: true });
    return readOrderCells(rows, 'file', formulas);
  } catch {
    return {
      ok: false,
      error: `${file.name} could not be read as an XLSX file. Save it again from your spreadsheet as XLSX or CSV. Nothing was added.`,
    };
  }
}

/**
 * The row numbers of the first worksheet's cells that hold a formula (an `<f>` element). The
 * reader returns a formula's last computed value, not the formula, so they are found here: the
 * zip's central directory gives the sheet's entry, inflated with the browser's DecompressionStream.
 */
export async function xlsxFormulaRows(buffer: ArrayBuffer): Promise<number[]> {
  const xml = await firstSheetXml(new Uint8Array(buffer));
  if (xml === null) return [];
  const rows = new Set<number>();
  for (const match of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    if (!/<f[\s>/]/.test(match[2] ?? '')) continue;
    const ref = /\br="[A-Z]+(\d+)"/.exec(match[1] ?? '');
    if (ref) rows.add(Number(ref[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

async function firstSheetXml(bytes: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end of central directory record: its signature, searched back from the end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const sheets: { name: string; method: number; size: number; offset: number }[] = [];
  for (let i = 0; i < entries && at + 46 <= bytes.length; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) {
      sheets.push({
        name,
        method: view.getUint16(at + 10, true),
        size: view.getUint32(at + 20, true),
        offset: view.getUint32(at + 42, true),
      });
    }
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  const sheet =
    sheets.find((entry) => entry.name === 'xl/worksheets/sheet1.xml') ??
    sheets.sort((a, b) => compareText(a.name, b.name))[0];
  if (!sheet) return null;
  const local = sheet.offset;
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + sheet.size);
  if (sheet.method === 0) return new TextDecoder().decode(data);
  if (sheet.method !== 8) return null;
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}
