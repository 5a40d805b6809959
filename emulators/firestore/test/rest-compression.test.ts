// The wire format of REST answers: gzip for a client that asks, as Cloud Firestore's front end
// answers a browser (this emulator's own behaviour, so it runs against this emulator only).
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { acceptsGzip, GZIP_FROM_BYTES } from '../src/server/rest-format.js';

const projectId = 'demo-rest-compression';
let emulator: FirestoreEmulator;
beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, projectId });
  const writes = Array.from({ length: 40 }, (_, i) => ({
    update: {
      name: `projects/${projectId}/databases/(default)/documents/products/p${i}`,
      fields: { name: { stringValue: `Product number ${i} with a name long enough` } },
    },
  }));
  const res = await fetch(
    `${emulator.url}/v1/projects/${projectId}/databases/(default)/documents:commit`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ writes }),
    },
  );
  if (res.status !== 200) throw new Error(await res.text());
});
afterAll(async () => {
  await emulator.stop();
});

/** A raw request (fetch would decode the body and hide the encoding). */
function raw(
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const url = new URL(
      `/v1/projects/${projectId}/databases/(default)/documents${path}`,
      emulator.url,
    );
    const req = request(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const QUERY = { structuredQuery: { from: [{ collectionId: 'products' }] } };

describe('REST answers on the wire', () => {
  it('gzips a large answer for a client that accepts gzip, with the same JSON inside', async () => {
    const plain = await raw(':runQuery', {}, QUERY);
    const zipped = await raw(':runQuery', { 'accept-encoding': 'gzip, deflate, br' }, QUERY);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(GZIP_FROM_BYTES);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    const inside = JSON.parse(gunzipSync(zipped.body).toString('utf8')) as unknown[];
    expect(inside).toHaveLength(40);
    expect(inside).toEqual(
      (JSON.parse(plain.body.toString('utf8')) as { readTime: string }[]).map((entry, i) => ({
        ...entry,
        readTime: (inside[i] as { readTime: string }).readTime,
      })),
    );
  });

  it('sends small answers and gzip-refusing clients plain bytes', async () => {
    const small = await raw('/products/p1', { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await raw(':runQuery', { 'accept-encoding': 'gzip;q=0, identity' }, QUERY);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString('utf8'))).toHaveLength(40);
  });

  it('reads Accept-Encoding as HTTP does', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
