/**
 * The shipped storage.rules for product photos (docs/catalog.md#photos), evaluated by the
 * Java-free Storage rules runtime as firebase-tools asks it: only managers upload originals, only
 * JPEG, PNG or WebP under 5 MB; nobody but the functions (Admin SDK) writes the sizes; buyers
 * never read an original.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StorageRulesRuntime } from '../src/storage-rules/runtime.js';

const RULES = readFileSync(
  fileURLToPath(new URL('../../../storage.rules', import.meta.url)),
  'utf8',
);
const MB = 1024 * 1024;

type Message = Record<string, unknown>;
const str = (s: string) => ({ string_value: s });
const int = (n: number) => ({ int_value: n });
const map = (fields: Record<string, unknown>) => ({ map_value: { fields } });
const person = (uid: string, role: string) =>
  map({
    uid: str(uid),
    token: map({ user_id: str(uid), role: str(role), status: str('approved') }),
  });
/** profiles/{uid} as Firestore holds them: `m` a manager, `x` a manager revoked since. */
const profileFields = (role: string, status: string) => ({
  role: { stringValue: role },
  status: { stringValue: status },
});
const PROFILES: Record<string, Record<string, unknown>> = {
  m: profileFields('manager', 'approved'),
  x: profileFields('manager', 'rejected'),
  r: profileFields('retailer', 'approved'),
};
const file = (size: number, contentType: string) =>
  map({ size: int(size), contentType: str(contentType), name: str('x') });

function rules() {
  const out: Message[] = [];
  const runtime = new StorageRulesRuntime({
    send: (line) => out.push(JSON.parse(line) as Message),
    log: () => undefined,
  });
  runtime.handleLine(
    JSON.stringify({
      action: 'load_ruleset',
      id: 0,
      context: { rulesetName: 'r', source: { files: [{ name: 'storage.rules', content: RULES }] } },
    }),
  );
  expect(out[0]).toMatchObject({ status: 'ok', errors: [] });
  let id = 1;
  return (path: string, method: string, request: Record<string, unknown>): boolean => {
    runtime.handleLine(
      JSON.stringify({
        action: 'verify',
        id: id++,
        context: {
          rulesetName: 'r',
          service: 'firebase.storage',
          path: `/b/demo.appspot.com/o/${path}`,
          method,
          variables: {
            resource: { null_value: null },
            request: map({ time: { timestamp_value: new Date().toISOString() }, ...request }),
          },
        },
      }),
    );
    // The rules read the caller's profile (isManager): firebase-tools' answer, from PROFILES.
    for (;;) {
      const asked = out[out.length - 1] as { action?: string; context?: { path?: string } };
      if (asked.action !== 'fetch_firestore_document') break;
      const uid = asked.context?.path?.split('/').at(-1) ?? '';
      const fields = PROFILES[uid];
      runtime.handleLine(
        JSON.stringify(
          fields
            ? { id: id - 1, status: 'ok', result: { fields }, warnings: [], errors: [] }
            : { id: id - 1, status: 'not_found', warnings: [], errors: [] },
        ),
      );
    }
    const reply = out[out.length - 1] as { result?: { permit: boolean } };
    return reply.result?.permit === true;
  };
}

describe('storage.rules: product photos', () => {
  const ORIGINAL = 'product-photos/cups/abc123';
  const SIZE = 'product-photo-sizes/cups/abc123/400.webp';
  const manager = person('m', 'manager');
  const retailer = person('r', 'retailer');

  it('lets a manager upload a JPEG, PNG or WebP under 5 MB', () => {
    const allowed = rules();
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(allowed(ORIGINAL, 'create', { auth: manager, resource: file(MB, type) })).toBe(true);
    }
  });

  it('refuses a GIF, a file of 5 MB or more, a buyer and a visitor', () => {
    const allowed = rules();
    expect(allowed(ORIGINAL, 'create', { auth: manager, resource: file(100, 'image/gif') })).toBe(
      false,
    );
    expect(
      allowed(ORIGINAL, 'create', { auth: manager, resource: file(5 * MB, 'image/jpeg') }),
    ).toBe(false);
    expect(allowed(ORIGINAL, 'create', { auth: retailer, resource: file(100, 'image/jpeg') })).toBe(
      false,
    );
    expect(allowed(ORIGINAL, 'create', { resource: file(100, 'image/jpeg') })).toBe(false);
  });

  it('refuses a manager revoked since their token was minted (the profile says rejected)', () => {
    const allowed = rules();
    const revoked = person('x', 'manager');
    expect(allowed(ORIGINAL, 'create', { auth: revoked, resource: file(MB, 'image/jpeg') })).toBe(
      false,
    );
    expect(allowed(ORIGINAL, 'get', { auth: revoked })).toBe(false);
  });

  it('lets only managers read an original, and nobody write a size', () => {
    const allowed = rules();
    expect(allowed(ORIGINAL, 'get', { auth: manager })).toBe(true);
    expect(allowed(ORIGINAL, 'get', { auth: retailer })).toBe(false);
    expect(allowed(SIZE, 'create', { auth: manager, resource: file(100, 'image/webp') })).toBe(
      false,
    );
    expect(allowed(SIZE, 'get', {})).toBe(false);
    expect(
      allowed('somewhere-else/file.jpg', 'create', {
        auth: manager,
        resource: file(1, 'image/jpeg'),
      }),
    ).toBe(false);
  });
});
