/** REST (HTTP/1.1 JSON) front end: the routes Firestore Lite and the Emulator UI use. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../engine/database.js';
import type { Caller } from '../engine/caller.js';
import { FirestoreError, INVALID_PAYLOAD, invalidArgument } from '../store/errors.js';
import type { DocumentMask } from '../engine/service-core.js';
import type { DocumentJson, PreconditionJson } from '../engine/request-types.js';
import { firestoreType } from '../proto/firestore-proto.js';
import { messageFromJson } from '../proto/json-codec.js';
import {
  documentsRoot,
  parseDocumentName,
  parseParentName,
  parseResourceName,
  validateIdSegment,
  type DatabaseName,
  parseDatabaseName,
} from '../store/resource-name.js';
import { writeExport } from '../store/export-layout.js';
import { parseTimestamp, type Micros } from '../store/timestamp.js';
import type { TriggerDispatcher } from '../triggers/index.js';
import { handleTriggerAdmin, type TriggerAdminReply } from '../triggers/trigger-admin.js';
import { callerFromAuthorization } from './auth-header.js';
import { applyCors } from './cors.js';
import type { EmulatorContext } from './emulator-context.js';
import { handleDatabaseResource } from './database-resource.js';
import { errorText, jsonArrayText, jsonText, send } from './rest-format.js';
import { handleWebChannel, WEBCHANNEL_PREFIX } from './webchannel.js';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

class NotFound extends Error {}
class PayloadTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    // Past the limit the rest is read and dropped, so the client gets its 413 instead of a reset.
    if (size <= MAX_BODY_BYTES) chunks.push(buf);
  }
  if (size > MAX_BODY_BYTES) throw new PayloadTooLarge();
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidArgument(INVALID_PAYLOAD);
  }
}

/**
 * The body of a call whose request message has no field (the clear and recursive delete admin
 * calls): nothing or `{}`; anything else is refused as the official emulator refuses a payload it
 * cannot read.
 */
async function readEmptyRequest(req: IncomingMessage): Promise<void> {
  const body = parseJson(await readBody(req));
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length)
    throw invalidArgument(INVALID_PAYLOAD);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidArgument(`Invalid path segment: ${segment}`);
  }
}

function maskParam(params: URLSearchParams, name: string): DocumentMask | undefined {
  return params.has(`${name}.fieldPaths`)
    ? { fieldPaths: params.getAll(`${name}.fieldPaths`) }
    : undefined;
}

function preconditionParams(params: URLSearchParams): PreconditionJson | undefined {
  const exists = params.get('currentDocument.exists');
  const updateTime = params.get('currentDocument.updateTime');
  if (exists !== null) {
    if (exists !== 'true' && exists !== 'false') throw invalidArgument(INVALID_PAYLOAD);
    return { exists: exists === 'true' };
  }
  if (updateTime !== null) {
    if (!parseTimestamp(updateTime)) throw invalidArgument(INVALID_PAYLOAD);
    return { updateTime };
  }
  return undefined;
}

function consistencyParams(params: URLSearchParams): { transaction?: string; readTime?: string } {
  const out: { transaction?: string; readTime?: string } = {};
  const tx = params.get('transaction');
  if (tx !== null) out.transaction = tx;
  const readTime = params.get('readTime');
  if (readTime !== null) out.readTime = readTime;
  return out;
}

type Reply = { kind: 'json'; body: unknown } | { kind: 'array'; body: unknown[] };

async function bodyAs<T>(req: IncomingMessage, typeName: string): Promise<T> {
  const json = parseJson(await readBody(req));
  return messageFromJson(firestoreType(typeName), json) as unknown as T;
}

async function handleVerb(
  ctx: EmulatorContext,
  req: IncomingMessage,
  db: DatabaseName,
  docPath: string,
  verb: string,
  caller: () => Caller,
): Promise<Reply> {
  const service = ctx.service;
  const parentName = docPath === '' ? documentsRoot(db) : `${documentsRoot(db)}/${docPath}`;
  const rootOnly = (): void => {
    if (docPath !== '') throw new NotFound();
  };
  // Routing names are checked before the token, as over gRPC.
  if (verb === 'runQuery' || verb === 'runAggregationQuery' || verb === 'listCollectionIds') {
    parseParentName(parentName);
  }
  switch (verb) {
    case 'commit':
      rootOnly();
      return {
        kind: 'json',
        body: await service.commit(db, await bodyAs(req, 'CommitRequest'), caller()),
      };
    case 'batchGet':
      rootOnly();
      return {
        kind: 'array',
        body: await service.batchGet(db, await bodyAs(req, 'BatchGetDocumentsRequest'), caller()),
      };
    case 'beginTransaction':
      rootOnly();
      caller();
      return {
        kind: 'json',
        body: service.beginTransaction(db, await bodyAs(req, 'BeginTransactionRequest')),
      };
    case 'rollback':
      rootOnly();
      caller();
      return { kind: 'json', body: service.rollback(db, await bodyAs(req, 'RollbackRequest')) };
    case 'batchWrite':
      rootOnly();
      return {
        kind: 'json',
        body: await service.batchWrite(db, await bodyAs(req, 'BatchWriteRequest'), caller()),
      };
    case 'runQuery':
      return {
        kind: 'array',
        body: await service.runQuery(parentName, await bodyAs(req, 'RunQueryRequest'), caller()),
      };
    case 'runAggregationQuery':
      return {
        kind: 'array',
        body: await service.runAggregationQuery(
          parentName,
          await bodyAs(req, 'RunAggregationQueryRequest'),
          caller(),
        ),
      };
    case 'listCollectionIds':
      return {
        kind: 'json',
        body: service.listCollectionIds(
          parentName,
          await bodyAs(req, 'ListCollectionIdsRequest'),
          caller(),
        ),
      };
    case 'partitionQuery':
      throw new FirestoreError(
        'UNIMPLEMENTED',
        'Method google.firestore.v1.Firestore/PartitionQuery is unimplemented',
      );
    case 'executePipeline':
      rootOnly();
      await readBody(req);
      throw invalidArgument('ExecutePipeline requires the Database Edition to be `enterprise`.');
    default:
      throw new NotFound();
  }
}

async function handleDocuments(
  ctx: EmulatorContext,
  req: IncomingMessage,
  url: URL,
  db: DatabaseName,
  rest: string[],
  caller: () => Caller,
): Promise<Reply> {
  const method = req.method ?? 'GET';
  const last = rest.length > 0 ? (rest[rest.length - 1] as string) : '';
  const colon = last.indexOf(':');
  // A verb follows the last segment (or documents itself).
  if (colon !== -1) {
    if (method !== 'POST') throw new NotFound();
    const verb = last.slice(colon + 1);
    const segments = [...rest.slice(0, -1), last.slice(0, colon)].filter(
      (s, i, all) => !(i === all.length - 1 && s === '' && all.length === 1),
    );
    return handleVerb(ctx, req, db, segments.map(decodeSegment).join('/'), verb, caller);
  }
  const segments = rest.map(decodeSegment);
  const params = url.searchParams;
  const service = ctx.service;
  if (segments.length === 0) throw new NotFound();
  if (segments.length % 2 === 0) {
    const name = `${documentsRoot(db)}/${segments.join('/')}`;
    parseDocumentName(name);
    switch (method) {
      case 'GET':
      case 'HEAD':
        return {
          kind: 'json',
          body: await service.getDocument(
            name,
            {
              ...consistencyParams(params),
              ...(maskParam(params, 'mask') ? { mask: maskParam(params, 'mask') } : {}),
            },
            caller(),
          ),
        };
      case 'PATCH': {
        const doc = await bodyAs<DocumentJson>(req, 'Document');
        const options: {
          updateMask?: DocumentMask;
          mask?: DocumentMask;
          currentDocument?: PreconditionJson;
        } = {};
        const updateMask = maskParam(params, 'updateMask');
        if (updateMask) options.updateMask = updateMask;
        const mask = maskParam(params, 'mask');
        if (mask) options.mask = mask;
        const pre = preconditionParams(params);
        if (pre) options.currentDocument = pre;
        return {
          kind: 'json',
          body: await service.updateDocument({ ...doc, name }, options, caller()),
        };
      }
      case 'DELETE':
        return {
          kind: 'json',
          body: await service.deleteDocument(name, preconditionParams(params), caller()),
        };
      default:
        throw new NotFound();
    }
  }
  const collectionId = segments[segments.length - 1] as string;
  const parentPath = segments.slice(0, -1).join('/');
  const parentName = parentPath === '' ? documentsRoot(db) : `${documentsRoot(db)}/${parentPath}`;
  parseParentName(parentName);
  switch (method) {
    case 'GET':
    case 'HEAD': {
      const pageSize = params.get('pageSize');
      const mask = maskParam(params, 'mask');
      return {
        kind: 'json',
        body: await service.listDocuments(
          parentName,
          collectionId,
          {
            ...(pageSize !== null ? { pageSize: Number(pageSize) } : {}),
            ...(params.get('pageToken') ? { pageToken: params.get('pageToken') as string } : {}),
            ...(mask ? { mask } : {}),
            ...(params.get('showMissing') === 'true' ? { showMissing: true } : {}),
            ...(params.get('orderBy') ? { orderBy: params.get('orderBy') as string } : {}),
            ...consistencyParams(params),
          },
          caller(),
        ),
      };
    }
    case 'POST': {
      validateIdSegment(collectionId, 'collection');
      const documentId = params.get('documentId');
      if (documentId) validateIdSegment(documentId, 'document');
      const doc = await bodyAs<DocumentJson>(req, 'Document');
      return {
        kind: 'json',
        body: await service.createDocument(
          parentName,
          collectionId,
          params.get('documentId') ?? undefined,
          doc,
          maskParam(params, 'mask'),
          caller(),
        ),
      };
    }
    default:
      throw new NotFound();
  }
}

/** GET documents/ or documents/{doc}/ (trailing slash): documents of every collection under that parent. */
async function handleChildrenListing(
  ctx: EmulatorContext,
  req: IncomingMessage,
  url: URL,
  db: DatabaseName,
  rest: string[],
  caller: () => Caller,
): Promise<Reply> {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new NotFound();
  const segments = rest.map(decodeSegment);
  const parentName =
    segments.length === 0 ? documentsRoot(db) : `${documentsRoot(db)}/${segments.join('/')}`;
  // An empty segment before the trailing slash is reported against the name as written.
  if (segments.includes('')) parseResourceName(`${parentName}/`);
  if (segments.length % 2 === 1)
    throw invalidArgument(`Document name "${parentName}/" has invalid trailing "/".`);
  const params = url.searchParams;
  const pageSize = params.get('pageSize');
  const mask = maskParam(params, 'mask');
  return {
    kind: 'json',
    body: await ctx.service.listDocuments(
      parentName,
      '',
      {
        ...(pageSize !== null ? { pageSize: Number(pageSize) } : {}),
        ...(params.get('pageToken') ? { pageToken: params.get('pageToken') as string } : {}),
        ...(mask ? { mask } : {}),
        ...(params.get('showMissing') === 'true' ? { showMissing: true } : {}),
        ...(params.get('orderBy') ? { orderBy: params.get('orderBy') as string } : {}),
        ...consistencyParams(params),
      },
      caller(),
    ),
  };
}

async function handleEmulatorAdmin(
  ctx: EmulatorContext,
  req: IncomingMessage,
  parts: string[],
): Promise<Reply> {
  // /emulator/v1/projects/{p}/databases/{d}/documents  or  /emulator/v1/projects/{p}:securityRules
  const method = req.method ?? 'GET';
  if (
    parts.length >= 5 &&
    parts[2] === 'databases' &&
    parts[4] === 'documents' &&
    method === 'DELETE'
  ) {
    const db = ctx.service.databases.get(
      decodeSegment(parts[1] as string),
      decodeSegment(parts[3] as string),
    );
    await readEmptyRequest(req);
    if (parts.length === 5) {
      db.clear(); // reset
      return { kind: 'json', body: {} };
    }
    // The Emulator UI's delete: a document with everything under it, or a whole collection.
    const prefix = parts.slice(5).map(decodeSegment).join('/');
    await deleteRecursively(db, prefix, ctx.service.clock.now());
    return { kind: 'json', body: {} };
  }
  // /emulator/v1/projects/{p}/usage: the reads and writes billed so far (src/engine/usage.ts); DELETE resets.
  if (parts.length === 3 && parts[2] === 'usage' && (method === 'GET' || method === 'DELETE')) {
    const project = decodeSegment(parts[1] as string);
    if (method === 'DELETE') ctx.service.usage.reset(project);
    return { kind: 'json', body: method === 'GET' ? ctx.service.usage.get(project) : {} };
  }
  if (parts.length === 2 && (parts[1] as string).endsWith(':export') && method === 'POST') {
    const project = decodeSegment((parts[1] as string).slice(0, -':export'.length));
    const body = parseJson(await readBody(req)) as Record<string, unknown>;
    // Proto JSON, as the official emulator reads it: snake_case or camelCase keys, and the database
    // as a name, of any project (the one in the URL only routes the call).
    const key = (snake: string, camel: string): unknown => body[snake] ?? body[camel];
    const database = key('database', 'database');
    if (typeof database !== 'string') throw invalidArgument(INVALID_PAYLOAD);
    const dbName = parseDatabaseName(database);
    const directory = key('export_directory', 'exportDirectory');
    // firebase-tools passes a folder relative to its cwd, which is ours too (it started us).
    if (typeof directory !== 'string' || directory === '') {
      throw invalidArgument('Expected export_directory, a folder path.');
    }
    const name = key('export_name', 'exportName') ?? 'firestore_export';
    if (typeof name !== 'string' || !/^[\w.-]+$/.test(name) || name === '.' || name === '..') {
      throw invalidArgument('Expected export_name, a folder name.');
    }
    const docs = ctx.service.databases.get(dbName.project, dbName.database).store.all();
    await writeExport(directory, name, dbName, docs, ctx.exportFormat);
    ctx.log(
      `exported ${docs.length} documents${project === dbName.project ? '' : ` of ${dbName.project}`} to ${directory}/${name}`,
    );
    return { kind: 'json', body: {} };
  }
  if (parts.length === 2 && (parts[1] as string).endsWith(':securityRules') && method === 'PUT') {
    const body = parseJson(await readBody(req)) as {
      rules?: { files?: { name?: string; content?: unknown }[] };
    };
    const files = body.rules?.files;
    const content = Array.isArray(files) ? files[0]?.content : undefined;
    if (typeof content !== 'string') throw invalidArgument('Expected rules.files[0].content.');
    const result = ctx.authorizer().setRulesSource(content);
    if (!result.ok) throw invalidArgument(result.error);
    return { kind: 'json', body: {} };
  }
  throw new NotFound();
}

/** Deletes the document or collection at `prefix` and every document under it, as one commit. */
async function deleteRecursively(db: Database, prefix: string, commitTime: Micros): Promise<void> {
  const doomed = db.store
    .all()
    .filter((doc) => doc.path === prefix || doc.path.startsWith(`${prefix}/`))
    .map((doc): [string, undefined] => [doc.path, undefined]);
  if (doomed.length > 0) db.apply(commitTime, doomed);
}

/** Trigger registration (see triggers/trigger-admin.ts); null when the path is not one. */
async function triggerAdmin(
  triggers: TriggerDispatcher,
  req: IncomingMessage,
  parts: string[],
  query: URLSearchParams,
): Promise<TriggerAdminReply | null> {
  const isTriggerPath =
    parts[2] === 'triggers' || parts[2] === 'eventarcTrigger' || parts[2] === 'triggerDeliveries';
  if (!isTriggerPath) return null;
  const text = req.method === 'PUT' || req.method === 'POST' ? await readBody(req) : '';
  return handleTriggerAdmin(triggers, req.method ?? 'GET', parts, query, () => JSON.parse(text));
}

export async function handleRest(
  ctx: EmulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const head = req.method === 'HEAD';
  let pathname = '/';
  try {
    pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    // An unparsable target is answered below (404), as before.
  }
  if (!applyCors(req, res, pathname)) {
    const refusal = new FirestoreError(
      'PERMISSION_DENIED',
      'The emulator admin endpoints answer pages served from this machine only.',
    );
    send(res, 403, errorText(refusal), 'application/json', head);
    return;
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(200, { 'content-length': 0 });
    res.end();
    return;
  }
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = url.pathname;
    // The full web SDK's browser transport (src/server/webchannel.ts).
    if (raw.startsWith(WEBCHANNEL_PREFIX) && (await handleWebChannel(ctx, req, res, url))) return;
    if (raw === '/' && (req.method === 'GET' || head)) {
      send(res, 200, 'Ok\n', 'text/plain', head);
      return;
    }
    // The official emulator's reset: every database of every project, open transactions aborted.
    if (raw === '/reset' && req.method === 'POST') {
      await readBody(req);
      if (ctx.reset) ctx.reset();
      else ctx.service.databases.clearAll();
      send(res, 200, 'Resetting...\n', 'text/plain', head);
      return;
    }
    const parts = raw.split('/').slice(1);
    let reply: Reply;
    const triggerReply =
      parts[0] === 'emulator' && parts[1] === 'v1' && ctx.triggers
        ? await triggerAdmin(ctx.triggers, req, parts.slice(2), url.searchParams)
        : null;
    if (triggerReply) {
      send(res, triggerReply.status, jsonText(triggerReply.body), 'application/json', head);
      return;
    }
    if (parts[0] === 'emulator' && parts[1] === 'v1' && parts[2] === 'projects') {
      reply = await handleEmulatorAdmin(ctx, req, parts.slice(2));
    } else if (
      parts[0] === 'v1' &&
      parts[1] === 'projects' &&
      parts[3] === 'databases' &&
      parts.length === 5 &&
      !(parts[4] as string).includes(':')
    ) {
      // The admin API's Database resource (src/server/database-resource.ts).
      const name = {
        project: decodeSegment(parts[2] as string),
        database: decodeSegment(parts[4] as string),
      };
      const body = await handleDatabaseResource(ctx, req, url, name, () => readBody(req));
      if (body === null) throw new NotFound();
      reply = { kind: 'json', body };
    } else if (
      (parts[0] === 'v1' || parts[0] === 'v1beta1') &&
      parts[1] === 'projects' &&
      parts[3] === 'databases' &&
      (parts[5] ?? '').startsWith('documents')
    ) {
      const db: DatabaseName = {
        project: decodeSegment(parts[2] as string),
        database: decodeSegment(parts[4] as string),
      };
      const header = req.headers.authorization;
      let resolved: Caller | undefined;
      const caller = (): Caller => (resolved ??= callerFromAuthorization(header));
      const fifth = parts[5] as string;
      if (fifth !== 'documents' && !fifth.startsWith('documents:')) throw new NotFound();
      const rest =
        fifth === 'documents'
          ? parts.slice(6)
          : [fifth.slice('documents'.length), ...parts.slice(6)];
      const trailingSlash = rest.length > 0 && rest[rest.length - 1] === '';
      if (trailingSlash) rest.pop();
      reply = trailingSlash
        ? await handleChildrenListing(ctx, req, url, db, rest, caller)
        : await handleDocuments(ctx, req, url, db, rest, caller);
    } else {
      throw new NotFound();
    }
    send(
      res,
      200,
      reply.kind === 'array' ? jsonArrayText(reply.body) : jsonText(reply.body),
      'application/json',
      head,
    );
  } catch (error) {
    if (error instanceof NotFound) {
      send(res, 404, 'Not Found\n', null, head);
    } else if (error instanceof PayloadTooLarge) {
      send(res, 413, '', null, head);
    } else if (error instanceof FirestoreError) {
      send(res, error.httpStatus, errorText(error), 'application/json', head);
    } else {
      ctx.log(
        `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      send(
        res,
        500,
        errorText(new FirestoreError('INTERNAL', 'Internal error.')),
        'application/json',
        head,
      );
    }
  }
}
