import { RulesEngine, type RulesDecision } from '../../src/rules/engine.js';
import type {
  Fields,
  RulesAuth,
  RulesMethod,
  RulesQuery,
  RulesRequest,
  Value,
} from '../../src/rules/firestore-types.js';

/** A plain JS object as Firestore REST fields (ints as integerValue, Date as timestampValue). */
export function toValue(v: unknown): Value {
  if (v === null) return { nullValue: null };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number')
    return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'bigint') return { integerValue: String(v) };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  if (typeof v === 'object')
    return { mapValue: { fields: toFields(v as Record<string, unknown>) } };
  throw new Error(`cannot convert ${String(v)}`);
}

export function toFields(obj: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(obj)) out[k] = toValue(v);
  return out;
}

export const NOW = new Date('2026-11-21T12:00:00.000Z');

export function auth(uid: string, claims: Record<string, unknown> = {}): RulesAuth {
  return {
    uid,
    token: {
      sub: uid,
      user_id: uid,
      email: `${uid}@example.com`,
      firebase: { sign_in_provider: 'password' },
      ...claims,
    },
  };
}

export interface ReqOptions {
  auth?: RulesAuth | null;
  resource?: Record<string, unknown> | null;
  requestResource?: Record<string, unknown> | null;
  query?: Partial<RulesQuery>;
  db?: Record<string, Record<string, unknown>>;
  after?: Record<string, Record<string, unknown> | null>;
  time?: Date;
  accessLimit?: number;
}

export function request(method: RulesMethod, path: string, o: ReqOptions = {}): RulesRequest {
  const db = o.db ?? {};
  const after = o.after ?? {};
  const segs = path.split('/');
  const query: RulesQuery | undefined =
    method === 'list'
      ? {
          collectionId: segs[segs.length - 1] as string,
          parent: segs.slice(0, -1).join('/'),
          allDescendants: false,
          ...o.query,
        }
      : undefined;
  return {
    method,
    path,
    auth: o.auth === undefined ? null : o.auth,
    time: o.time ?? NOW,
    resource: o.resource ? toFields(o.resource) : null,
    requestResource: o.requestResource ? toFields(o.requestResource) : null,
    query,
    accessLimit: o.accessLimit,
    lookup: {
      get: (p) => (db[p] ? toFields(db[p]) : null),
      getAfter: (p) => {
        if (p in after) {
          const d = after[p];
          return d ? toFields(d) : null;
        }
        return db[p] ? toFields(db[p]) : null;
      },
    },
  };
}

export function rules(body: string, functions = ''): RulesEngine {
  return RulesEngine.fromSource(
    `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${functions}\n${body}\n  }\n}\n`,
  );
}

/** Evaluates `expr` as the condition of `allow get` on /t/doc and reports allow/deny. */
export function judge(expr: string, o: ReqOptions = {}): 'allow' | 'deny' {
  const engine = rules(`match /t/{id} { allow get: if ${expr}; }`);
  return verdict(engine.authorize(request('get', 't/doc', o)));
}

export function verdict(d: RulesDecision): 'allow' | 'deny' {
  return d.allowed ? 'allow' : 'deny';
}

/** Equality filter in REST JSON. */
export function eq(field: string, value: unknown) {
  return { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: toValue(value) } };
}

export function op(field: string, operator: string, value: unknown) {
  return { fieldFilter: { field: { fieldPath: field }, op: operator, value: toValue(value) } };
}

export function and(...filters: object[]) {
  return { compositeFilter: { op: 'AND', filters } };
}

export function or(...filters: object[]) {
  return { compositeFilter: { op: 'OR', filters } };
}
