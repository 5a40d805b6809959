/** Atomic commits: preconditions, update masks, transforms, rules checks, and transaction conflicts. */
import type { AuthorizeRequest, Authorizer, RulesMethod } from './authorizer.js';
import type { StoredDocument } from '../store/document-store.js';
import {
  deleteField,
  getField,
  parseFieldPath,
  setField,
  invalidFieldPathMessage,
} from '../store/field-path.js';
import { parseDocumentName, type DatabaseName } from '../store/resource-name.js';
import {
  formatMicros,
  parseTimestamp,
  timestampToMicros,
  truncateToMicros,
  type Micros,
} from '../store/timestamp.js';
import { fieldsIdentical, type Fields, type Value } from '../store/value.js';
import type { Caller } from './caller.js';
import type { Database, Transaction } from './database.js';
import { FirestoreError, invalidArgument, throwIfDenied } from '../store/errors.js';
import { applyTransforms, transformPath } from './field-transforms.js';
import type { PreconditionJson, WriteJson, WriteResultJson } from './request-types.js';
import { validateDocumentPath, validateDocumentSize, validateFields } from './validate-fields.js';
import { normalizeFields } from './normalize-values.js';
import type { Usage } from './usage.js';

export interface CommitContext {
  db: Database;
  dbName: DatabaseName;
  caller: Caller;
  authorizer: Authorizer;
  commitTime: Micros;
  /** Where a successful commit's writes and deletes are billed. */
  usage: Usage;
}

interface PlannedWrite {
  method: RulesMethod | 'verify';
  path: string;
  before: StoredDocument | undefined;
  after: StoredDocument | undefined;
  result: WriteResultJson;
}

function elementPath(path: string): string {
  const segments = path.split('/');
  let out = '';
  for (let i = 0; i < segments.length; i += 2) {
    out += `  Element {\n    type: "${segments[i]}"\n    name: "${segments[i + 1]}"\n  }\n`;
  }
  return out;
}

export function notFoundForUpdate(dbName: DatabaseName, path: string): FirestoreError {
  return new FirestoreError(
    'NOT_FOUND',
    `no entity to update: app: "dev~${dbName.project}"\npath <\n${elementPath(path)}>\n`,
  );
}

export function alreadyExists(dbName: DatabaseName, path: string): FirestoreError {
  return new FirestoreError(
    'ALREADY_EXISTS',
    `entity already exists: EntityRef[partitionRef=dev~${dbName.project}, path=/${path}]`,
  );
}

/** The answer to a verify write without a precondition (INVALID_ARGUMENT). */
export const VERIFY_WITHOUT_PRECONDITION = 'A verify write must have a precondition.';

function checkPrecondition(
  ctx: CommitContext,
  path: string,
  before: StoredDocument | undefined,
  pre: PreconditionJson | undefined,
): FirestoreError | null {
  if (!pre) return null;
  if (pre.exists !== undefined && pre.updateTime !== undefined)
    return invalidArgument('Precondition can specify exists or updateTime, not both.');
  if (pre.exists === true && !before) return notFoundForUpdate(ctx.dbName, path);
  if (pre.exists === false && before) return alreadyExists(ctx.dbName, path);
  if (pre.updateTime !== undefined) {
    const ts = parseTimestamp(pre.updateTime);
    if (!ts) return invalidArgument('Invalid updateTime precondition.');
    const wanted = timestampToMicros(truncateToMicros(ts));
    if (!before) return notFoundForUpdate(ctx.dbName, path);
    if (before.updateTime !== wanted) {
      return new FirestoreError(
        'FAILED_PRECONDITION',
        `the stored version (${before.updateTime}) does not match the required base version (${wanted})`,
      );
    }
  }
  return null;
}

function writeTarget(write: WriteJson): string {
  const name = write.update?.name ?? write.delete ?? write.verify ?? write.transform?.document;
  if (name === undefined)
    throw invalidArgument('A write must have an update, delete, verify or transform.');
  return name;
}

function maskPaths(write: WriteJson): string[][] | null {
  if (!write.updateMask) return null;
  return (write.updateMask.fieldPaths ?? []).map((p) => {
    const path = parseFieldPath(p);
    if (!path) throw invalidArgument(invalidFieldPathMessage(p));
    return path;
  });
}

/** Builds the new document fields for an update write (before transforms). */
function updatedFields(write: WriteJson, before: StoredDocument | undefined): Fields {
  const input = write.update?.fields ?? {};
  const mask = maskPaths(write);
  if (!mask) return { ...input };
  const fields: Fields = { ...(before?.fields ?? {}) };
  for (const path of mask) {
    const value = getField(input, path);
    if (value === undefined) deleteField(fields, path);
    else setField(fields, path, value);
  }
  return fields;
}

/**
 * The request time of a commit: the value of REQUEST_TIME server timestamps and of rules'
 * request.time, at millisecond precision like the official emulator.
 */
function requestTimeMicros(ctx: CommitContext): Micros {
  return ctx.commitTime - (ctx.commitTime % 1000);
}

/**
 * The rules method of a set or transform write whose precondition fixes it, whether or not the
 * document exists: exists=false can only succeed as a create (judged with resource null), exists=true
 * and updateTime only as an update. Production judges the rules before the preconditions, so a
 * caller the rules deny gets PERMISSION_DENIED and cannot learn from ALREADY_EXISTS or NOT_FOUND
 * (nor from the method named in the denial) whether the document exists. Without such a
 * precondition the stored document decides (create when missing, else update), as in production.
 */
function methodOfPrecondition(write: WriteJson): 'create' | 'update' | undefined {
  const pre = write.currentDocument;
  if (!pre || write.delete !== undefined || write.verify !== undefined) return undefined;
  if (pre.exists !== undefined && pre.updateTime !== undefined) return undefined;
  if (pre.exists === false) return 'create';
  if (pre.exists === true || pre.updateTime !== undefined) return 'update';
  return undefined;
}

function plan(
  ctx: CommitContext,
  writes: WriteJson[],
  overlay: Map<string, StoredDocument | undefined>,
): { planned: PlannedWrite[]; failure: FirestoreError | null } {
  const requestTimeText = formatMicros(requestTimeMicros(ctx));
  const planned: PlannedWrite[] = [];
  let failure: FirestoreError | null = null;
  for (const write of writes) {
    const parsed = parseDocumentName(writeTarget(write));
    if (parsed.db.project !== ctx.dbName.project || parsed.db.database !== ctx.dbName.database) {
      throw invalidArgument(
        `Document "${writeTarget(write)}" is not in database projects/${ctx.dbName.project}/databases/${ctx.dbName.database}.`,
      );
    }
    validateDocumentPath(parsed.segments);
    const path = parsed.path;
    const stored = overlay.has(path) ? overlay.get(path) : ctx.db.store.get(path);
    const preconditionError = checkPrecondition(ctx, path, stored, write.currentDocument);
    if (preconditionError && !failure) failure = preconditionError;
    const judgedAs = ctx.caller.kind === 'admin' ? undefined : methodOfPrecondition(write);
    // A create is planned (and judged) as if the document were missing, whatever is stored.
    const before = judgedAs === 'create' ? undefined : stored;

    if (write.verify !== undefined) {
      // A verify write only checks its precondition: without one it is refused, as in production.
      const pre = write.currentDocument;
      if (pre?.exists === undefined && pre?.updateTime === undefined)
        throw invalidArgument(VERIFY_WITHOUT_PRECONDITION);
      planned.push({ method: 'verify', path, before, after: before, result: {} });
      continue;
    }
    if (write.delete !== undefined) {
      overlay.set(path, undefined);
      planned.push({ method: 'delete', path, before, after: undefined, result: {} });
      continue;
    }
    let fields: Fields;
    let transforms = write.updateTransforms ?? [];
    if (write.update) {
      if (write.update.fields) {
        normalizeFields(write.update.fields);
        validateFields(write.update.fields);
      }
      fields = updatedFields(write, before);
    } else {
      fields = { ...(before?.fields ?? {}) };
      transforms = write.transform?.fieldTransforms ?? [];
    }
    for (const t of transforms) transformPath(t);
    const transformResults = applyTransforms(fields, transforms, requestTimeText);
    validateDocumentSize(path, fields);
    let after: StoredDocument;
    if (before && fieldsIdentical(before.fields, fields)) {
      after = before;
    } else {
      after = {
        path,
        fields,
        createTime: before?.createTime ?? ctx.commitTime,
        updateTime: ctx.commitTime,
      };
    }
    overlay.set(path, after);
    const result: WriteResultJson = { updateTime: formatMicros(after.updateTime) };
    if (transforms.length > 0) result.transformResults = transformResults;
    planned.push({
      method: judgedAs ?? (before ? 'update' : 'create'),
      path,
      before,
      after,
      result,
    });
  }
  return { planned, failure };
}

function authorizeWrites(
  ctx: CommitContext,
  planned: PlannedWrite[],
  overlay: Map<string, StoredDocument | undefined>,
): void {
  if (ctx.caller.kind === 'admin') return;
  const auth = ctx.caller.auth;
  const store = ctx.db.store;
  // What the rules read is billed once per document for the whole commit; a document the
  // commit writes, read after it (getAfter), is the commit's own and not billed.
  const accessed = new Set<string>();
  const lookup = {
    get: (p: string): Fields | null => {
      accessed.add(p);
      return store.get(p)?.fields ?? null;
    },
    getAfter: (p: string): Fields | null => {
      if (overlay.has(p)) return overlay.get(p)?.fields ?? null;
      accessed.add(p);
      return store.get(p)?.fields ?? null;
    },
  };
  try {
    authorizeEach(ctx, planned, lookup, auth);
  } finally {
    if (accessed.size > 0) ctx.usage.count(ctx.dbName.project, 'rules', accessed.size);
  }
}

function authorizeEach(
  ctx: CommitContext,
  planned: PlannedWrite[],
  lookup: AuthorizeRequest['lookup'],
  auth: AuthorizeRequest['auth'],
): void {
  const time = new Date(ctx.commitTime / 1000);
  for (const w of planned) {
    // A verify write reads the document: it needs get permission (as in the official emulator).
    const isVerify = w.method === 'verify';
    const decision = ctx.authorizer.authorize({
      method: w.method === 'verify' ? 'get' : w.method,
      path: w.path,
      auth,
      time,
      // request.time is exactly the value a server timestamp gets in this commit.
      timeMicros: requestTimeMicros(ctx),
      resource: w.before?.fields ?? null,
      requestResource: isVerify || w.method === 'delete' ? null : (w.after?.fields ?? null),
      lookup,
    });
    throwIfDenied(decision);
  }
}

/**
 * The documents `writes` target, for locking (src/engine/locks.ts). Names that do not parse are
 * left out: the commit itself reports them.
 */
export function writeTargets(dbName: DatabaseName, writes: WriteJson[]): string[] {
  const paths: string[] = [];
  for (const write of writes) {
    try {
      const parsed = parseDocumentName(writeTarget(write));
      if (parsed.db.project === dbName.project && parsed.db.database === dbName.database)
        paths.push(parsed.path);
    } catch {
      // reported by the commit
    }
  }
  return paths;
}

/**
 * Throws what an invalid write of `writes` would make the commit throw (bad names, fields,
 * transforms), without applying anything: a commit that has to wait for locks checks this first,
 * so an invalid write fails at once, as in the official emulator.
 */
export function validateWrites(ctx: CommitContext, writes: WriteJson[]): void {
  plan(ctx, writes, new Map());
}

export interface CommitOutcome {
  writeResults: WriteResultJson[];
  commitTime: Micros;
}

/**
 * Checks and applies all writes atomically, and bills them (ctx.usage); throws without changing
 * or billing anything on failure.
 */
export function commitWrites(
  ctx: CommitContext,
  writes: WriteJson[],
  tx?: Transaction,
): CommitOutcome {
  if (tx?.readOnly && writes.length > 0)
    throw invalidArgument('Cannot modify entities in a read-only transaction.');
  const overlay = new Map<string, StoredDocument | undefined>();
  const { planned, failure } = plan(ctx, writes, overlay);
  // Rules first, for every write of the commit, then the preconditions (`failure`): a caller the
  // rules deny learns nothing about which documents exist. Admin callers skip the rules.
  authorizeWrites(ctx, planned, overlay);
  if (tx) {
    // A denial wins (above); then a transaction whose reads went stale is ABORTED, even when a
    // precondition fails too, so clients retry and see the new data. The documents it read and the
    // collections it queried are locked (src/engine/locks.ts), so this is only a safety net.
    // A failed precondition ends the transaction (an invalid write does not), as in the official
    // emulator.
    if (ctx.db.conflicts(tx)) {
      ctx.db.end(tx.id);
      throw new FirestoreError(
        'ABORTED',
        'Transaction aborted because data it read was changed by another write.',
      );
    }
    if (failure) {
      ctx.db.end(tx.id);
      throw failure;
    }
    ctx.db.end(tx.id);
  } else if (failure) {
    throw failure;
  }
  ctx.db.apply(ctx.commitTime, overlay);
  const deletes = planned.filter((p) => p.method === 'delete').length;
  const verifies = planned.filter((p) => p.method === 'verify').length;
  ctx.usage.countWrites(ctx.dbName.project, planned.length - deletes - verifies, deletes);
  return { writeResults: planned.map((p) => p.result), commitTime: ctx.commitTime };
}

export type { Value };
