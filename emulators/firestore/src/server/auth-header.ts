/** Reads the Authorization header the way the official emulator does (tokens are decoded, never verified). */
import { ADMIN, ANONYMOUS, type Caller } from '../engine/caller.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';

const BASE64URL = /^[A-Za-z0-9_-]*=*$/;

function decodeSegment(segment: string): Record<string, unknown> {
  if (segment === '' || !BASE64URL.test(segment)) throw invalidArgument('invalid jwt');
  const text = Buffer.from(segment.replace(/=+$/, ''), 'base64url').toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidArgument('invalid jwt');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalidArgument('invalid jwt');
  return parsed as Record<string, unknown>;
}

function validSignature(signature: string): boolean {
  if (!BASE64URL.test(signature)) return false;
  const bare = signature.replace(/=+$/, '');
  return bare.length % 4 !== 1;
}

/** Decodes a token without verifying it: Auth-emulator ID tokens are unsigned (alg none). */
export function decodeToken(token: string): Caller {
  if (token.toLowerCase() === 'owner' || /^ya29\./i.test(token)) return ADMIN;
  const parts = token.split('.');
  if (parts.length !== 3) throw invalidArgument('invalid jwt');
  decodeSegment(parts[0] as string);
  const claims = decodeSegment(parts[1] as string);
  if (!validSignature(parts[2] as string)) throw invalidArgument('invalid jwt');
  const uid =
    typeof claims['user_id'] === 'string'
      ? claims['user_id']
      : typeof claims['sub'] === 'string'
        ? claims['sub']
        : null;
  return { kind: 'user', auth: uid === null ? null : { uid, token: claims } };
}

/** The caller named by an Authorization header (undefined = unauthenticated). */
export function callerFromAuthorization(header: string | undefined): Caller {
  if (header === undefined || header === '') return ANONYMOUS;
  if (/^bearer\t/i.test(header)) return ANONYMOUS;
  const m = /^bearer (.*)$/is.exec(header);
  if (!m) throw new FirestoreError('UNKNOWN', '');
  return decodeToken(m[1] as string);
}
