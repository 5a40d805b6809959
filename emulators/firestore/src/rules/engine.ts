import type { AllowMethod, AllowStmt, RulesService, RulesetAst } from './ast.js';
import { RulesEvalError } from './errors.js';
import { evaluate, type EvalEnv } from './evaluator.js';
import type { Fields, RulesMethod, RulesQuery, RulesRequest } from './firestore-types.js';
import type { DocumentAccess } from './functions.js';
import { parseRules } from './parser.js';
import {
  ANY_ID,
  ANY_PATH,
  PathMatcher,
  type MatchedBlock,
  type RequestSegment,
} from './path-matcher.js';
import { MAX_SCENARIOS, TooManyScenarios, scenarios, symbolicResource } from './query-judge.js';
import { fieldsToMap, fromJson } from './rest-values.js';
import { Scope, type Binding } from './scope.js';
import { RMap, RPath, RTimestamp, type RValue } from './values.js';

/** Document-access calls allowed: 10 for one document or a query, 20 for batches/transactions. */
export const SINGLE_ACCESS_LIMIT = 10;
export const MULTI_ACCESS_LIMIT = 20;

export interface RulesDecision {
  allowed: boolean;
  /** Official-emulator style: "false for 'update' @ L12", joined with ", " for several allows. */
  reason: string;
  /** The reason, naming the path: "false for 'update' @ L12 on /databases/(default)/documents/p/u1". */
  message: string;
  /** One readable log line: "PERMISSION_DENIED: ... (uid=u1)" or "ALLOW ...". */
  logLine: string;
  /** Line of the allow statement that granted the request, or of the first that failed. */
  line?: number;
}

/** Shared between the writes of one commit so that their access calls add up (limit 20 in all). */
export interface AccessCounter {
  keys: Set<string>;
}

const COVERS: Record<AllowMethod, readonly RulesMethod[]> = {
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
};

export interface Outcome {
  allowed: boolean;
  parts: string[];
  details: string[];
  line?: number;
}

/** A compiled ruleset: parse once, authorize many requests. */
export class RulesEngine {
  private readonly matcher: PathMatcher;

  constructor(
    readonly ast: RulesetAst,
    readonly file = 'firestore.rules',
  ) {
    this.matcher = new PathMatcher(ast);
  }

  static fromSource(source: string, file = 'firestore.rules'): RulesEngine {
    return new RulesEngine(parseRules(source, file), file);
  }

  authorize(req: RulesRequest, counter?: AccessCounter): RulesDecision {
    const database = req.database ?? '(default)';
    const relative = req.path.split('/').filter((s) => s !== '');
    const prefix = ['databases', database, 'documents'];
    const isList = req.method === 'list';
    let segments: RequestSegment[];
    let shown: string;
    if (isList && req.query?.allDescendants) {
      const parent = req.query.parent.split('/').filter((s) => s !== '');
      segments = [...prefix, ...parent, ANY_PATH, req.query.collectionId, ANY_ID];
      shown = '/' + [...prefix, ...parent, '**', req.query.collectionId].join('/');
    } else if (isList) {
      segments = [...prefix, ...relative, ANY_ID];
      shown = '/' + [...prefix, ...relative].join('/');
    } else {
      segments = [...prefix, ...relative];
      shown = '/' + segments.join('/');
    }
    const matched = this.matcher.match(segments);
    const docs = new Access(req, database, counter);
    const request = buildRequest(req, prefix, relative);
    const who = req.auth === null ? 'unauthenticated' : `uid=${req.auth.uid}`;

    let outcome: Outcome;
    if (!isList) {
      const resource = req.resource === null ? null : resourceMap(req.resource, prefix, relative);
      outcome = runAllows(req.method, matched, request, resource, docs);
    } else {
      outcome = this.judgeQuery(req.query, matched, request, docs);
    }
    const reason =
      outcome.parts.length === 0 ? 'No matching allow statements' : outcome.parts.join(', ');
    if (outcome.allowed) {
      return {
        allowed: true,
        reason: `allowed for '${req.method}' @ L${outcome.line}`,
        message: `allowed for '${req.method}' @ L${outcome.line} on ${shown}`,
        logLine: `ALLOW ${req.method} ${shown} (${who}) by ${this.file}:${outcome.line}`,
        line: outcome.line,
      };
    }
    const message =
      outcome.parts.length === 0
        ? `No matching allow statements for '${req.method}' on ${shown}`
        : `${reason} on ${shown}`;
    const detail = outcome.details.length > 0 ? ` [${outcome.details.join('; ')}]` : '';
    return {
      allowed: false,
      reason,
      message,
      logLine: `PERMISSION_DENIED: ${message} (${who})${detail}`,
      line: outcome.line,
    };
  }

  private judgeQuery(
    query: RulesQuery | undefined,
    matched: MatchedBlock[],
    request: RMap,
    docs: Access,
  ): Outcome {
    let cases;
    try {
      cases = query === undefined ? [new Map()] : scenarios(query);
    } catch (e) {
      if (!(e instanceof TooManyScenarios)) throw e;
      return {
        allowed: false,
        parts: [`query has more than ${MAX_SCENARIOS} disjunctions for 'list'`],
        details: [],
      };
    }
    let last: Outcome | null = null;
    for (const scenario of cases) {
      const outcome = runAllows('list', matched, request, symbolicResource(scenario), docs);
      if (!outcome.allowed) return outcome;
      last = outcome;
    }
    return last as Outcome;
  }
}

/**
 * Runs the allow statements of the matched blocks that cover `method`, in source order: the
 * first that holds allows. Shared by Firestore's engine and Cloud Storage's (storage-engine.ts).
 */
export function runAllows(
  method: RulesMethod,
  matched: MatchedBlock[],
  request: RMap,
  resource: RValue,
  docs: DocumentAccess,
  service?: RulesService,
): Outcome {
  const candidates: { allow: AllowStmt; m: MatchedBlock }[] = [];
  for (const m of matched) {
    for (const allow of m.allows) {
      if (allow.methods.some((am) => COVERS[am].includes(method))) candidates.push({ allow, m });
    }
  }
  candidates.sort((a, b) => a.allow.line - b.allow.line);
  const parts: string[] = [];
  const details: string[] = [];
  let firstLine: number | undefined;
  for (const { allow, m } of candidates) {
    if (allow.condition === null) return { allowed: true, parts, details, line: allow.line };
    const vars = new Map<string, Binding>(m.bindings);
    vars.set('request', request);
    vars.set('resource', resource);
    const globals = new Scope(vars);
    const env: EvalEnv = { functions: m.functions, docs, globals, depth: 0, service };
    firstLine ??= allow.line;
    try {
      const v = evaluate(allow.condition, globals, env);
      if (v === true) return { allowed: true, parts, details, line: allow.line };
      parts.push(
        `${v === false ? 'false' : 'Condition is not a bool'} for '${method}' @ L${allow.line}`,
      );
    } catch (e) {
      if (!(e instanceof RulesEvalError)) throw e;
      parts.push(`${e.message} for '${method}' @ L${allow.line}`);
      details.push(`L${e.line}:${e.column} ${e.message}`);
    }
  }
  return { allowed: false, parts, details, line: firstLine };
}

function resourceMap(fields: Fields, prefix: readonly string[], relative: readonly string[]): RMap {
  return RMap.of({
    data: fieldsToMap(fields),
    id: relative[relative.length - 1] ?? '',
    __name__: new RPath([...prefix, ...relative]),
  });
}

function buildRequest(
  req: RulesRequest,
  prefix: readonly string[],
  relative: readonly string[],
): RMap {
  const m = new Map<string, RValue>();
  m.set(
    'auth',
    req.auth === null ? null : RMap.of({ uid: req.auth.uid, token: fromJson(req.auth.token) }),
  );
  m.set('method', req.method);
  m.set('path', new RPath([...prefix, ...relative]));
  m.set(
    'time',
    req.timeMicros !== undefined
      ? new RTimestamp(BigInt(Math.trunc(req.timeMicros)) * 1000n)
      : RTimestamp.fromDate(req.time),
  );
  if (req.method === 'create' || req.method === 'update') {
    m.set(
      'resource',
      req.requestResource === null ? null : resourceMap(req.requestResource, prefix, relative),
    );
  }
  if (req.method === 'list') m.set('query', queryMap(req.query));
  return new RMap(m);
}

function queryMap(q: RulesQuery | undefined): RMap {
  const m = new Map<string, RValue>();
  const limit = wholeNumber(q?.limit);
  const offset = wholeNumber(q?.offset);
  if (limit !== null) m.set('limit', limit);
  if (offset !== null) m.set('offset', offset);
  if (q?.orderBy !== undefined && q.orderBy.length > 0) {
    const order = new Map<string, RValue>();
    for (const o of q.orderBy)
      order.set(o.field.fieldPath, o.direction === 'DESCENDING' ? 'DESC' : 'ASC');
    m.set('orderBy', new RMap(order));
  }
  return new RMap(m);
}

/** A query's limit/offset: a number, a numeric string or an Int32Value wrapper `{ value }`. */
function wholeNumber(v: unknown): bigint | null {
  const raw =
    typeof v === 'object' && v !== null && 'value' in v ? (v as { value: unknown }).value : v;
  if (typeof raw === 'number' && Number.isFinite(raw)) return BigInt(Math.trunc(raw));
  if (typeof raw === 'string' && /^-?\d+$/.test(raw)) return BigInt(raw);
  return null;
}

/**
 * get/exists/getAfter/existsAfter against the request's lookup, counting distinct documents:
 * at most 10 per operation and, through a shared counter, 20 across a batch or transaction.
 */
class Access implements DocumentAccess {
  private readonly keys = new Set<string>();
  private readonly limit: number;
  private readonly cache = new Map<string, RValue>();

  constructor(
    private readonly req: RulesRequest,
    private readonly database: string,
    private readonly counter?: AccessCounter,
  ) {
    this.limit = req.accessLimit ?? SINGLE_ACCESS_LIMIT;
  }

  read(path: RPath, after: boolean): RValue {
    const s = path.segments;
    if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents' || (s.length - 3) % 2 !== 0) {
      throw new RulesEvalError(
        `Invalid document path ${path.toString()}: expected /databases/{database}/documents/{collection}/{id}[...].`,
      );
    }
    if (s[1] !== this.database)
      throw new RulesEvalError(
        `Document path ${path.toString()} names another database than '${this.database}'.`,
      );
    const relative = s.slice(3);
    const key = `${after ? 'after' : 'now'}:${relative.join('/')}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    if (!this.keys.has(key)) {
      if (this.keys.size >= this.limit) {
        throw new RulesEvalError(
          `Exceeded maximum number of document access calls (${this.limit}) at ${path.toString()}.`,
        );
      }
      const shared = this.counter;
      if (shared !== undefined && !shared.keys.has(key)) {
        if (shared.keys.size >= MULTI_ACCESS_LIMIT) {
          throw new RulesEvalError(
            `Exceeded maximum number of document access calls (${MULTI_ACCESS_LIMIT}) for the batch at ${path.toString()}.`,
          );
        }
        shared.keys.add(key);
      }
      this.keys.add(key);
    }
    const rel = relative.join('/');
    const fields = after ? this.req.lookup.getAfter(rel) : this.req.lookup.get(rel);
    const value = fields === null ? null : resourceMap(fields, s.slice(0, 3), relative);
    this.cache.set(key, value);
    return value;
  }
}
