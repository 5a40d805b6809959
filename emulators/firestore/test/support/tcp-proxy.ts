/**
 * A TCP proxy in front of the emulator, to cut clients' connections the way a network drop or a
 * server restart does. `dropAll()` destroys every proxied connection (both sides: the emulator sees
 * its HTTP/2 session die, the client sees a reset). While `hold()` is in effect, new connections are
 * accepted but not forwarded until `release()`, so writes can be made while a listener is away.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections currently open through the proxy. */
  readonly connections: number;
  /** Every connection accepted so far. */
  readonly accepted: number;
  dropAll(): void;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(host: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream?: net.Socket }>();
  let held = false;
  let accepted = 0;
  const waiting: (() => void)[] = [];

  const server = net.createServer((client) => {
    accepted += 1;
    const pair: { client: net.Socket; upstream?: net.Socket } = { client };
    pairs.add(pair);
    client.pause();
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    const connect = (): void => {
      if (client.destroyed) return;
      const upstream = net.connect(targetPort, host);
      pair.upstream = upstream;
      upstream.on('error', () => client.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    };
    if (held) waiting.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address() as net.AddressInfo;

  return {
    port: address.port,
    get connections() {
      return pairs.size;
    },
    get accepted() {
      return accepted;
    },
    dropAll() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
    },
    hold() {
      held = true;
    },
    release() {
      held = false;
      for (const connect of waiting.splice(0)) connect();
    },
    close: () =>
      new Promise<void>((resolve) => {
        held = false;
        waiting.length = 0;
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
