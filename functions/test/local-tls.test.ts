import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeLocalCertificate } from '../../scripts/lib/local-tls';

const dir = mkdtempSync(path.join(tmpdir(), 'local-tls-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run perf's local certificate", () => {
  it('is made for localhost and 127.0.0.1 only, with the key that signs it, for a day', () => {
    const { keyFile, certFile } = makeLocalCertificate(dir);
    const cert = new X509Certificate(readFileSync(certFile));
    expect(cert.subjectAltName?.split(', ').sort()).toEqual([
      'DNS:localhost',
      'IP Address:127.0.0.1',
    ]);
    expect(cert.checkPrivateKey(createPrivateKey(readFileSync(keyFile)))).toBe(true);
    const lifetime = Date.parse(cert.validTo) - Date.parse(cert.validFrom);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  it('says what went wrong when openssl cannot write it', () => {
    expect(() => makeLocalCertificate(path.join(dir, 'missing', 'folder'))).toThrow(
      'openssl could not make the local certificate',
    );
  });
});
