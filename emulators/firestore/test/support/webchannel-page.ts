/**
 * A browser page running the full web SDK (`firebase/app` + `firebase/firestore`, the npm package
 * the web app uses), bundled with esbuild at test time and served from its own small HTTP server
 * (another origin than the emulator). In a browser the SDK talks WebChannel to the emulator.
 * The page exposes `window.harness` (below) for the tests to drive with `page.evaluate`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What the page does; every call takes a client name so several Firestore instances can coexist. */
const ENTRY = `
import { initializeApp } from 'firebase/app';
import {
  collection, deleteDoc, doc, getDocs, initializeFirestore, connectFirestoreEmulator,
  onSnapshot, runTransaction, setDoc, setLogLevel, terminate,
} from 'firebase/firestore';

setLogLevel('silent');
const clients = new Map();
const now = () => performance.timeOrigin + performance.now();

window.harness = {
  // transport: 'auto' (the SDK's default negotiation), 'streaming' or 'long-polling'.
  open(name, { host, port, projectId, transport, uid }) {
    const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, name);
    const settings =
      transport === 'long-polling'
        ? { experimentalForceLongPolling: true }
        : transport === 'streaming'
          ? { experimentalAutoDetectLongPolling: false }
          : { experimentalAutoDetectLongPolling: true };
    const db = initializeFirestore(app, settings);
    connectFirestoreEmulator(db, host, port, uid ? { mockUserToken: { sub: uid, user_id: uid } } : {});
    clients.set(name, { db, events: [], errors: [], unsubscribes: [] });
  },
  // Every change a query listener sees: { type, id, data, at, fromCache }.
  listen(name, path) {
    const c = clients.get(name);
    c.unsubscribes.push(
      onSnapshot(
        collection(c.db, path),
        (snap) => {
          const at = now();
          for (const change of snap.docChanges())
            c.events.push({ path, type: change.type, id: change.doc.id, data: change.doc.data(), at, fromCache: snap.metadata.fromCache });
          if (snap.docChanges().length === 0) c.events.push({ path, type: 'snapshot', at, fromCache: snap.metadata.fromCache });
        },
        (error) => c.errors.push({ path, code: error.code, message: error.message }),
      ),
    );
  },
  // A document listener with metadata changes: { path, exists, data, pending, fromCache, at }.
  listenDoc(name, path) {
    const c = clients.get(name);
    c.unsubscribes.push(
      onSnapshot(
        doc(c.db, path),
        { includeMetadataChanges: true },
        (snap) =>
          c.events.push({
            path,
            type: 'document',
            id: snap.id,
            exists: snap.exists(),
            data: snap.data(),
            pending: snap.metadata.hasPendingWrites,
            fromCache: snap.metadata.fromCache,
            at: now(),
          }),
        (error) => c.errors.push({ path, code: error.code, message: error.message }),
      ),
    );
  },
  events(name) {
    return clients.get(name).events;
  },
  errors(name) {
    return clients.get(name).errors;
  },
  async set(name, path, data) {
    await setDoc(doc(clients.get(name).db, path), data);
  },
  // 'ok', or the code the SDK rejects the write with.
  async trySet(name, path, data) {
    try {
      await setDoc(doc(clients.get(name).db, path), data);
      return 'ok';
    } catch (error) {
      return error.code;
    }
  },
  async remove(name, path) {
    await deleteDoc(doc(clients.get(name).db, path));
  },
  async list(name, path) {
    const snap = await getDocs(collection(clients.get(name).db, path));
    return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
  },
  async increment(name, path) {
    const db = clients.get(name).db;
    return runTransaction(db, async (tx) => {
      const ref = doc(db, path);
      const snap = await tx.get(ref);
      const next = (snap.exists() ? snap.data().n : 0) + 1;
      tx.set(ref, { n: next });
      return next;
    });
  },
  async closeAll() {
    for (const c of clients.values()) {
      for (const u of c.unsubscribes) u();
      await terminate(c.db);
    }
    clients.clear();
  },
};
`;

export interface HarnessPage {
  url: string;
  close(): Promise<void>;
}

/** Bundles the page and serves it on a free loopback port. */
export async function serveHarnessPage(): Promise<HarnessPage> {
  const dir = mkdtempSync(join(tmpdir(), 'webchannel-page-'));
  writeFileSync(join(dir, 'entry.js'), ENTRY);
  await build({
    entryPoints: [join(dir, 'entry.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    outfile: join(dir, 'bundle.js'),
    nodePaths: [join(REPO_ROOT, 'node_modules')],
    logLevel: 'silent',
  });
  const bundle = readFileSync(join(dir, 'bundle.js'));
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>WebChannel harness</title></head>' +
    '<body><script type="module" src="/bundle.js"></script></body></html>';
  const server = http.createServer((req, res) => {
    if (req.url === '/bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
