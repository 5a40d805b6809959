import { isIPv4, isIPv6 } from 'node:net';

/**
 * The caller's address for per-IP rate limits, from the hop the platform wrote, never from one the
 * caller wrote.
 *
 * Every request reaches a Cloud Function through Google's front end, which appends the address
 * it was connected from to `X-Forwarded-For`. Whatever the client sent in that header stays in
 * front of it, so only the rightmost entry is Google's. Express's `req.ip` (the runtime trusts
 * the proxy) is the leftmost entry: the client's own words, which reset every per-IP window when
 * changed, or spend a victim's window when they name the victim's address. Without the header
 * (the Functions emulator, the tests) the socket's address (`ip`) is the caller's.
 *
 * The address is then normalised so one caller has one key: an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) is its IPv4 address, and an IPv6 address is its /64, the block one
 * subscriber line or host gets, inside which it can pick any of 2^64 addresses for free.
 * Anything that is not an address shares the `unknown` window.
 */
export interface ClientRequest {
  ip?: string | undefined;
  headers?: Record<string, string | string[] | undefined>;
}

export const UNKNOWN_IP = 'unknown';

const FORWARDED_FOR = 'x-forwarded-for';

/** The rightmost X-Forwarded-For entry: the one Google's front end appended. */
function lastForwardedHop(header: string | string[] | undefined): string | undefined {
  // Repeated headers arrive as an array (or are joined with ',' by Node): the last one is last.
  const joined = Array.isArray(header) ? header.join(',') : header;
  if (!joined) return undefined;
  const hops = joined
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[hops.length - 1];
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

/** One key per caller: IPv4 as it is, IPv4-mapped IPv6 as IPv4, other IPv6 as its /64. */
export function rateLimitKeyOfIp(raw: string | undefined): string {
  let address = (raw ?? '').trim().toLowerCase();
  // A bracketed or ported form ([2001:db8::1]:443, 192.0.2.1:443) and an IPv6 zone (%eth0).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address))
    address = address.slice(0, address.indexOf(':'));
  address = address.replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return UNKNOWN_IP;
  const groups = ipv6Groups(address);
  if (!groups) return UNKNOWN_IP;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The caller's rate-limit key: the platform's hop, else the socket's address, normalised. */
export function clientIp(rawRequest: ClientRequest | undefined): string {
  const forwarded = lastForwardedHop(rawRequest?.headers?.[FORWARDED_FOR]);
  return rateLimitKeyOfIp(forwarded ?? rawRequest?.ip);
}
