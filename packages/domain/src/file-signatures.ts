/**
 * What an uploaded file's first bytes say it is: a PDF ("%PDF-"), a PNG (its 8-byte signature)
 * or a JPEG (FF D8 FF), or null. The server's check that a file sent as one of those is one
 * (resale certificates, claim photos); each caller accepts only the types it allows.
 */
export type SniffedFileType = 'application/pdf' | 'image/png' | 'image/jpeg';

export function sniffFileType(head: Uint8Array): SniffedFileType | null {
  const starts = (bytes: readonly number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

/** Whether the bytes start as a zip archive ("PK\x03\x04"): an XLSX file is one. */
export function isZipFile(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * Whether the bytes look like binary data rather than text: a NUL byte, or more than one in ten
 * bytes a control character other than tab, line feed, carriage return and form feed.
 */
export function looksBinary(head: Uint8Array): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control * 10 > head.length;
}
