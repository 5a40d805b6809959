/**
 * The local App Check exchange as a process of the local stack (scripts/lib/stack.ts):
 *   APP_CHECK_DEBUG_TOKEN=... node --import tsx scripts/app-check-exchange.ts --port 9095 --project demo-wholesale-portal
 * The debug token comes from the environment so it does not show in the process list.
 */
import { parseArgs } from 'node:util';
import { startAppCheckExchange } from './lib/app-check-exchange';

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, project: { type: 'string' } },
  strict: true,
});
const port = Number(values.port);
const debugToken = process.env.APP_CHECK_DEBUG_TOKEN ?? '';
if (!Number.isInteger(port) || port <= 0 || port > 65535 || !values.project || !debugToken) {
  process.stderr.write(
    'Usage: APP_CHECK_DEBUG_TOKEN=<token> app-check-exchange --port <port> --project <id> [--host 127.0.0.1]\n',
  );
  process.exit(2);
}
const exchange = await startAppCheckExchange({
  host: values.host ?? '127.0.0.1',
  port,
  projectId: values.project,
  debugToken,
});
process.stdout.write(`App Check exchange ready on ${exchange.url}\n`);
const stop = () => void exchange.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
