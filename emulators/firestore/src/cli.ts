/**
 * CLI: node --import tsx emulators/firestore/src/cli.ts --port 8080 --host 127.0.0.1
 *   --project demo-wholesale-portal --rules firestore.rules --import emulator-data/firestore.json
 *   [--export-on-exit path]
 */
import { parseArgs } from 'node:util';
import { startFirestoreEmulator } from './index.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      project: { type: 'string' },
      rules: { type: 'string' },
      import: { type: 'string' },
      'export-on-exit': { type: 'string' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  const port = values.port === undefined ? 8080 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port ?? ''}`);
  const log = values.quiet
    ? () => undefined
    : (line: string) => process.stderr.write(`[firestore] ${line}\n`);
  const emulator = await startFirestoreEmulator({
    port,
    ...(values.host ? { host: values.host } : {}),
    ...(values.project ? { projectId: values.project } : {}),
    ...(values.rules ? { rulesFile: values.rules } : {}),
    ...(values.import ? { seedFile: values.import } : {}),
    ...(values['export-on-exit'] ? { exportOnExit: values['export-on-exit'] } : {}),
    log,
  });
  process.stdout.write(`Firestore emulator ready on ${emulator.url}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    emulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`[firestore] stop failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A bug in one request must not take the stored data down with the process.
  process.on('uncaughtException', (error) =>
    process.stderr.write(`[firestore] uncaught: ${error.stack ?? error.message}\n`),
  );
  process.on('unhandledRejection', (reason) =>
    process.stderr.write(`[firestore] unhandled rejection: ${String(reason)}\n`),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`[firestore] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
