/**
 * Cloud Storage security rules (`storage.rules`, `service firebase.storage`) on the same engine
 * as Firestore's: the same parser, evaluator, functions, methods and path matcher, with what the
 * Storage service differs in:
 *
 * - Paths are `/b/{bucket}/o/{object name split at '/'}`; a list request names its prefix and is
 *   matched as "any object directly under it" (like a Firestore collection list).
 * - `request` and `resource` are given whole by the caller (firebase-tools' Storage emulator
 *   builds them: `request.auth`, `request.time`, `request.path`, `request.resource.size`,
 *   `.contentType`, `.metadata`, ...; `resource` is the stored object's metadata or null).
 * - Documents are read with `firestore.get(path)` / `firestore.exists(path)`; the bare
 *   `get`/`exists` of Firestore rules do not exist. The caller supplies the documents it has
 *   already fetched; asking for one it has not throws `DocumentNeeded`, and the caller fetches it
 *   and evaluates again (the Storage emulator fetches documents one round trip at a time).
 */
import type { RulesetAst } from './ast.js';
import { RulesEvalError } from './errors.js';
import { runAllows, SINGLE_ACCESS_LIMIT } from './engine.js';
import type { Fields, RulesMethod } from './firestore-types.js';
import type { DocumentAccess } from './functions.js';
import { parseRules } from './parser.js';
import { ANY_ID, PathMatcher, type RequestSegment } from './path-matcher.js';
import { fieldsToMap } from './rest-values.js';
import { RMap, RPath, type RValue } from './values.js';

export const STORAGE_SERVICE = 'firebase.storage';

/** Thrown while evaluating when a rule reads a document the caller has not fetched yet. */
export class DocumentNeeded extends Error {
  constructor(readonly path: string) {
    super(`The rules need the document ${path}.`);
    this.name = 'DocumentNeeded';
  }
}

/** Documents fetched so far for one request: path -> fields, or null when it does not exist. */
export type FetchedDocuments = ReadonlyMap<string, Fields | null>;

export interface StorageRulesRequest {
  /** `/b/{bucket}/o/{name}` (for list: the prefix, without a trailing slash). */
  path: string;
  /** As firebase-tools sends it: get, list, create, update, delete (read and write also taken). */
  method: string;
  /** `request` (a map) and `resource` (a map or null). */
  request: RValue;
  resource: RValue;
  /** Documents already fetched for `firestore.get` / `firestore.exists`. */
  documents?: FetchedDocuments;
}

export interface StorageRulesDecision {
  allowed: boolean;
  /** "allowed for 'get' @ L7", "false for 'create' @ L9 on /b/x/o/a.png", "No matching allow ...". */
  message: string;
}

/** The method a request is judged as: `read` counts as get, `write` as create. */
function asRulesMethod(method: string): RulesMethod {
  switch (method) {
    case 'get':
    case 'list':
    case 'create':
    case 'update':
    case 'delete':
      return method;
    case 'read':
      return 'get';
    case 'write':
      return 'create';
    default:
      throw new Error(`Unknown Storage rules method '${method}'.`);
  }
}

/** A compiled storage.rules: parse once (throws RulesSyntaxError), authorize many requests. */
export class StorageRulesEngine {
  private readonly matcher: PathMatcher;
  /** 1 when the file has no `rules_version = '2';` (list is then refused by firebase-tools). */
  readonly rulesVersion: number;

  constructor(
    readonly ast: RulesetAst,
    readonly file = 'storage.rules',
  ) {
    this.matcher = new PathMatcher(ast);
    this.rulesVersion = ast.version === '2' ? 2 : 1;
  }

  static fromSource(source: string, file = 'storage.rules'): StorageRulesEngine {
    return new StorageRulesEngine(parseRules(source, file, STORAGE_SERVICE), file);
  }

  /** Throws DocumentNeeded when a rule reads a document not in `req.documents`. */
  authorize(req: StorageRulesRequest): StorageRulesDecision {
    const method = asRulesMethod(req.method);
    const segments: RequestSegment[] = req.path.split('/').filter((s) => s !== '');
    const shown = '/' + segments.join('/');
    if (method === 'list') segments.push(ANY_ID);
    const matched = this.matcher.match(segments);
    const docs = new FetchedAccess(req.documents ?? new Map());
    const outcome = runAllows(
      method,
      matched,
      req.request instanceof RMap ? req.request : RMap.of({}),
      req.resource,
      docs,
      STORAGE_SERVICE,
    );
    if (outcome.allowed) {
      return { allowed: true, message: `allowed for '${method}' @ L${outcome.line}` };
    }
    const message =
      outcome.parts.length === 0
        ? `No matching allow statements for '${method}' on ${shown}`
        : `${outcome.parts.join(', ')} on ${shown}`;
    return { allowed: false, message };
  }
}

/** firestore.get / firestore.exists over the documents fetched so far. */
class FetchedAccess implements DocumentAccess {
  private readonly keys = new Set<string>();

  constructor(private readonly documents: FetchedDocuments) {}

  read(path: RPath): RValue {
    const s = path.segments;
    if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents' || (s.length - 3) % 2 !== 0) {
      throw new RulesEvalError(
        `Invalid document path ${path.toString()}: expected /databases/{database}/documents/{collection}/{id}[...].`,
      );
    }
    const key = path.toString();
    if (!this.keys.has(key)) {
      if (this.keys.size >= SINGLE_ACCESS_LIMIT) {
        throw new RulesEvalError(
          `Exceeded maximum number of document access calls (${SINGLE_ACCESS_LIMIT}) at ${key}.`,
        );
      }
      this.keys.add(key);
    }
    if (!this.documents.has(key)) throw new DocumentNeeded(key);
    const fields = this.documents.get(key) ?? null;
    if (fields === null) return null;
    return RMap.of({
      data: fieldsToMap(fields),
      id: s[s.length - 1] ?? '',
      __name__: new RPath(s),
    });
  }
}
