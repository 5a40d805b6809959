/**
 * A throwaway self-signed certificate for localhost and 127.0.0.1, made with openssl into a
 * folder of the caller's: `npm run perf` serves the build over HTTP/2 with it (browsers speak
 * HTTP/2 only over TLS), and its Chromium accepts it (--ignore-certificate-errors). Never for
 * anything but this machine's loopback.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface LocalTls {
  keyFile: string;
  certFile: string;
}

export function makeLocalCertificate(dir: string): LocalTls {
  const keyFile = path.join(dir, 'localhost-key.pem');
  const certFile = path.join(dir, 'localhost-cert.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (result.error || result.status !== 0) {
    throw new Error(
      `openssl could not make the local certificate (apt-get install -y openssl): ${
        result.error?.message ?? result.stderr
      }`,
    );
  }
  return { keyFile, certFile };
}
