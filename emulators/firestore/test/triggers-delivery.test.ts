/**
 * Trigger registration and delivery against a stand-in Functions emulator (a plain HTTP server):
 * what is sent, in what order, retries while the Functions emulator is down, and what bad
 * registrations get. The end-to-end run through firebase-tools is firebase-tools-triggers.test.ts.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { matchDocumentPattern, parseDocumentPattern } from '../src/triggers/document-pattern.js';
import { freePort } from './support/free-port.js';
import { changedFieldPaths } from '../src/triggers/event-payloads.js';
import { EventDelivery } from '../src/triggers/event-delivery.js';
import { firestoreType } from '../src/proto/firestore-proto.js';
import protobuf from 'protobufjs';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const PROJECT = 'demo-trigger-delivery';
const open: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function fakeFunctions(
  port: number,
  answer: (r: Received) => number = () => 200,
): Promise<Received[]> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const r = { url: req.url ?? '', headers: req.headers, body };
      received.push(r);
      res.writeHead(answer(r)).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  open.push({ close: () => new Promise((resolve) => server.close(() => resolve())) });
  return received;
}

async function emulator(functionsPort: number): Promise<FirestoreEmulator> {
  const emu = await startFirestoreEmulator({
    port: 0,
    projectId: PROJECT,
    functionsEmulator: `127.0.0.1:${functionsPort}`,
  });
  open.push({ close: () => emu.stop() });
  return emu;
}

async function registerV2(
  emu: FirestoreEmulator,
  key: string,
  eventType: string,
  document: string,
) {
  return fetch(
    `${emu.url}/emulator/v1/projects/${PROJECT}/eventarcTrigger?eventarcTriggerId=${key}`,
    {
      method: 'POST',
      body: JSON.stringify({
        eventType,
        database: '(default)',
        namespace: '(default)',
        document: { value: document, matchType: document.includes('{') ? 'PATH_PATTERN' : 'EXACT' },
      }),
    },
  );
}

async function write(emu: FirestoreEmulator, writes: unknown[]): Promise<void> {
  const res = await fetch(
    `${emu.url}/v1/projects/${PROJECT}/databases/(default)/documents:commit`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify({ writes }),
    },
  );
  expect(res.status).toBe(200);
}

const docName = (path: string) => `projects/${PROJECT}/databases/(default)/documents/${path}`;

/** Decodes the base64 DocumentEventData body with the Document type (same field numbers). */
function decodeEventData(body: string): { value?: unknown; oldValue?: unknown; mask?: string[] } {
  const reader = protobuf.Reader.create(Buffer.from(body, 'base64'));
  const Doc = firestoreType('Document');
  const out: { value?: unknown; oldValue?: unknown; mask?: string[] } = {};
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const bytes = reader.bytes();
    if (tag >>> 3 === 1) out.value = Doc.toObject(Doc.decode(bytes), { longs: String });
    if (tag >>> 3 === 2) out.oldValue = Doc.toObject(Doc.decode(bytes), { longs: String });
    if (tag >>> 3 === 3) {
      const inner = protobuf.Reader.create(bytes);
      out.mask = [];
      while (inner.pos < inner.len) {
        inner.uint32();
        out.mask.push(inner.string());
      }
    }
  }
  return out;
}

describe('trigger delivery', () => {
  it('posts a binary CloudEvent with the DocumentEventData protobuf after each matching commit', async () => {
    const port = await freePort();
    const received = await fakeFunctions(port);
    const emu = await emulator(port);
    expect(
      (
        await registerV2(
          emu,
          'us-central1-onOrder',
          'google.cloud.firestore.document.v1.written',
          'orders/{id}',
        )
      ).status,
    ).toBe(200);
    await write(emu, [
      {
        update: {
          name: docName('orders/o1'),
          fields: { total: { integerValue: '5' }, note: { stringValue: 'a' } },
        },
      },
    ]);
    await write(emu, [
      {
        update: {
          name: docName('orders/o1'),
          fields: { total: { integerValue: '6' }, note: { stringValue: 'a' } },
        },
      },
    ]);
    await write(emu, [{ update: { name: docName('other/x'), fields: {} } }]);
    await emu.triggersIdle();
    expect(received).toHaveLength(2);
    const [created, updated] = received as [Received, Received];
    expect(created.url).toBe(`/functions/projects/${PROJECT}/triggers/us-central1-onOrder`);
    expect(created.headers).toMatchObject({
      'content-type': 'application/protobuf',
      'ce-specversion': '1.0',
      'ce-type': 'google.cloud.firestore.document.v1.written',
      'ce-source': `//firestore.googleapis.com/projects/${PROJECT}/databases/(default)`,
      'ce-subject': 'documents/orders/o1',
      'ce-document': 'orders/o1',
      'ce-database': '(default)',
      'ce-namespace': '(default)',
    });
    expect(created.headers['ce-id']).not.toBe(updated.headers['ce-id']);
    const first = decodeEventData(created.body);
    expect(first.oldValue).toBeUndefined();
    expect(first.value).toMatchObject({
      name: docName('orders/o1'),
      fields: { total: { integerValue: '5' } },
    });
    const second = decodeEventData(updated.body);
    expect(second.oldValue).toMatchObject({ fields: { total: { integerValue: '5' } } });
    expect(second.value).toMatchObject({ fields: { total: { integerValue: '6' } } });
    expect(second.mask).toEqual(['total']);
  });

  it('keeps retrying while the Functions emulator is down and delivers once it is up, in order', async () => {
    const port = await freePort();
    const emu = await emulator(port);
    await registerV2(emu, 'k', 'google.cloud.firestore.document.v1.written', 'counters/c');
    for (const n of [1, 2, 3]) {
      await write(emu, [
        { update: { name: docName('counters/c'), fields: { n: { integerValue: String(n) } } } },
      ]);
    }
    await new Promise((r) => setTimeout(r, 400)); // several failed attempts
    const received = await fakeFunctions(port);
    await emu.triggersIdle();
    const values = received.map(
      (r) =>
        (decodeEventData(r.body).value as { fields: { n: { integerValue: string } } }).fields.n
          .integerValue,
    );
    expect(values).toEqual(['1', '2', '3']);
  });

  it('drops an event whose function failed (HTTP 500) without blocking the next one', async () => {
    const port = await freePort();
    let calls = 0;
    const received = await fakeFunctions(port, () => (++calls === 1 ? 500 : 200));
    const emu = await emulator(port);
    await registerV2(emu, 'k', 'google.cloud.firestore.document.v1.created', 'inbox/{id}');
    await write(emu, [{ update: { name: docName('inbox/a'), fields: {} } }]);
    await write(emu, [{ update: { name: docName('inbox/b'), fields: {} } }]);
    await emu.triggersIdle();
    expect(received.map((r) => r.headers['ce-document']).sort()).toEqual(['inbox/a', 'inbox/b']);
  });

  it('sends nothing for a commit that fails', async () => {
    const port = await freePort();
    const received = await fakeFunctions(port);
    const emu = await emulator(port);
    await registerV2(emu, 'k', 'google.cloud.firestore.document.v1.created', 'inbox/{id}');
    const res = await fetch(
      `${emu.url}/v1/projects/${PROJECT}/databases/(default)/documents:commit`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer owner' },
        body: JSON.stringify({
          writes: [
            { update: { name: docName('inbox/ok'), fields: {} } },
            {
              update: { name: docName('inbox/missing'), fields: {} },
              currentDocument: { exists: true },
            },
          ],
        }),
      },
    );
    expect(res.status).toBe(404);
    await emu.triggersIdle();
    expect(received).toHaveLength(0);
  });
});

describe('trigger registration', () => {
  it('answers 400 to a malformed registration and registers nothing', async () => {
    const port = await freePort();
    const emu = await emulator(port);
    const bad = [
      {
        eventType: 'google.cloud.firestore.document.v1.exploded',
        database: '(default)',
        document: { value: 'a/{b}' },
      },
      { eventType: 'google.cloud.firestore.document.v1.created', document: { value: 'a/{b}' } },
      {
        eventType: 'google.cloud.firestore.document.v1.created',
        database: '(default)',
        document: { value: 'a/{b', matchType: 'PATH_PATTERN' },
      },
      {
        eventType: 'google.cloud.firestore.document.v1.created',
        database: '(default)',
        document: { value: 'a/{b}', matchType: 'EXACT' },
      },
    ];
    for (const body of bad) {
      const res = await fetch(
        `${emu.url}/emulator/v1/projects/${PROJECT}/eventarcTrigger?eventarcTriggerId=k`,
        {
          method: 'POST',
          body: JSON.stringify(body),
        },
      );
      expect(res.status).toBe(400);
    }
    const notJson = await fetch(`${emu.url}/emulator/v1/projects/${PROJECT}/triggers/k`, {
      method: 'PUT',
      body: '{',
    });
    expect(notJson.status).toBe(400);
    const list = await fetch(`${emu.url}/emulator/v1/projects/${PROJECT}/triggers`);
    expect(await list.json()).toEqual({ triggers: [] });
  });

  it('replaces a trigger registered again under the same key and unregisters on DELETE', async () => {
    const port = await freePort();
    const emu = await emulator(port);
    await registerV2(emu, 'k', 'google.cloud.firestore.document.v1.created', 'a/{b}');
    await registerV2(emu, 'k', 'google.cloud.firestore.document.v1.deleted', 'c/{d}');
    const list = (await (
      await fetch(`${emu.url}/emulator/v1/projects/${PROJECT}/triggers`)
    ).json()) as { triggers: unknown[] };
    expect(list.triggers).toEqual([
      {
        key: 'k',
        eventType: 'google.cloud.firestore.document.v1.deleted',
        database: '(default)',
        document: 'c/{d}',
      },
    ]);
    await fetch(`${emu.url}/emulator/v1/projects/${PROJECT}/triggers/k`, { method: 'DELETE' });
    expect(
      await (await fetch(`${emu.url}/emulator/v1/projects/${PROJECT}/triggers`)).json(),
    ).toEqual({ triggers: [] });
  });
});

describe('document patterns and update masks', () => {
  it('matches single-segment and trailing multi-segment wildcards', () => {
    const p = parseDocumentPattern('users/{uid}/orders/{orderId}');
    expect(matchDocumentPattern(p, 'users/u1/orders/o1')).toEqual({ uid: 'u1', orderId: 'o1' });
    expect(matchDocumentPattern(p, 'users/u1/orders')).toBeNull();
    expect(matchDocumentPattern(p, 'users/u1/carts/o1')).toBeNull();
    expect(matchDocumentPattern(p, 'users/u1/orders/o1/lines/l1')).toBeNull();
    const deep = parseDocumentPattern('users/{uid}/{rest=**}');
    expect(matchDocumentPattern(deep, 'users/u1/orders/o1/lines/l1')).toEqual({
      uid: 'u1',
      rest: 'orders/o1/lines/l1',
    });
    expect(() => parseDocumentPattern('a/{rest=**}/b')).toThrow(/must be last/);
  });

  it('lists the changed field paths, inside maps too, quoting odd names', () => {
    expect(
      changedFieldPaths(
        {
          a: { integerValue: '1' },
          m: { mapValue: { fields: { x: { stringValue: 'x' }, y: { nullValue: null } } } },
          gone: { booleanValue: true },
        },
        {
          a: { integerValue: '1' },
          m: { mapValue: { fields: { x: { stringValue: 'z' }, y: { nullValue: null } } } },
          'new-field': { integerValue: '2' },
        },
      ),
    ).toEqual(['gone', 'm.x', '`new-field`']);
  });
});

describe('delivery concurrency', () => {
  it('sends at most maxInFlight events at once, however many documents a commit touched', async () => {
    const port = await freePort();
    let now = 0;
    let most = 0;
    let served = 0;
    const server = http.createServer((req, res) => {
      now += 1;
      most = Math.max(most, now);
      req.resume();
      setTimeout(() => {
        now -= 1;
        served += 1;
        res.writeHead(200).end('{}');
      }, 15);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    open.push({ close: () => new Promise((resolve) => server.close(() => resolve())) });
    const delivery = new EventDelivery({
      target: { host: '127.0.0.1', port },
      log: () => undefined,
      maxInFlight: 3,
    });
    for (let i = 0; i < 30; i++) {
      delivery.enqueue(`doc-${i}`, '/fn', { headers: {}, body: '{}' }, `event ${i}`);
    }
    await delivery.idle();
    expect(served).toBe(30);
    expect(delivery.stats.delivered).toBe(30);
    expect(most).toBe(3);
  });

  it('reports the events still to deliver, so a test can wait for a bulk write to be handled', async () => {
    const port = await freePort();
    const received = await fakeFunctions(port);
    const emu = await emulator(port);
    await registerV2(
      emu,
      'us-central1-onItem',
      'google.cloud.firestore.document.v1.written',
      'items/{id}',
    );
    const writes = Array.from({ length: 40 }, (_, i) => ({
      update: { name: docName(`items/i${i}`), fields: { n: { integerValue: String(i) } } },
    }));
    await write(emu, writes);
    const status = async () =>
      (await (
        await fetch(`${emu.url}/emulator/v1/projects/${PROJECT}/triggerDeliveries`)
      ).json()) as { pending: number; delivered: number };
    expect((await status()).pending).toBeGreaterThan(0);
    await expect.poll(async () => (await status()).pending, { timeout: 10_000 }).toBe(0);
    expect((await status()).delivered).toBe(40);
    expect(received).toHaveLength(40);
  });
});
