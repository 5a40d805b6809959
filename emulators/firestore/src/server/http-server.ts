/**
 * One TCP port for both protocols: the first bytes of a connection decide. The HTTP/2 preface goes
 * to the gRPC server (h2c), anything else to the HTTP/1.1 REST server.
 */
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { FirestoreError } from '../store/errors.js';
import type { EmulatorContext } from './emulator-context.js';
import { handleGrpc } from './grpc-handler.js';
import { handleRest } from './rest-handler.js';

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export async function listen(
  ctx: EmulatorContext,
  host: string,
  port: number,
): Promise<RunningServer> {
  const h1 = http.createServer((req, res) => {
    handleRest(ctx, req, res).catch((error: unknown) => {
      ctx.log(`REST handler failed: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  h1.keepAliveTimeout = 60_000;
  const h2 = http2.createServer();
  h2.on('stream', (stream, headers) => {
    const type = String(headers['content-type'] ?? '');
    if (type.startsWith('application/grpc')) handleGrpc(ctx, stream, headers);
    else {
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc+proto',
          'grpc-status': String(new FirestoreError('UNIMPLEMENTED', '').code),
        },
        { endStream: true },
      );
    }
  });
  h2.on('sessionError', () => undefined);

  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setNoDelay(true);
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const n = Math.min(buffered.length, PREFACE.length);
      const isH2 = buffered.subarray(0, n).equals(PREFACE.subarray(0, n));
      if (isH2 && buffered.length < PREFACE.length) return; // wait for the whole preface
      socket.removeListener('data', onData);
      socket.pause();
      socket.unshift(buffered);
      if (isH2) {
        // The HTTP/2 session reads what is still buffered on the socket, then the handle itself.
        h2.emit('connection', socket);
      } else {
        h1.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });

  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, host, () => {
      front.removeListener('error', reject);
      resolve();
    });
  });
  const address = front.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        front.close(() => resolve());
        h1.closeAllConnections();
      }),
  };
}
