/**
 * Which addresses the emulator may listen on. It is a local development tool with no real
 * authentication (docs/local-firestore-emulator-trust.md), so it listens on loopback only unless
 * remote access is asked for explicitly (`--allow-remote-access`, `allowRemoteAccess: true`).
 */
import net from 'node:net';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True for `localhost`, any 127.x.x.x address and `::1` (also written out in full, or as the
 * IPv4-mapped `::ffff:127.x.x.x`). Anything else, `0.0.0.0`, `::` and the empty string (which
 * Node reads as every interface) included, is reachable from other machines or may be.
 */
export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const family = net.isIP(host);
  if (family === 0) return false;
  return LOOPBACK.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

/** The error for a non-loopback host when remote access was not allowed. */
export class RemoteAccessRefusedError extends Error {
  constructor(readonly host: string) {
    super(
      [
        `refusing to listen on ${JSON.stringify(host)}: it is not a loopback address.`,
        'This emulator is for local development and is not safe to expose to other machines:',
        '  - it trusts unsigned ID tokens: any caller can claim any uid and any custom claims',
        '    (role "manager", say);',
        '  - its admin endpoints (reset, export, rules upload) need no authentication, nor does',
        '    the "Bearer owner" token, which bypasses the security rules;',
        '  so anyone who can reach the port can read and change all data.',
        'Listen on 127.0.0.1 (the default), ::1 or localhost. To listen there anyway, only on a',
        'machine and network you alone control, pass --allow-remote-access (allowRemoteAccess:',
        'true from code). See docs/local-firestore-emulator-trust.md.',
      ].join('\n'),
    );
    this.name = 'RemoteAccessRefusedError';
  }
}

/** The one-line warning printed when a non-loopback host is allowed. */
export function remoteAccessWarning(host: string): string {
  return (
    `WARNING: listening on ${JSON.stringify(host)} (--allow-remote-access): anyone who can ` +
    'reach this port can read and change all data (unsigned ID tokens are trusted; the admin ' +
    'endpoints and the "Bearer owner" token need no authentication). Never do this on a shared network.'
  );
}

/**
 * Throws RemoteAccessRefusedError for a non-loopback host unless `allowRemoteAccess`; returns the
 * warning to print when a non-loopback host is allowed, else undefined.
 */
export function checkBindHost(host: string, allowRemoteAccess: boolean): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  if (!allowRemoteAccess) throw new RemoteAccessRefusedError(host);
  return remoteAccessWarning(host);
}
