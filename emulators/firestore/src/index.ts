/** Programmatic API: start the Java-free Firestore emulator (REST + gRPC on one port). */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { Databases } from './engine/database.js';
import { FirestoreService } from './engine/firestore-service.js';
import type { Authorizer } from './engine/authorizer.js';
import { createAuthorizer } from './server/authorize.js';
import { checkBindHost } from './server/bind-host.js';
import { listen } from './server/http-server.js';
import { createTriggerDispatcher } from './triggers/index.js';
import { documentsRoot } from './store/resource-name.js';
import {
  findExportMetadata,
  readExport,
  writeExportFolder,
  type ExportFormat,
} from './store/export-layout.js';
import type { DatabaseName } from './store/resource-name.js';
import { formatSeed, parseSeed } from './store/seed-format.js';
import type { Fields } from './store/value.js';

export interface FirestoreEmulatorOptions {
  /** 0 = a free port; default 8080. */
  port?: number;
  /**
   * Default 127.0.0.1. Only loopback (127.x.x.x, ::1, localhost) is accepted unless
   * allowRemoteAccess: see docs/local-firestore-emulator-trust.md.
   */
  host?: string;
  /**
   * Listen on a host other machines can reach (0.0.0.0, a LAN address). Unsafe: anyone who can
   * reach the port can read and change all data (unsigned ID tokens are trusted, the admin
   * endpoints and the owner token need no authentication). Without it such a host is refused.
   */
  allowRemoteAccess?: boolean;
  /** The project the seed belongs to (other projects are served too, empty). Default demo-wholesale-portal. */
  projectId?: string;
  rulesFile?: string;
  seedFile?: string;
  exportOnExit?: string;
  /**
   * What export folders get (exportOnExit, exportTo, the export endpoint): 'native' (default,
   * this emulator's JSON) or 'official' (the official emulator's LevelDB/EntityProto files).
   * Imports read either.
   */
  exportFormat?: ExportFormat;
  /**
   * An export to start from, in the official layout: its overall metadata file (what
   * firebase-tools passes as --seed_from_export) or its folder. Wins over seedFile.
   */
  seedFromExport?: string;
  /**
   * `host:port` of the Functions emulator: Firestore triggers it registers are delivered there
   * (firebase-tools passes it as --functions_emulator).
   */
  functionsEmulator?: string;
  /**
   * How long a request waits for a transaction's lock before it fails with ABORTED `Transaction
   * lock timeout.` (milliseconds; default 2000, 0: no limit).
   */
  lockTimeoutMs?: number;
  /**
   * How long a transaction's read of a document an older transaction read waits for that one to
   * end before sharing the lock (milliseconds; default 500, 0: shares at once as the official
   * emulator does): read-modify-write transactions on one document queue instead of aborting.
   */
  readLockGraceMs?: number;
  log?: (line: string) => void;
  /** Where the remote-access warning goes (a non-loopback host allowed); default `log`. */
  warn?: (line: string) => void;
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  url: string;
  /** Clears every project and reloads the seed. */
  reset(): Promise<void>;
  /**
   * Writes the seeded project's documents: a `.json` path gets the seed format, any other path is
   * a folder that gets the official export layout (store/export-layout.ts).
   */
  exportTo(target: string): Promise<void>;
  /** Resolves once every trigger event queued so far was delivered or dropped. */
  triggersIdle(): Promise<void>;
  /** Exports when exportOnExit was given, then closes the port. */
  stop(): Promise<void>;
}

export const DEFAULT_PROJECT_ID = 'demo-wholesale-portal';

export { isLoopbackHost, RemoteAccessRefusedError } from './server/bind-host.js';
export type { ExportFormat } from './store/export-layout.js';

/** A seed: our JSON seed file, an export folder, or an export's overall metadata file. */
async function readSeed(
  source: string,
  db: DatabaseName,
): Promise<{ path: string; fields: Fields }[]> {
  const info = await stat(source);
  if (info.isDirectory()) return readExport(await findExportMetadata(source), db);
  if (source.endsWith('.overall_export_metadata')) return readExport(source, db);
  return parseSeed(await readFile(source, 'utf8'), documentsRoot(db));
}

export async function startFirestoreEmulator(
  options: FirestoreEmulatorOptions = {},
): Promise<FirestoreEmulator> {
  const host = options.host ?? '127.0.0.1';
  // Throws before anything is read or bound when the host is not loopback and not allowed.
  const remoteWarning = checkBindHost(host, options.allowRemoteAccess === true);
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const log = options.log ?? (() => undefined);
  const dbName = { project: projectId, database: '(default)' };
  const authorizer: Authorizer = createAuthorizer({
    ...(options.rulesFile ? { rulesFile: options.rulesFile } : {}),
    log,
  });
  const databases = new Databases({
    ...(options.lockTimeoutMs !== undefined ? { lockTimeoutMs: options.lockTimeoutMs } : {}),
    ...(options.readLockGraceMs !== undefined ? { readLockGraceMs: options.readLockGraceMs } : {}),
  });
  const service = new FirestoreService(databases, () => authorizer);
  const triggers = createTriggerDispatcher(databases, {
    ...(options.functionsEmulator ? { functionsEmulator: options.functionsEmulator } : {}),
    log,
  });

  const seedSource = options.seedFromExport ?? options.seedFile;
  const seedDocs = seedSource ? await readSeed(seedSource, dbName) : [];
  const loadSeed = (): void => {
    const db = databases.get(projectId, '(default)');
    const now = service.clock.now();
    for (const doc of seedDocs)
      db.store.put({
        path: doc.path,
        fields: structuredClone(doc.fields),
        createTime: now,
        updateTime: now,
      });
  };
  loadSeed();
  if (seedSource) log(`imported ${seedDocs.length} documents from ${seedSource}`);

  const server = await listen(
    {
      service,
      authorizer: () => authorizer,
      log,
      triggers,
      ...(options.exportFormat ? { exportFormat: options.exportFormat } : {}),
      reset: () => {
        databases.clearAll();
        loadSeed();
      },
    },
    host,
    options.port ?? 8080,
  );
  if (remoteWarning) (options.warn ?? log)(remoteWarning);
  // The protobuf reflection is built by the first request that needs it (src/proto/firestore-proto.ts),
  // so an idle emulator stays small.
  const exportTo = async (target: string): Promise<void> => {
    const docs = databases.get(projectId, '(default)').store.all();
    if (target.endsWith('.json')) await writeFile(target, formatSeed(docs, documentsRoot(dbName)));
    else await writeExportFolder(target, dbName, docs, options.exportFormat);
    log(`exported ${docs.length} documents to ${target}`);
  };
  let stopped = false;
  return {
    host,
    port: server.port,
    // An IPv6 address (::1) goes in brackets in a URL.
    url: `http://${host.includes(':') ? `[${host}]` : host}:${server.port}`,
    reset: async () => {
      databases.clearAll();
      loadSeed();
    },
    exportTo,
    triggersIdle: () => triggers.idle(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      triggers.stop();
      if (options.exportOnExit) await exportTo(options.exportOnExit);
      await server.close();
      authorizer.close();
    },
  };
}
