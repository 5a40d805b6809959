/**
 * WebChannel: the browser transport of the full web SDK (`firebase/firestore` in a browser), the
 * closure library's WebChannel / BrowserChannel protocol (VER=8) over HTTP/1.1, at
 * `/google.firestore.v1.Firestore/{Listen,Write}/channel`. It carries the proto3 JSON form of the
 * Listen and Write streams, served by the same engine as the gRPC streams (src/engine/listen.ts,
 * src/engine/write-stream.ts).
 *
 * The wire, as the client (`@firebase/webchannel-wrapper`) speaks it:
 * - Forward channel: `POST ...?VER=8&RID=<n>[&SID=<sid>&AID=<last array id seen>]` with a form body
 *   `count=N&ofs=K&req0___data__=<json>&req1___data__=...` (map ids K, K+1, ...). The first one (no
 *   SID) opens the session; its body may start with `headers=<name:value\r\n...>` (the SDK's
 *   `encodeInitMessageHeaders`: Authorization and the like), or the headers come in a URL parameter
 *   (`$httpHeaders`). It is answered `[[0,["c",<sid>,"",8,<server version>]]]`; later ones are
 *   answered `[<back channel attached: 1|0>, <last array id sent>, <outstanding bytes>]`.
 * - Back channel: `GET ...?RID=rpc&SID=<sid>&AID=<n>&CI=0|1&TYPE=xmlhttp`, answered with arrays
 *   `[[<array id>,[<response json>]],...]`. CI=0: one response kept open and written to as answers
 *   come (streaming); CI=1 (long polling, `experimentalForceLongPolling` or a buffering proxy
 *   detected by `experimentalAutoDetectLongPolling`): the response ends after each batch, the
 *   client then asks again. Arrays the client has not acknowledged (AID) are sent again on the
 *   next back channel, so a dropped connection loses nothing. `["noop"]` keeps an idle channel alive.
 * - `TYPE=terminate` closes the session. An unknown or expired session is answered
 *   `400 Unknown SID`; the SDK then opens a new channel and resumes its targets with their tokens.
 * Every payload is a sequence of chunks `<length>\n<json>` (length in characters; the JSON here
 * is ASCII only, so characters and bytes agree).
 *
 * A stream error (a failed Write batch, an invalid request) is sent as `[{"error":{code, message,
 * status}}]`, as the real service does; the SDK then closes the channel.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Caller } from '../engine/caller.js';
import { ListenHub, type ListenRequestJson, type ListenSession } from '../engine/listen.js';
import type { MaybePromise } from '../engine/locks.js';
import type { JsonRecord } from '../engine/service-core.js';
import { WriteSession, type WriteRequestJson } from '../engine/write-stream.js';
import { firestoreType } from '../proto/firestore-proto.js';
import { messageFromJson } from '../proto/json-codec.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import { callerFromAuthorization } from './auth-header.js';
import type { EmulatorContext } from './emulator-context.js';

export const WEBCHANNEL_PREFIX = '/google.firestore.v1.Firestore/';

/** The protocol version the client asks for and we answer (VER=8), and our server version. */
const PROTOCOL_VERSION = 8;
const SERVER_VERSION = 14;
/** A noop on an idle streaming back channel this often (the client's watchdog is 45 s). */
const NOOP_INTERVAL_MS = 20_000;
/** A long poll with nothing to send ends (with a noop) after this (or the client's `TO`). */
const LONG_POLL_MS = 20_000;
/** A session with no back channel and no request for this long is dropped. */
const IDLE_SESSION_MS = 120_000;
/** Unacknowledged arrays kept for resending; past this the session is dropped (the client resumes). */
const MAX_PENDING_CHARS = 32 * 1024 * 1024;
const MAX_BODY_CHARS = 16 * 1024 * 1024;

type Kind = 'Listen' | 'Write';

interface BackChannel {
  res: ServerResponse;
  streaming: boolean;
  timer: NodeJS.Timeout | undefined;
}

interface EngineSession {
  handle(request: JsonRecord): MaybePromise<JsonRecord[]>;
  close(): void;
}

const registries = new WeakMap<EmulatorContext, Map<string, ChannelSession>>();

function registry(ctx: EmulatorContext): Map<string, ChannelSession> {
  let map = registries.get(ctx);
  if (!map) {
    map = new Map();
    registries.set(ctx, map);
  }
  return map;
}

/** JSON with every non-ASCII character escaped, so a chunk's length in characters is its byte length. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function chunk(text: string): string {
  return `${text.length}\n${text}`;
}

function errorJson(error: FirestoreError): JsonRecord {
  return { error: { code: error.code, message: error.message, status: error.status } };
}

class ChannelSession {
  readonly sid = randomBytes(12).toString('base64url');
  private nextArrayId = 1;
  /** Arrays sent or to send, not yet acknowledged by the client (ids ascending). */
  private pending: { id: number; text: string }[] = [];
  private pendingChars = 0;
  /** The highest array id already written to some back channel. */
  private lastWritten = 0;
  private lastMapId = -1;
  private back: BackChannel | undefined;
  private backDetachedAt = Date.now();
  private lastSeen = Date.now();
  private idleTimer: NodeJS.Timeout;
  private flushScheduled = false;
  private closed = false;
  private failed = false;
  private readonly queued: JsonRecord[] = [];
  private busy = false;
  private engine: EngineSession | undefined;

  constructor(
    private readonly ctx: EmulatorContext,
    readonly kind: Kind,
    caller: Caller | FirestoreError,
  ) {
    registry(ctx).set(this.sid, this);
    this.idleTimer = setInterval(() => this.checkIdle(), IDLE_SESSION_MS / 4);
    this.idleTimer.unref();
    if (caller instanceof FirestoreError) {
      this.fail(caller);
      return;
    }
    if (kind === 'Listen') {
      const listen: ListenSession = ListenHub.of(ctx.service, ctx.log).open(caller, (response) =>
        this.enqueue(response),
      );
      this.engine = {
        handle: (r) => {
          listen.handle(r as ListenRequestJson);
          return [];
        },
        close: () => listen.close(),
      };
    } else {
      const write = new WriteSession(ctx.service, caller);
      this.engine = { handle: (r) => write.handle(r as WriteRequestJson), close: () => undefined };
    }
  }

  private checkIdle(): void {
    if (this.back === undefined && Date.now() - this.lastSeen > IDLE_SESSION_MS) this.close();
  }

  touch(): void {
    this.lastSeen = Date.now();
  }

  /** Drops the arrays the client has seen. */
  acknowledge(aid: number): void {
    let n = 0;
    while (n < this.pending.length && (this.pending[n] as { id: number }).id <= aid) {
      this.pendingChars -= (this.pending[n] as { text: string }).text.length;
      n += 1;
    }
    if (n > 0) this.pending.splice(0, n);
  }

  /** Forward channel: the messages of one POST (map id, JSON text), in order. */
  receive(messages: [number, string][]): void {
    for (const [mapId, text] of messages) {
      if (mapId <= this.lastMapId) continue; // a retried forward request
      this.lastMapId = mapId;
      if (this.failed || this.closed) continue;
      let request: JsonRecord;
      try {
        request = messageFromJson(
          firestoreType(`${this.kind}Request`),
          JSON.parse(text) as unknown,
        ) as JsonRecord;
      } catch (error) {
        this.fail(
          error instanceof FirestoreError
            ? error
            : invalidArgument(`Invalid ${this.kind}Request: ${String(error)}`),
        );
        continue;
      }
      this.queued.push(request);
    }
    this.drain();
  }

  /** Requests are handled in order; one answered later (a commit waiting for a lock) holds the rest. */
  private drain(): void {
    while (!this.busy && !this.failed && !this.closed && this.queued.length > 0) {
      const request = this.queued.shift() as JsonRecord;
      let answers: MaybePromise<JsonRecord[]>;
      try {
        answers = (this.engine as EngineSession).handle(request);
      } catch (error) {
        this.failWith(error);
        return;
      }
      if (!(answers instanceof Promise)) {
        for (const response of answers) this.enqueue(response);
        continue;
      }
      this.busy = true;
      answers.then(
        (responses) => {
          this.busy = false;
          for (const response of responses) this.enqueue(response);
          this.drain();
        },
        (error: unknown) => {
          this.busy = false;
          this.failWith(error);
        },
      );
    }
  }

  private failWith(error: unknown): void {
    if (error instanceof FirestoreError) this.fail(error);
    else {
      this.ctx.log(
        `internal WebChannel error in ${this.kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      this.fail(new FirestoreError('INTERNAL', 'Internal error.'));
    }
  }

  /** Ends the stream with an error: sent to the client, which then closes the channel. */
  private fail(error: FirestoreError): void {
    if (this.failed || this.closed) return;
    this.enqueue(errorJson(error));
    this.failed = true;
    this.queued.length = 0;
    this.engine?.close();
  }

  private enqueue(response: JsonRecord): void {
    if (this.closed) return;
    const id = this.nextArrayId++;
    const text = asciiJson([id, [response]]);
    this.pending.push({ id, text });
    this.pendingChars += text.length;
    if (this.pendingChars > MAX_PENDING_CHARS) {
      // The client acknowledges nothing while it only listens over one streaming response; rather
      // than hold an unbounded backlog, end the session: the client opens a new one and resumes.
      this.ctx.log(`WebChannel ${this.kind} session dropped: too much unacknowledged data`);
      this.close();
      return;
    }
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Writes the arrays not yet written to the attached back channel. */
  private flush(): void {
    const back = this.back;
    if (!back) return;
    const fresh = this.pending.filter((p) => p.id > this.lastWritten);
    if (fresh.length === 0) return;
    this.lastWritten = (fresh[fresh.length - 1] as { id: number }).id;
    back.res.write(chunk(`[${fresh.map((p) => p.text).join(',')}]`));
    if (!back.streaming) this.detach(back, true);
    else this.armNoop(back);
  }

  private noop(back: BackChannel): void {
    if (this.back !== back) return;
    // A noop takes an array id like any array; it is not kept for resending.
    const id = this.nextArrayId++;
    this.lastWritten = id;
    back.res.write(chunk(asciiJson([[id, ['noop']]])));
    if (!back.streaming) this.detach(back, true);
    else this.armNoop(back);
  }

  private armNoop(back: BackChannel, ms = NOOP_INTERVAL_MS): void {
    if (back.timer) clearTimeout(back.timer);
    back.timer = setTimeout(() => this.noop(back), ms);
    back.timer.unref();
  }

  private detach(back: BackChannel, end: boolean): void {
    if (back.timer) clearTimeout(back.timer);
    back.timer = undefined;
    if (this.back === back) {
      this.back = undefined;
      this.backDetachedAt = Date.now();
      this.lastSeen = Date.now();
    }
    if (end && !back.res.writableEnded) back.res.end();
  }

  /** A back channel request: replaces any earlier one and gets every array past `aid`. */
  attach(res: ServerResponse, aid: number, streaming: boolean, longPollMs: number): void {
    this.touch();
    this.acknowledge(aid);
    if (this.back) this.detach(this.back, true);
    // Arrays past what the client saw are sent (again) on this one.
    this.lastWritten = aid;
    const back: BackChannel = { res, streaming, timer: undefined };
    this.back = back;
    res.on('close', () => this.detach(back, false));
    res.writeHead(200, channelHeaders());
    if (this.pending.length > 0) {
      this.flush();
      return;
    }
    if (streaming) {
      // Bytes at once tell the client (`detectBufferingProxy`) that no proxy buffers the stream.
      this.noop(back);
    } else {
      this.armNoop(back, longPollMs);
    }
  }

  /** Whether the client's back channel is (about to be) in place, for the forward answers. */
  get backChannelPresent(): boolean {
    return this.back !== undefined || Date.now() - this.backDetachedAt < 3_000;
  }

  get lastArrayId(): number {
    return this.nextArrayId - 1;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.idleTimer);
    registry(this.ctx).delete(this.sid);
    this.engine?.close();
    this.pending = [];
    this.pendingChars = 0;
    if (this.back) this.detach(this.back, true);
  }
}

function channelHeaders(): Record<string, string> {
  return {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
  };
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...channelHeaders(),
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    const buf = part as Buffer;
    size += buf.length;
    if (size > MAX_BODY_CHARS) throw invalidArgument('Request payload too large.');
    chunks.push(buf);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** `name:value\r\n` lines (the SDK's encoded init headers), names lower-cased. */
function parseHeaderBlock(text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!text) return out;
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) out.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return out;
}

/** The forward messages of a form body: `count`, `ofs`, `req<i>___data__`. */
function forwardMessages(form: URLSearchParams): [number, string][] {
  const count = Number(form.get('count') ?? '0');
  const ofs = Number(form.get('ofs') ?? '0');
  const out: [number, string][] = [];
  if (!Number.isInteger(count) || !Number.isInteger(ofs) || count < 0) return out;
  for (let i = 0; i < count; i += 1) {
    const data = form.get(`req${i}___data__`);
    if (data !== null) out.push([ofs + i, data]);
  }
  return out;
}

function callerOf(req: IncomingMessage, url: URL, form: URLSearchParams): Caller | FirestoreError {
  const encoded = parseHeaderBlock(form.get('headers'));
  const overwrite = parseHeaderBlock(url.searchParams.get('$httpHeaders'));
  const header =
    encoded.get('authorization') ?? overwrite.get('authorization') ?? req.headers.authorization;
  try {
    return callerFromAuthorization(header);
  } catch (error) {
    return error instanceof FirestoreError ? error : invalidArgument('invalid jwt');
  }
}

function unknownSid(res: ServerResponse): void {
  // The client recognises the expired session by this text (not at the very start of the body).
  answer(res, 400, 'Error 400 (Bad Request): Unknown SID\n');
}

/** Handles a request under WEBCHANNEL_PREFIX; false when the path is not a channel. */
export async function handleWebChannel(
  ctx: EmulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const m = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/.exec(url.pathname);
  if (!m) return false;
  const kind = m[1] as Kind;
  const params = url.searchParams;
  const sid = params.get('SID');
  const sessions = registry(ctx);
  const method = req.method ?? 'GET';

  if (params.get('TYPE') === 'terminate') {
    if (sid) sessions.get(sid)?.close();
    req.resume();
    answer(res, 200, '');
    return true;
  }

  if (method === 'GET' && params.get('RID') === 'rpc') {
    const session = sid ? sessions.get(sid) : undefined;
    if (!session || session.kind !== kind) {
      unknownSid(res);
      return true;
    }
    const aid = Number(params.get('AID') ?? '-1');
    const to = Number(params.get('TO') ?? '');
    const longPollMs =
      Number.isFinite(to) && to > 0 ? Math.min(Math.max(to, 1_000), LONG_POLL_MS) : LONG_POLL_MS;
    session.attach(res, Number.isFinite(aid) ? aid : -1, params.get('CI') === '0', longPollMs);
    return true;
  }

  if (method !== 'POST') {
    answer(res, 400, 'Error 400 (Bad Request): unsupported WebChannel request\n');
    return true;
  }

  let form: URLSearchParams;
  try {
    form = await readForm(req);
  } catch {
    answer(res, 413, '');
    return true;
  }

  if (!sid) {
    // A new session: the handshake, with the first messages riding along.
    const session = new ChannelSession(ctx, kind, callerOf(req, url, form));
    session.receive(forwardMessages(form));
    answer(
      res,
      200,
      chunk(asciiJson([[0, ['c', session.sid, '', PROTOCOL_VERSION, SERVER_VERSION]]])),
    );
    return true;
  }

  const session = sessions.get(sid);
  if (!session || session.kind !== kind) {
    unknownSid(res);
    return true;
  }
  session.touch();
  const aid = Number(params.get('AID') ?? '-1');
  if (Number.isFinite(aid)) session.acknowledge(aid);
  session.receive(forwardMessages(form));
  answer(res, 200, chunk(asciiJson([session.backChannelPresent ? 1 : 0, session.lastArrayId, 0])));
  return true;
}
