/**
 * CLI: node --import tsx emulators/firestore/src/cli.ts --port 8080 --host 127.0.0.1
 *   --project demo-wholesale-portal --rules firestore.rules --import emulator-data/firestore.json
 *   [--export-on-exit path] [--export-format native|official] [--functions-emulator host:port]
 *   [--allow-remote-access] [--lock-timeout-ms 2000] [--read-lock-grace-ms 500]
 *
 * It listens on loopback only (127.0.0.1 by default; ::1, localhost and other 127.x addresses are
 * accepted) and exits with an error for any other --host unless --allow-remote-access is given:
 * it has no real authentication (docs/local-firestore-emulator-trust.md).
 *
 * It also accepts the flags firebase-tools passes to its Firestore emulator (--project_id,
 * --functions_emulator, --single_project_mode, --websocket_port, --database-edition), so
 * firebase-tools can run it as that emulator: see docs/firestore-triggers.md.
 */
import { parseArgs } from 'node:util';
import { startFirestoreEmulator, type ExportFormat } from './index.js';

/** How long a stop may take before the process exits anyway. */
const STOP_DEADLINE_MS = 5000;

function isClosedOutput(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

async function main(): Promise<void> {
  // When whoever reads our output is gone (firebase-tools stopped or killed), writes fail with
  // EPIPE: drop the output rather than raise errors about it.
  for (const output of [process.stdout, process.stderr]) output.on('error', () => undefined);
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      project: { type: 'string' },
      rules: { type: 'string' },
      import: { type: 'string' },
      'export-on-exit': { type: 'string' },
      /** What exports write: native (this emulator's JSON, default) or official. */
      'export-format': { type: 'string' },
      quiet: { type: 'boolean' },
      'functions-emulator': { type: 'string' },
      /** Listen on a non-loopback --host (0.0.0.0, a LAN address) anyway: unsafe, see above. */
      'allow-remote-access': { type: 'boolean' },
      /** Exit when the process that started us is gone (firebase-tools starts us detached). */
      'exit-with-parent': { type: 'boolean' },
      /** Milliseconds a request waits for a transaction's lock (default 2000; 0: no limit). */
      'lock-timeout-ms': { type: 'string' },
      /** Milliseconds a read waits for an older reader before sharing its lock (default 500). */
      'read-lock-grace-ms': { type: 'string' },
      // firebase-tools' names for its Firestore emulator's flags.
      project_id: { type: 'string' },
      functions_emulator: { type: 'string' },
      single_project_mode: { type: 'string' },
      websocket_port: { type: 'string' },
      'database-edition': { type: 'string' },
      seed_from_export: { type: 'string' },
    },
    strict: true,
  });
  const port = values.port === undefined ? 8080 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port ?? ''}`);
  const lockTimeoutMs =
    values['lock-timeout-ms'] === undefined ? undefined : Number(values['lock-timeout-ms']);
  if (lockTimeoutMs !== undefined && !(Number.isInteger(lockTimeoutMs) && lockTimeoutMs >= 0))
    throw new Error(`invalid --lock-timeout-ms ${values['lock-timeout-ms'] ?? ''}`);
  const readLockGraceMs =
    values['read-lock-grace-ms'] === undefined ? undefined : Number(values['read-lock-grace-ms']);
  if (readLockGraceMs !== undefined && !(Number.isInteger(readLockGraceMs) && readLockGraceMs >= 0))
    throw new Error(`invalid --read-lock-grace-ms ${values['read-lock-grace-ms'] ?? ''}`);
  const log = values.quiet
    ? () => undefined
    : (line: string) => process.stderr.write(`[firestore] ${line}\n`);
  const edition = values['database-edition'];
  if (edition !== undefined && edition !== 'standard') {
    throw new Error(`unsupported --database-edition ${edition} (only standard)`);
  }
  const exportFormat = values['export-format'];
  if (exportFormat !== undefined && exportFormat !== 'native' && exportFormat !== 'official') {
    throw new Error(`invalid --export-format ${exportFormat} (native or official)`);
  }
  const projectId = values.project ?? values.project_id;
  const functionsEmulator = values['functions-emulator'] ?? values.functions_emulator;
  const emulator = await startFirestoreEmulator({
    port,
    // An explicit --host is passed as given (even empty, which would mean every interface), so a
    // non-loopback one is refused unless --allow-remote-access.
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values['allow-remote-access'] ? { allowRemoteAccess: true } : {}),
    ...(projectId ? { projectId } : {}),
    ...(functionsEmulator ? { functionsEmulator } : {}),
    ...(lockTimeoutMs !== undefined ? { lockTimeoutMs } : {}),
    ...(readLockGraceMs !== undefined ? { readLockGraceMs } : {}),
    ...(values.seed_from_export ? { seedFromExport: values.seed_from_export } : {}),
    ...(values.rules ? { rulesFile: values.rules } : {}),
    ...(values.import ? { seedFile: values.import } : {}),
    ...(values['export-on-exit'] ? { exportOnExit: values['export-on-exit'] } : {}),
    ...(exportFormat ? { exportFormat: exportFormat as ExportFormat } : {}),
    log,
    // Printed even with --quiet.
    warn: (line: string) => process.stderr.write(`[firestore] ${line}\n`),
  });
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // A stop that cannot finish (a client holding a stream open, say) must not keep us running.
    setTimeout(() => process.exit(0), STOP_DEADLINE_MS).unref();
    emulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`[firestore] stop failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  if (values['exit-with-parent']) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop();
    }, 1000).unref();
  }
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A bug in one request must not take the stored data down with the process. A failed write to
  // our own output (closed pipe) is not reported on that same output: that would loop forever.
  process.on('uncaughtException', (error) => {
    if (isClosedOutput(error)) return;
    process.stderr.write(`[firestore] uncaught: ${error.stack ?? error.message}\n`);
  });
  process.on('unhandledRejection', (reason) =>
    process.stderr.write(`[firestore] unhandled rejection: ${String(reason)}\n`),
  );
  // Last, once SIGTERM is handled: a parent that stops us as soon as we are ready gets a clean exit.
  process.stdout.write(`Firestore emulator ready on ${emulator.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[firestore] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
