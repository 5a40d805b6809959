/**
 * The Firestore Admin API's Database resource (google.firestore.admin.v1.Database), as far as tests
 * and tools touch it: `GET /v1/projects/{p}/databases/{d}` answers the Database, and
 * `PATCH /v1/projects/{p}/databases/{d}?updateMask=concurrencyMode` sets its `concurrencyMode` and
 * answers a done long-running Operation whose response is the updated Database.
 *
 * The mode is stored per database and reported back, nothing more: transactions lock the same way
 * whatever it says (src/engine/locks.ts), pessimistically, as the official emulator does. Every
 * other field is fixed (a Firestore Native, Standard edition database) and can't be changed.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Database } from '../engine/database.js';
import { FirestoreError, INVALID_PAYLOAD, invalidArgument } from '../store/errors.js';
import { parseDatabaseName, type DatabaseName } from '../store/resource-name.js';
import { formatMicros, type Micros } from '../store/timestamp.js';
import { isLoopbackOrigin } from './cors.js';
import type { EmulatorContext } from './emulator-context.js';

const ADMIN_TYPE = 'type.googleapis.com/google.firestore.admin.v1';

/** The modes a database can be set to (ConcurrencyMode enum: name and number). */
const MODES = new Map<string | number, string>([
  ['OPTIMISTIC', 'OPTIMISTIC'],
  [1, 'OPTIMISTIC'],
  ['PESSIMISTIC', 'PESSIMISTIC'],
  [2, 'PESSIMISTIC'],
  ['OPTIMISTIC_WITH_ENTITY_GROUPS', 'OPTIMISTIC_WITH_ENTITY_GROUPS'],
  [3, 'OPTIMISTIC_WITH_ENTITY_GROUPS'],
]);
/** Production's default for a Firestore Native database. */
const DEFAULT_MODE = 'PESSIMISTIC';

/** What a database reports besides its name, times and mode; none of it can be changed here. */
const FIXED: Record<string, string> = {
  type: 'FIRESTORE_NATIVE',
  versionRetentionPeriod: '3600s', // reads at a readTime reach one hour back (README)
  appEngineIntegrationMode: 'DISABLED',
  pointInTimeRecoveryEnablement: 'POINT_IN_TIME_RECOVERY_DISABLED',
  deleteProtectionState: 'DELETE_PROTECTION_DISABLED',
  databaseEdition: 'STANDARD',
};

/** Fields of the Database message a client may send; the output-only ones are ignored. */
const OUTPUT_ONLY = new Set([
  'name',
  'uid',
  'createTime',
  'updateTime',
  'deleteTime',
  'versionRetentionPeriod',
  'earliestVersionTime',
  'keyPrefix',
  'previousId',
  'sourceInfo',
  'freeTier',
  'etag',
]);
const OTHER_FIELDS = new Set([
  'locationId',
  'type',
  'pointInTimeRecoveryEnablement',
  'appEngineIntegrationMode',
  'deleteProtectionState',
  'cmekConfig',
  'tags',
  'databaseEdition',
  'realtimeUpdatesMode',
  'firestoreDataAccessMode',
  'mongodbCompatibleDataAccessMode',
]);
const isDatabaseField = (field: string): boolean =>
  field === 'concurrencyMode' || OUTPUT_ONLY.has(field) || OTHER_FIELDS.has(field);

interface Settings {
  uid: string;
  createTime: Micros;
  updateTime: Micros;
  concurrencyMode: string;
}

/** Per database object: kept while the emulator runs (a clear or reset empties the documents only). */
const settingsOf = new WeakMap<Database, Settings>();

function settings(ctx: EmulatorContext, name: DatabaseName): Settings {
  const db = ctx.service.databases.get(name.project, name.database);
  let found = settingsOf.get(db);
  if (!found) {
    const now = ctx.service.clock.now();
    found = { uid: randomUUID(), createTime: now, updateTime: now, concurrencyMode: DEFAULT_MODE };
    settingsOf.set(db, found);
  }
  return found;
}

function databaseJson(name: DatabaseName, s: Settings): Record<string, unknown> {
  return {
    name: `projects/${name.project}/databases/${name.database}`,
    uid: s.uid,
    createTime: formatMicros(s.createTime),
    updateTime: formatMicros(s.updateTime),
    type: FIXED['type'],
    concurrencyMode: s.concurrencyMode,
    versionRetentionPeriod: FIXED['versionRetentionPeriod'],
    appEngineIntegrationMode: FIXED['appEngineIntegrationMode'],
    pointInTimeRecoveryEnablement: FIXED['pointInTimeRecoveryEnablement'],
    deleteProtectionState: FIXED['deleteProtectionState'],
    databaseEdition: FIXED['databaseEdition'],
    etag: createHash('sha256')
      .update(`${s.uid}/${s.updateTime}/${s.concurrencyMode}`)
      .digest('base64url')
      .slice(0, 27),
  };
}

const camel = (path: string): string =>
  path.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const cannotUpdate = (field: string): FirestoreError =>
  invalidArgument(
    `Updating "${field}" of a database is not supported by the emulator; only concurrencyMode can be updated.`,
  );

/** The new mode, or an INVALID_ARGUMENT naming the value, as production's JSON front end does. */
function parseMode(value: unknown): string {
  const mode =
    typeof value === 'string' || typeof value === 'number' ? MODES.get(value) : undefined;
  if (mode) return mode;
  if (value === 'CONCURRENCY_MODE_UNSPECIFIED' || value === 0 || value === undefined)
    throw invalidArgument(
      'concurrencyMode must be OPTIMISTIC, PESSIMISTIC or OPTIMISTIC_WITH_ENTITY_GROUPS.',
    );
  throw invalidArgument(
    `Invalid value at 'database.concurrency_mode' (${ADMIN_TYPE}.Database.ConcurrencyMode), ${JSON.stringify(value)}`,
  );
}

/** Reads and checks a PATCH; returns the new mode (undefined: nothing to change) or throws, changing nothing. */
function parseUpdate(
  text: string,
  maskParams: string[],
  current: Record<string, unknown>,
): string | undefined {
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    throw invalidArgument(INVALID_PAYLOAD);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidArgument(INVALID_PAYLOAD);
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(body)) {
    const field = camel(key);
    if (!isDatabaseField(field))
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${key}" at 'database': Cannot find field.`,
      );
    fields.set(field, value);
  }
  const maskPaths = maskParams
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (maskParams.length > 0) {
    // An explicit mask: concurrencyMode only.
    for (const path of maskPaths) {
      const field = camel(path);
      if (!isDatabaseField(field))
        throw invalidArgument(`Invalid update mask path "${path}": Database has no such field.`);
      if (field !== 'concurrencyMode') throw cannotUpdate(path);
    }
    return maskPaths.length > 0 ? parseMode(fields.get('concurrencyMode')) : undefined;
  }
  // No mask: every field the body sets. A field sent back as GET reported it changes nothing.
  for (const [field, value] of fields) {
    if (field === 'concurrencyMode' || OUTPUT_ONLY.has(field)) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[field])) throw cannotUpdate(field);
  }
  return fields.has('concurrencyMode') ? parseMode(fields.get('concurrencyMode')) : undefined;
}

/**
 * GET (HEAD) or PATCH of `projects/{project}/databases/{database}`: the JSON answer, or null when
 * the method is not one of these (the caller answers 404).
 */
export async function handleDatabaseResource(
  ctx: EmulatorContext,
  req: IncomingMessage,
  url: URL,
  name: DatabaseName,
  readBody: () => Promise<string>,
): Promise<unknown> {
  parseDatabaseName(`projects/${name.project}/databases/${name.database}`);
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return databaseJson(name, settings(ctx, name));
  if (method !== 'PATCH') return null;
  // An admin change: like the /emulator/v1 endpoints, not for pages served from elsewhere.
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin))
    throw new FirestoreError(
      'PERMISSION_DENIED',
      'The emulator admin endpoints answer pages served from this machine only.',
    );
  const s = settings(ctx, name);
  const mode = parseUpdate(
    await readBody(),
    url.searchParams.getAll('updateMask'),
    databaseJson(name, s),
  );
  if (mode !== undefined) {
    s.concurrencyMode = mode;
    s.updateTime = ctx.service.clock.now();
  }
  const database = databaseJson(name, s);
  return {
    name: `${String(database['name'])}/operations/${randomBytes(12).toString('base64url')}`,
    metadata: { '@type': `${ADMIN_TYPE}.UpdateDatabaseMetadata` },
    done: true,
    response: { '@type': `${ADMIN_TYPE}.Database`, ...database },
  };
}
