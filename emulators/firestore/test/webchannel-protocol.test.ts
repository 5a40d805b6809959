// The WebChannel wire (closure library BrowserChannel, VER=8) as the full web SDK's client
// (`@firebase/webchannel-wrapper`) reads it, driven raw: the handshake answer `[[0,["c",sid,...]]]`,
// length-prefixed chunks, forward answers `[backChannelPresent, lastArrayId, outstandingBytes]`,
// unacknowledged arrays sent again on the next back channel, long-poll noops, `TYPE=terminate`,
// `400 ... Unknown SID` (which the client must find past the start of the body), stream errors as
// `[{"error":{code,message,status}}]` and the proto3 JSON the SDK's serializer expects
// (`targetChangeType` names, timestamps and resume tokens as strings). Always this package.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { uniqueProjectId } from './support/target.js';

let emulator: FirestoreEmulator;
const projectId = uniqueProjectId('webchannel-wire');
const database = `projects/${projectId}/databases/(default)`;
const docName = (path: string): string => `${database}/documents/${path}`;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, projectId, log: () => undefined });
});
afterAll(async () => {
  await emulator.stop();
});

const channelUrl = (kind: string, params: Record<string, string>): string =>
  `${emulator.url}/google.firestore.v1.Firestore/${kind}/channel?${new URLSearchParams({
    VER: '8',
    database,
    ...params,
  }).toString()}`;

/** Splits `<length>\n<json>` chunks, checking each length. */
function chunks(text: string): unknown[] {
  const out: unknown[] = [];
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    expect(nl).toBeGreaterThan(at);
    const length = Number(text.slice(at, nl));
    const body = text.slice(nl + 1, nl + 1 + length);
    expect(body.length).toBe(length);
    out.push(JSON.parse(body));
    at = nl + 1 + length;
  }
  return out;
}

type Arrays = [number, unknown[]][];

function form(messages: unknown[], ofs: number, headers?: string): string {
  const parts = headers === undefined ? [] : [`headers=${encodeURIComponent(headers)}`];
  parts.push(`count=${messages.length}`, `ofs=${ofs}`);
  messages.forEach((m, i) =>
    parts.push(`req${i}___data__=${encodeURIComponent(JSON.stringify(m))}`),
  );
  return parts.join('&');
}

async function post(
  kind: string,
  params: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(channelUrl(kind, params), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: res.status, text: await res.text() };
}

async function handshake(kind: string, first: unknown[], auth = 'Bearer owner'): Promise<string> {
  const res = await post(
    kind,
    { RID: '1000', CVER: '22', 'X-HTTP-Session-Id': 'gsessionid' },
    form(first, 0, `Authorization:${auth}\r\nX-Goog-Api-Client:gl-js/ fire/test\r\n`),
  );
  expect(res.status).toBe(200);
  const [arrays] = chunks(res.text) as [Arrays];
  expect(arrays).toHaveLength(1);
  const [id, c] = arrays[0] as [number, unknown[]];
  expect(id).toBe(0);
  expect(c[0]).toBe('c');
  expect(c[2]).toBe('');
  expect(c[3]).toBe(8);
  return c[1] as string;
}

/** A long-poll back channel (CI=1): one batch of arrays, then the response ends. */
async function poll(kind: string, sid: string, aid: number): Promise<Arrays> {
  const res = await fetch(
    channelUrl(kind, {
      RID: 'rpc',
      SID: sid,
      AID: String(aid),
      CI: '1',
      TYPE: 'xmlhttp',
      TO: '1000',
    }),
  );
  expect(res.status).toBe(200);
  return (chunks(await res.text()) as Arrays[]).flat();
}

/** Polls until `until` holds for the arrays gathered, acknowledging as the client does. */
async function gather(
  kind: string,
  sid: string,
  until: (messages: Record<string, unknown>[]) => boolean,
): Promise<{ arrays: Arrays; messages: Record<string, unknown>[] }> {
  const arrays: Arrays = [];
  let aid = 0;
  for (let i = 0; i < 40; i += 1) {
    for (const array of await poll(kind, sid, aid)) {
      arrays.push(array);
      aid = array[0];
    }
    const messages = arrays
      .map((a) => a[1][0])
      .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null);
    if (until(messages)) return { arrays, messages };
  }
  throw new Error(`not seen: ${JSON.stringify(arrays)}`);
}

const listenTarget = {
  database,
  addTarget: { documents: { documents: [docName('wire/a')] }, targetId: 2 },
};
const isNoChange = (m: Record<string, unknown>): boolean =>
  (m['targetChange'] as { targetChangeType?: string } | undefined)?.targetChangeType ===
  'NO_CHANGE';

describe('WebChannel wire', () => {
  it('handshake, proto3 JSON listen answers, acknowledgement and resending', async () => {
    const sid = await handshake('Listen', [listenTarget]);
    const first = await gather('Listen', sid, (ms) => ms.some(isNoChange));
    const types = first.messages.map(
      (m) => (m['targetChange'] as { targetChangeType?: string } | undefined)?.targetChangeType,
    );
    expect(types).toContain('ADD');
    expect(types).toContain('CURRENT');
    const global = first.messages.find(isNoChange) as { targetChange: Record<string, unknown> };
    expect(typeof global.targetChange['readTime']).toBe('string');
    expect(global.targetChange['resumeToken']).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(first.arrays.map((a) => a[0])).toEqual(first.arrays.map((_, i) => i + 1));

    // Not acknowledged (AID=0 again): every array comes again, with the same ids.
    const again = await poll('Listen', sid, 0);
    expect(again.map((a) => a[0])).toEqual(first.arrays.map((a) => a[0]));

    // Acknowledged: the poll waits, and a commit reaches it.
    const last = (first.arrays[first.arrays.length - 1] as [number, unknown[]])[0];
    const waiting = poll('Listen', sid, last);
    const commit = await fetch(`${emulator.url}/v1/${database}/documents:commit`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        writes: [{ update: { name: docName('wire/a'), fields: { n: { integerValue: '1' } } } }],
      }),
    });
    expect(commit.status).toBe(200);
    const change = (await waiting).map((a) => a[1][0] as Record<string, unknown>);
    expect(change[0]?.['documentChange']).toMatchObject({
      document: { name: docName('wire/a'), fields: { n: { integerValue: '1' } } },
      targetIds: [2],
    });

    // A forward request is answered [backChannelPresent, lastArrayId, outstandingBytes].
    const forward = await post(
      'Listen',
      { SID: sid, RID: '1001', AID: String(last) },
      form([{ database, removeTarget: 2 }], 1),
    );
    const [ack] = chunks(forward.text) as [number[]];
    expect(ack).toHaveLength(3);
    expect([0, 1]).toContain(ack[0]);
    expect(ack[1]).toBeGreaterThan(last);
    expect(ack[2]).toBe(0);
  });

  it('an idle long poll ends with a noop; terminate ends the session with Unknown SID', async () => {
    const sid = await handshake('Listen', []);
    const started = Date.now();
    const idle = await poll('Listen', sid, 0);
    expect(idle).toHaveLength(1);
    expect((idle[0] as [number, unknown[]])[1]).toEqual(['noop']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const end = await fetch(channelUrl('Listen', { SID: sid, RID: '1002', TYPE: 'terminate' }), {
      method: 'POST',
    });
    expect(end.status).toBe(200);
    for (const res of [
      await fetch(
        channelUrl('Listen', { RID: 'rpc', SID: sid, AID: '0', CI: '0', TYPE: 'xmlhttp' }),
      ),
      await fetch(channelUrl('Listen', { SID: sid, RID: '1003', AID: '0' }), {
        method: 'POST',
        body: 'count=0',
      }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.text()).indexOf('Unknown SID')).toBeGreaterThan(0);
    }
  });

  it('Write: handshake answer, a batch, and a failed batch as an error message', async () => {
    const sid = await handshake('Write', [{ database }]);
    const hello = await gather('Write', sid, (ms) => ms.length > 0);
    expect(hello.messages[0]).toMatchObject({ streamId: expect.any(String) as unknown });
    const token = hello.messages[0]?.['streamToken'] as string;
    expect(token).toMatch(/^[A-Za-z0-9+/]+=*$/);

    await post(
      'Write',
      { SID: sid, RID: '1001', AID: String(hello.arrays.length) },
      form(
        [
          {
            streamToken: token,
            writes: [{ update: { name: docName('wire/w'), fields: {} } }],
          },
          {
            streamToken: token,
            writes: [
              {
                update: { name: docName('wire/w'), fields: {} },
                currentDocument: { exists: false },
              },
            ],
          },
        ],
        1,
      ),
    );
    const after = await gather('Write', sid, (ms) => ms.some((m) => 'error' in m));
    const results = after.messages.filter((m) => 'writeResults' in m);
    expect(results).toHaveLength(1);
    expect(typeof results[0]?.['commitTime']).toBe('string');
    expect(after.messages.find((m) => 'error' in m)).toEqual({
      error: {
        code: 6,
        status: 'ALREADY_EXISTS',
        message: expect.stringContaining('wire/w') as unknown,
      },
    });
  });

  it('an invalid token fails the stream with INVALID_ARGUMENT', async () => {
    const sid = await handshake('Listen', [listenTarget], 'Bearer not-a-jwt');
    const { messages } = await gather('Listen', sid, (ms) => ms.length > 0);
    expect(messages[0]).toEqual({
      error: { code: 3, status: 'INVALID_ARGUMENT', message: 'invalid jwt' },
    });
  });

  it('answers CORS from another origin, as the REST routes do', async () => {
    const preflight = await fetch(channelUrl('Listen', { RID: '1', CVER: '22' }), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const local = await fetch(channelUrl('Listen', { RID: 'rpc', SID: 'x', AID: '0' }), {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(local.status).toBe(400);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
