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
