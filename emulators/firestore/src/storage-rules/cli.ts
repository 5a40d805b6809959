/**
 * The Storage rules runtime as firebase-tools starts it: `<runtime> serve`, one JSON request per
 * line on stdin, one JSON reply per line on stdout (see runtime.ts). The generated `java`
 * stand-in (firebase-tools/launch-under-firebase-tools.ts) runs the prebuilt bundle of this file,
 * dist/storage-rules.mjs, in place of cloud-storage-rules-runtime-*.jar. Exits when stdin closes
 * (firebase-tools stopped or gone) or on SIGINT/SIGTERM.
 *
 * STORAGE_RULES_DEBUG=1 writes every decision to stderr (firebase-tools shows stderr as warnings).
 */
import { createInterface } from 'node:readline';
import { StorageRulesRuntime } from './runtime.js';

const args = process.argv.slice(2);
if (args.length > 0 && args[0] !== 'serve') {
  process.stderr.write(`storage rules runtime: unknown command ${args.join(' ')} (only "serve")\n`);
  process.exit(2);
}
process.stdout.on('error', () => process.exit(0));
const debug = process.env['STORAGE_RULES_DEBUG'] === '1';
const runtime = new StorageRulesRuntime({
  send: (line) => process.stdout.write(`${line}\n`),
  // Not JSON: firebase-tools shows such lines in its log.
  log: (line) => process.stdout.write(`${line}\n`),
  onDecision: debug
    ? (path, method, decision) =>
        process.stderr.write(`storage rules: ${method} ${path}: ${decision.message}\n`)
    : undefined,
});
const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (line) => runtime.handleLine(line));
input.on('close', () => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
runtime.start();
