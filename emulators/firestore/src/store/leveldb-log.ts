/**
 * The LevelDB log format, which the official emulator's (and production's) export `output-N` files
 * use: 32 KiB blocks of records, each with a 7-byte header (masked CRC32C of the type byte and the
 * data, little-endian uint32; data length, little-endian uint16; type). A record that does not fit
 * the rest of a block is split into FIRST, MIDDLE... and LAST fragments; fewer than 7 bytes left in
 * a block are zero-filled.
 */
export const BLOCK_SIZE = 32 * 1024;
export const HEADER_SIZE = 7;

const FULL = 1;
const FIRST = 2;
const MIDDLE = 3;
const LAST = 4;

export class LogFormatError extends Error {}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC32C (Castagnoli) of the bytes, continuing from `crc` (0 to start). */
export function crc32c(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/** LevelDB stores CRCs rotated and offset, so a CRC of data holding CRCs stays meaningful. */
export function maskCrc(crc: number): number {
  return (((crc >>> 15) | (crc << 17)) + 0xa282ead8) >>> 0;
}

function recordCrc(type: number, data: Uint8Array): number {
  return maskCrc(crc32c(data, crc32c(Uint8Array.of(type))));
}

/**
 * Whether the file starts with a LevelDB log record's header: a FULL or FIRST record whose length
 * fits its block and the file. Its checksum is not checked: a damaged log is still a log, which
 * readLog then refuses for its checksum. JSON never passes: the header's type byte (the 7th) would
 * be a raw 0x01 or 0x02, a control character that JSON text only holds escaped. Its first byte
 * alone cannot tell (a record's checksum starts with "{" one time in 256).
 */
export function startsWithLogRecordHeader(file: Uint8Array): boolean {
  if (file.length < HEADER_SIZE) return false;
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const length = buf.readUInt16LE(4);
  const type = buf.readUInt8(6);
  if (type !== FULL && type !== FIRST) return false;
  return HEADER_SIZE + length <= Math.min(BLOCK_SIZE, buf.length);
}

/** Encodes records as one LevelDB log file. */
export function writeLog(records: readonly Uint8Array[]): Buffer {
  const out: Buffer[] = [];
  let blockOffset = 0;
  for (const record of records) {
    let pos = 0;
    let begin = true;
    do {
      const leftover = BLOCK_SIZE - blockOffset;
      if (leftover < HEADER_SIZE) {
        if (leftover > 0) out.push(Buffer.alloc(leftover));
        blockOffset = 0;
      }
      const available = BLOCK_SIZE - blockOffset - HEADER_SIZE;
      const length = Math.min(record.length - pos, available);
      const end = pos + length === record.length;
      const type = begin && end ? FULL : begin ? FIRST : end ? LAST : MIDDLE;
      const data = record.subarray(pos, pos + length);
      const header = Buffer.alloc(HEADER_SIZE);
      header.writeUInt32LE(recordCrc(type, data), 0);
      header.writeUInt16LE(length, 4);
      header.writeUInt8(type, 6);
      out.push(header, Buffer.from(data));
      blockOffset += HEADER_SIZE + length;
      pos += length;
      begin = false;
    } while (pos < record.length);
  }
  return Buffer.concat(out);
}

/**
 * Decodes a LevelDB log file into its records. Any damage (a checksum that does not match, a
 * fragment out of order, a truncated record) throws: an export is imported whole or not at all.
 */
export function readLog(file: Uint8Array, name: string): Buffer[] {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const records: Buffer[] = [];
  let pending: Buffer[] | null = null;
  let offset = 0;
  const fail = (what: string): never => {
    throw new LogFormatError(`${name}: ${what} at byte ${offset}.`);
  };
  while (offset < buf.length) {
    const blockLeft = BLOCK_SIZE - (offset % BLOCK_SIZE);
    if (blockLeft < HEADER_SIZE) {
      offset += blockLeft; // the zero-filled trailer of a block
      continue;
    }
    if (buf.length - offset < HEADER_SIZE) {
      if (buf.subarray(offset).every((b) => b === 0)) break;
      fail('truncated record header');
    }
    const crc = buf.readUInt32LE(offset);
    const length = buf.readUInt16LE(offset + 4);
    const type = buf.readUInt8(offset + 6);
    if (type === 0 && length === 0 && crc === 0) {
      offset += blockLeft; // zero padding (a preallocated tail): skip to the next block
      continue;
    }
    if (HEADER_SIZE + length > blockLeft) fail(`record of ${length} bytes crosses a block end`);
    if (offset + HEADER_SIZE + length > buf.length) fail('truncated record');
    const data = buf.subarray(offset + HEADER_SIZE, offset + HEADER_SIZE + length);
    if (type < FULL || type > LAST) fail(`unknown record type ${type}`);
    if (recordCrc(type, data) !== crc) fail('checksum mismatch (corrupted record)');
    if (type === FULL || type === FIRST) {
      if (pending) fail('a record starts before the previous one ended');
      if (type === FULL) records.push(Buffer.from(data));
      else pending = [data];
    } else {
      if (!pending) fail('a record fragment without its first part');
      (pending as Buffer[]).push(data);
      if (type === LAST) {
        records.push(Buffer.concat(pending as Buffer[]));
        pending = null;
      }
    }
    offset += HEADER_SIZE + length;
  }
  if (pending) fail('the last record is incomplete');
  return records;
}
