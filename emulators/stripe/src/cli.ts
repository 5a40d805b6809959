import { CliUsageError, parseCliOptions, USAGE } from './cli-options.js';
import { startStripeSandbox } from './index.js';

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof CliUsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
  const sandbox = await startStripeSandbox({
    ...options,
    log: (line) => console.log(`[stripe-sandbox] ${line}`),
  });
  console.log(`Stripe sandbox ready on ${sandbox.url}`);
  console.log(`[stripe-sandbox] webhooks -> ${options.webhookUrl ?? '(none configured)'}`);
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`[stripe-sandbox] ${signal}: stopping`);
    sandbox.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    `[stripe-sandbox] failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
