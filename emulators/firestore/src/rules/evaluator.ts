import type { BinaryOp, Expr, FunctionDecl, RulesService } from './ast.js';
import { asBool, asInt, asString } from './coerce.js';
import { RulesEvalError, evalError } from './errors.js';
import {
  callGlobal,
  callNamespace,
  hasGlobal,
  isNamespace,
  type DocumentAccess,
} from './functions.js';
import { callMethod } from './methods.js';
import { Scope, Thunk, type Binding, type FunctionTable } from './scope.js';
import {
  RContains,
  RDuration,
  RMap,
  RPath,
  RSet,
  RTimestamp,
  type RValue,
  checkInt,
  compare,
  equals,
  isList,
  typeName,
} from './values.js';

/** Maximum depth of user function calls, as in Firebase rules. */
export const MAX_CALL_DEPTH = 20;

export interface EvalEnv {
  functions: FunctionTable;
  docs: DocumentAccess;
  /** request, resource and the path wildcards: what function bodies see besides their params. */
  globals: Scope;
  depth: number;
  /**
   * 'firebase.storage' (storage.rules): documents are read with `firestore.get(path)` /
   * `firestore.exists(path)`, and the bare `get`, `exists`, `getAfter`, `existsAfter` of
   * Firestore rules do not exist. Default 'cloud.firestore'.
   */
  service?: RulesService;
}

const FIRESTORE_DOCUMENT_GLOBALS = new Set(['get', 'exists', 'getAfter', 'existsAfter']);

/** A wildcard or value a list query leaves unknown: any use of it is an error. */
export const UNKNOWN: RValue = new RMap(new Map(), true);

const TYPE_NAMES = new Set([
  'bool',
  'int',
  'float',
  'number',
  'string',
  'list',
  'map',
  'timestamp',
  'duration',
  'path',
  'latlng',
  'bytes',
  'set',
  'map_diff',
]);

export function evaluate(expr: Expr, scope: Scope, env: EvalEnv): RValue {
  try {
    return evalNode(expr, scope, env);
  } catch (e) {
    if (e instanceof RulesEvalError) {
      if (e.line === 0) {
        e.line = expr.line;
        e.column = expr.column;
      }
      throw e;
    }
    if (e instanceof RangeError) {
      const err = evalError(`Evaluation error: ${e.message}`);
      err.line = expr.line;
      err.column = expr.column;
      throw err;
    }
    throw e;
  }
}

function evalNode(expr: Expr, scope: Scope, env: EvalEnv): RValue {
  switch (expr.kind) {
    case 'lit':
      return expr.value;
    case 'ident':
      return lookupVar(expr.name, scope);
    case 'member':
      return member(evaluate(expr.object, scope, env), expr.name);
    case 'index':
      return index(evaluate(expr.object, scope, env), evaluate(expr.index, scope, env));
    case 'slice': {
      const target = evaluate(expr.object, scope, env);
      if (!isList(target)) throw evalError(`Type error: cannot slice ${typeName(target)}.`);
      const from = expr.from === null ? 0n : asInt(evaluate(expr.from, scope, env));
      const to = expr.to === null ? BigInt(target.length) : asInt(evaluate(expr.to, scope, env));
      if (from < 0n || to > BigInt(target.length) || from > to)
        throw evalError(`Index out of range: [${from}:${to}] on a list of ${target.length}.`);
      return target.slice(Number(from), Number(to));
    }
    case 'call':
      return call(expr, scope, env);
    case 'unary': {
      const v = evaluate(expr.operand, scope, env);
      if (expr.op === '!') return !asBool(v);
      if (typeof v === 'bigint') return checkInt(-v);
      if (typeof v === 'number') return -v;
      if (v instanceof RDuration) return new RDuration(-v.nanos);
      throw evalError(`Unsupported operation error. Received: -${typeName(v)}.`);
    }
    case 'binary':
      return binary(expr.op, evaluate(expr.left, scope, env), evaluate(expr.right, scope, env));
    case 'and':
      return logical(expr.left, expr.right, false, scope, env);
    case 'or':
      return logical(expr.left, expr.right, true, scope, env);
    case 'cond':
      return asBool(evaluate(expr.test, scope, env))
        ? evaluate(expr.then, scope, env)
        : evaluate(expr.otherwise, scope, env);
    case 'is':
      return isType(evaluate(expr.operand, scope, env), expr.typeName);
    case 'list':
      return expr.items.map((i) => evaluate(i, scope, env));
    case 'map': {
      const m = new Map<string, RValue>();
      for (const { key, value } of expr.entries)
        m.set(asString(evaluate(key, scope, env)), evaluate(value, scope, env));
      return new RMap(m);
    }
    case 'path': {
      const segments: string[] = [];
      for (const parts of expr.segments) {
        if (parts.length === 1 && typeof parts[0] !== 'string') {
          const v = evaluate(parts[0] as Expr, scope, env);
          if (v instanceof RPath) {
            segments.push(...v.segments);
            continue;
          }
          segments.push(segmentText(v));
          continue;
        }
        let text = '';
        for (const part of parts)
          text += typeof part === 'string' ? part : segmentText(evaluate(part, scope, env));
        segments.push(text);
      }
      return new RPath(segments);
    }
  }
}

function segmentText(v: RValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint') return String(v);
  if (v instanceof RPath) return v.segments.join('/');
  if (v instanceof RMap && v.open)
    throw evalError(
      'Value is unknown for a query: the query does not constrain it (used in a path).',
    );
  throw evalError(`Type error: a path segment must be a string but got ${typeName(v)}.`);
}

function lookupVar(name: string, scope: Scope): RValue {
  const b: Binding | undefined = scope.lookup(name);
  if (b === undefined) throw evalError(`Variable not found error: ${name} is not defined.`);
  return b instanceof Thunk ? b.force() : b;
}

function member(target: RValue, name: string): RValue {
  if (target instanceof RMap) {
    const v = target.get(name);
    if (v !== undefined) return v;
    if (target.open)
      throw evalError(
        `Property ${name} is unknown for a query: the query's filters do not fix it.`,
      );
    throw evalError(`Property ${name} is undefined on object.`);
  }
  if (target === null) throw evalError(`Null value error. Cannot read property ${name} of null.`);
  throw evalError(`Type error: cannot read property ${name} of ${typeName(target)}.`);
}

function index(target: RValue, key: RValue): RValue {
  if (target instanceof RMap) return member(target, asString(key));
  if (isList(target)) {
    const i = asInt(key);
    if (i < 0n || i >= BigInt(target.length))
      throw evalError(`Index out of range: ${i} on a list of ${target.length}.`);
    return target[Number(i)] as RValue;
  }
  if (target instanceof RPath) {
    const i = asInt(key);
    if (i < 0n || i >= BigInt(target.segments.length))
      throw evalError(`Index out of range: ${i} on a path of ${target.segments.length}.`);
    return target.segments[Number(i)] as string;
  }
  if (target === null) throw evalError('Null value error. Cannot index null.');
  throw evalError(`Type error: cannot index ${typeName(target)}.`);
}

function logical(left: Expr, right: Expr, isOr: boolean, scope: Scope, env: EvalEnv): boolean {
  let leftError: RulesEvalError | null = null;
  try {
    const l = asBool(evaluate(left, scope, env));
    if (l === isOr) return l;
  } catch (e) {
    if (!(e instanceof RulesEvalError)) throw e;
    leftError = e;
  }
  let r: boolean;
  try {
    r = asBool(evaluate(right, scope, env));
  } catch (e) {
    if (leftError !== null && e instanceof RulesEvalError) throw leftError;
    throw e;
  }
  // error || true == true; error && false == false; otherwise the error stands.
  if (leftError !== null && r !== isOr) throw leftError;
  return r;
}

function isType(v: RValue, name: string): boolean {
  if (!TYPE_NAMES.has(name)) throw evalError(`Unknown type name '${name}' after is.`);
  if (v instanceof RContains)
    throw evalError(`Value is unknown for a query: its type cannot be checked with 'is ${name}'.`);
  const t = typeName(v);
  if (name === 'number') return t === 'int' || t === 'float';
  return t === name;
}

function numeric(v: RValue): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

function unsupported(op: string, a: RValue, b: RValue): never {
  throw evalError(`Unsupported operation error. Received: ${typeName(a)} ${op} ${typeName(b)}.`);
}

export function binary(op: BinaryOp, a: RValue, b: RValue): RValue {
  switch (op) {
    case '==':
      return equals(a, b);
    case '!=':
      return !equals(a, b);
    case '<':
      return compare(a, b) < 0;
    case '<=':
      return compare(a, b) <= 0;
    case '>':
      return compare(a, b) > 0;
    case '>=':
      return compare(a, b) >= 0;
    case 'in':
      return inOp(a, b);
    case '+':
      if (typeof a === 'bigint' && typeof b === 'bigint') return checkInt(a + b);
      if (numeric(a) && numeric(b)) return Number(a) + Number(b);
      if (typeof a === 'string' && typeof b === 'string') return a + b;
      if (isList(a) && isList(b)) return [...a, ...b];
      if (a instanceof RTimestamp && b instanceof RDuration)
        return new RTimestamp(a.nanos + b.nanos);
      if (a instanceof RDuration && b instanceof RTimestamp)
        return new RTimestamp(a.nanos + b.nanos);
      if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.nanos + b.nanos);
      return unsupported(op, a, b);
    case '-':
      if (typeof a === 'bigint' && typeof b === 'bigint') return checkInt(a - b);
      if (numeric(a) && numeric(b)) return Number(a) - Number(b);
      if (a instanceof RTimestamp && b instanceof RDuration)
        return new RTimestamp(a.nanos - b.nanos);
      if (a instanceof RTimestamp && b instanceof RTimestamp)
        return new RDuration(a.nanos - b.nanos);
      if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.nanos - b.nanos);
      return unsupported(op, a, b);
    case '*':
      if (typeof a === 'bigint' && typeof b === 'bigint') return checkInt(a * b);
      if (numeric(a) && numeric(b)) return Number(a) * Number(b);
      return unsupported(op, a, b);
    case '/':
      if (typeof a === 'bigint' && typeof b === 'bigint') {
        if (b === 0n) throw evalError('Division by zero.');
        return checkInt(a / b);
      }
      if (numeric(a) && numeric(b)) return Number(a) / Number(b);
      return unsupported(op, a, b);
    case '%':
      if (typeof a === 'bigint' && typeof b === 'bigint') {
        if (b === 0n) throw evalError('Modulus by zero.');
        return a % b;
      }
      if (numeric(a) && numeric(b)) return Number(a) % Number(b);
      return unsupported(op, a, b);
  }
}

function inOp(a: RValue, b: RValue): boolean {
  if (isList(b)) {
    for (const x of b) if (equals(x, a)) return true;
    return false;
  }
  if (b instanceof RMap) {
    const k = asString(a);
    if (b.has(k)) return true;
    b.requireClosed(`Whether key '${k}' exists`);
    return false;
  }
  if (b instanceof RSet) return b.has(a);
  if (b instanceof RContains) {
    for (const x of b.known) if (equals(x, a)) return true;
    throw evalError(
      'Value is unknown for a query: the query does not say whether the list holds this value.',
    );
  }
  if (b === null) throw evalError("Null value error. Cannot use 'in' on null.");
  throw evalError(`Unsupported operation error. Received: ${typeName(a)} in ${typeName(b)}.`);
}

function call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope, env: EvalEnv): RValue {
  const callee = expr.callee;
  if (callee.kind === 'ident') {
    const fn = env.functions.resolve(callee.name);
    if (fn !== undefined) return applyFunction(fn, expr.args, scope, env);
    const storage = env.service === 'firebase.storage';
    if (!hasGlobal(callee.name) || (storage && FIRESTORE_DOCUMENT_GLOBALS.has(callee.name)))
      throw evalError(`Function not found error: Name: [${callee.name}].`);
    return callGlobal(
      callee.name,
      expr.args.map((a) => evaluate(a, scope, env)),
      env.docs,
    );
  }
  if (callee.kind === 'member') {
    const obj = callee.object;
    if (
      env.service === 'firebase.storage' &&
      obj.kind === 'ident' &&
      obj.name === 'firestore' &&
      scope.lookup(obj.name) === undefined
    ) {
      if (callee.name !== 'get' && callee.name !== 'exists')
        throw evalError(`Function not found error: Name: [firestore.${callee.name}].`);
      return callGlobal(
        callee.name,
        expr.args.map((a) => evaluate(a, scope, env)),
        env.docs,
      );
    }
    if (obj.kind === 'ident' && isNamespace(obj.name) && scope.lookup(obj.name) === undefined) {
      return callNamespace(
        obj.name,
        callee.name,
        expr.args.map((a) => evaluate(a, scope, env)),
      );
    }
    const self = evaluate(obj, scope, env);
    return callMethod(
      self,
      callee.name,
      expr.args.map((a) => evaluate(a, scope, env)),
    );
  }
  throw evalError('Only functions and methods can be called.');
}

function applyFunction(fn: FunctionDecl, argExprs: Expr[], scope: Scope, env: EvalEnv): RValue {
  if (argExprs.length !== fn.params.length) {
    throw evalError(
      `Function ${fn.name}() expects ${fn.params.length} arguments but got ${argExprs.length}.`,
    );
  }
  if (env.depth >= MAX_CALL_DEPTH)
    throw evalError(`Maximum function call depth (${MAX_CALL_DEPTH}) exceeded in ${fn.name}().`);
  const vars = new Map<string, Binding>();
  fn.params.forEach((p, i) => vars.set(p, evaluate(argExprs[i] as Expr, scope, env)));
  const inner: EvalEnv = { ...env, depth: env.depth + 1 };
  const fnScope = new Scope(vars, env.globals);
  for (const l of fn.lets) vars.set(l.name, new Thunk(() => evaluate(l.expr, fnScope, inner)));
  return evaluate(fn.body, fnScope, inner);
}
