/**
 * Resume tokens of the Listen streams (listen.ts): a hub's instance and a read time. A target
 * re-added with a token (or a readTime) resumes from that time.
 */
import { parseTimestamp, timestampToMicros, type Micros } from '../store/timestamp.js';
import type { TargetJson } from './listen-targets.js';

const TOKEN_MAGIC = 0x4c;

export function encodeResumeToken(instance: number, micros: Micros): string {
  const bytes = Buffer.alloc(13);
  bytes[0] = TOKEN_MAGIC;
  bytes.writeUInt32BE(instance, 1);
  bytes.writeBigInt64BE(BigInt(micros), 5);
  return bytes.toString('base64');
}

function decodeResumeToken(token: string): { instance: number; micros: Micros } | undefined {
  const bytes = Buffer.from(token, 'base64');
  if (bytes.length !== 13 || bytes[0] !== TOKEN_MAGIC) return undefined;
  return { instance: bytes.readUInt32BE(1), micros: Number(bytes.readBigInt64BE(5)) };
}

/**
 * The read time a re-added target resumes from (its resume token or readTime), if any: -1 for a
 * token of another hub (`instance`) or one that cannot be read, which resumes with a reset.
 */
export function resumePoint(t: TargetJson, instance: number): Micros | undefined {
  if (t.resumeToken !== undefined && t.resumeToken !== '') {
    const token = decodeResumeToken(t.resumeToken);
    // An unknown token (another emulator process, another service) still resumes: with a reset.
    if (!token || token.instance !== instance) return -1;
    return token.micros;
  }
  if (t.readTime !== undefined) {
    const ts = parseTimestamp(t.readTime);
    return ts ? timestampToMicros(ts) : -1;
  }
  return undefined;
}
