/**
 * The readiness probe of the benchmark: one raw gRPC call over HTTP/2 (no client library, so the
 * figure is the server's): BatchGetDocuments of one missing document, retried until it answers OK.
 * Both emulators are probed with the same bytes.
 */
import http2 from 'node:http2';

/** Protobuf wire format of a message made only of length-delimited string fields. */
function stringFields(fields: [number, string][]): Buffer {
  const parts: Buffer[] = [];
  for (const [no, value] of fields) {
    const bytes = Buffer.from(value, 'utf8');
    const header: number[] = [(no << 3) | 2];
    let n = bytes.length;
    while (n > 0x7f) {
      header.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    header.push(n);
    parts.push(Buffer.from(header), bytes);
  }
  return Buffer.concat(parts);
}

function grpcFrame(message: Buffer): Buffer {
  const out = Buffer.alloc(5 + message.length);
  out.writeUInt32BE(message.length, 1);
  message.copy(out, 5);
  return out;
}

/** One BatchGetDocuments call; resolves with the grpc-status (rejects when the connection fails). */
export function batchGetOnce(port: number, project: string): Promise<string> {
  const database = `projects/${project}/databases/(default)`;
  const body = grpcFrame(
    stringFields([
      [1, database],
      [2, `${database}/documents/probe/missing`],
    ]),
  );
  return new Promise((resolve, reject) => {
    const session = http2.connect(`http://127.0.0.1:${port}`);
    session.on('error', reject);
    const req = session.request({
      ':method': 'POST',
      ':path': '/google.firestore.v1.Firestore/BatchGetDocuments',
      'content-type': 'application/grpc',
      te: 'trailers',
      authorization: 'Bearer owner',
    });
    let status: string | undefined;
    req.on('response', (headers) => {
      if (headers['grpc-status'] !== undefined) status = String(headers['grpc-status']);
    });
    req.on('trailers', (trailers) => {
      status = String(trailers['grpc-status']);
    });
    req.on('data', () => undefined);
    req.on('error', reject);
    req.on('close', () => {
      session.close();
      if (status === undefined) reject(new Error('no grpc-status'));
      else resolve(status);
    });
    req.end(body);
  });
}

/** Retries the call every 2 ms until it answers OK; resolves with the time it first did. */
export async function waitForFirstAnswer(
  port: number,
  project: string,
  timeoutMs = 30_000,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      const status = await batchGetOnce(port, project);
      if (status === '0') return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline)
      throw new Error(`no answer on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}
