import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliOptions } from '../src/cli-options.js';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

describe('CLI options', () => {
  it('reads flags, falls back to the environment, and lets flags win', () => {
    const env = {
      STRIPE_SANDBOX_PORT: '4000',
      STRIPE_WEBHOOK_URL: 'http://env/hook',
      STRIPE_WEBHOOK_SECRET: 'whsec_env',
    };
    expect(parseCliOptions([], env)).toEqual({
      port: 4000,
      webhookUrl: 'http://env/hook',
      webhookSecret: 'whsec_env',
    });
    expect(
      parseCliOptions(
        ['--port', '12111', '--webhook-url=http://flag/hook', '--host', '0.0.0.0'],
        env,
      ),
    ).toEqual({
      port: 12111,
      host: '0.0.0.0',
      webhookUrl: 'http://flag/hook',
      webhookSecret: 'whsec_env',
    });
  });

  it('refuses unknown flags, missing values and bad ports', () => {
    expect(() => parseCliOptions(['--colour', 'x'], {})).toThrow(CliUsageError);
    expect(() => parseCliOptions(['--port'], {})).toThrow(/Missing value/);
    expect(() => parseCliOptions(['--port', 'abc'], {})).toThrow(/Invalid port/);
    expect(() => parseCliOptions([], { STRIPE_SANDBOX_PORT: '70000' })).toThrow(/Invalid port/);
  });
});

describe('CLI process', () => {
  it('prints the ready line, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0'], {
      env: { ...process.env, STRIPE_WEBHOOK_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ready line; output: ${output}`)),
          15_000,
        );
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Stripe sandbox ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1] as string);
          }
        });
      });
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true, service: 'stripe-sandbox' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
