// The server survives bad input on both protocols and never loses stored data.
import http2 from 'node:http2';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('robust');
  await rest(target, 'PATCH', '/keep/me', { body: { fields: { v: { integerValue: '1' } } } });
});
afterAll(async () => {
  await target.close();
});

function grpcCall(
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: string | undefined; message: string | undefined }> {
  return new Promise((resolve, reject) => {
    const client = http2.connect(target.url);
    client.on('error', reject);
    const req = client.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
      authorization: 'Bearer owner',
      ...headers,
    });
    let status: string | undefined;
    let message: string | undefined;
    const take = (h: http2.IncomingHttpHeaders): void => {
      if (h['grpc-status'] !== undefined) status = String(h['grpc-status']);
      if (h['grpc-message'] !== undefined) message = decodeURIComponent(String(h['grpc-message']));
    };
    req.on('response', take);
    req.on('trailers', take);
    req.on('data', () => undefined);
    req.on('end', () => {
      client.close();
      resolve({ status, message });
    });
    req.end(body);
  });
}

function framed(payload: Buffer): Buffer {
  const out = Buffer.alloc(5 + payload.length);
  out.writeUInt32BE(payload.length, 1);
  payload.copy(out, 5);
  return out;
}

describe('robustness', () => {
  it('an unknown gRPC method is UNIMPLEMENTED', async () => {
    const res = await grpcCall(
      '/google.firestore.v1.Firestore/NoSuchMethod',
      framed(Buffer.alloc(0)),
    );
    expect(res.status).toBe('12');
  });

  it('a garbage protobuf payload is an error status, not a crash', async () => {
    const res = await grpcCall(
      '/google.firestore.v1.Firestore/Commit',
      framed(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f])),
    );
    expect(res.status).not.toBe('0');
    expect(res.status).toBeDefined();
  });

  it('a gRPC GetDocument with a bad name is INVALID_ARGUMENT with the official message', async () => {
    const name = `projects/${target.projectId}/databases/(default)/documents/c`;
    const payload = Buffer.concat([
      Buffer.from([0x0a, Buffer.byteLength(name)]),
      Buffer.from(name),
    ]);
    const res = await grpcCall('/google.firestore.v1.Firestore/GetDocument', framed(payload));
    expect(res.status).toBe('3');
    expect(res.message).toBe(`Document name "${name}" lacks "/" at index ${name.length}.`);
  });

  it('random bytes on the socket do not take the server down', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(target.port, target.host, () => {
        socket.write(Buffer.from([0, 1, 2, 3, 255, 254, 13, 10, 13, 10]));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on('error', () => resolve());
    });
    expect((await rest(target, 'GET', '/keep/me')).status).toBe(200);
  });

  it('a truncated HTTP/2 preface does not take the server down', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(target.port, target.host, () => {
        socket.end('PRI * HTTP/2.0\r\n');
        setTimeout(resolve, 50);
      });
      socket.on('error', () => resolve());
    });
    expect((await rest(target, 'GET', '/keep/me')).status).toBe(200);
  });

  it('a value without a type is rejected and stored data is intact', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: { writes: [{ update: { name: docName(target, 'keep/me'), fields: { v: {} } } }] },
    });
    expect(res.status).toBe(400);
    const doc = await rest(target, 'GET', '/keep/me');
    expect(doc.json<{ fields: unknown }>().fields).toEqual({ v: { integerValue: '1' } });
  });

  it('an integerValue out of int64 range is rejected', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          {
            update: {
              name: docName(target, 'keep/big'),
              fields: { v: { integerValue: '9223372036854775808' } },
            },
          },
        ],
      },
    });
    expect(res.status).toBe(400);
  });

  it('a bad timestamp value is rejected', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          {
            update: { name: docName(target, 'keep/ts'), fields: { v: { timestampValue: 'soon' } } },
          },
        ],
      },
    });
    expect(res.status).toBe(400);
  });
});
