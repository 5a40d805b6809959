import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { onCall as firebaseOnCall } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as deployed from '../../src/index';
import { callable } from '../../src/handlers/edge';
import { parseData, UNKNOWN_FIELDS } from '../../src/lib/caller';
import { onCall, RAW_BODY_MAX_BYTES } from '../../src/lib/guarded-on-call';
import { log } from '../../src/lib/log';
import { PAYLOAD_LIMITS, PAYLOAD_PROBLEMS, payloadProblem } from '../../src/lib/payload-limits';
import { subscribeNewsletterRequest } from '@portal/domain';

/** A value nested `depth` arrays deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}
const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const keys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]));

describe('payloadProblem', () => {
  it('lets every real request through', () => {
    for (const data of [
      undefined,
      null,
      {},
      { email: 'a@b.test' },
      {
        locationId: 'main',
        location: {
          name: 'Main St store',
          ship_to: { name: 'A', address: { line1: '1 Main St', city: 'X', postal_code: '1' } },
          delivery_notes: 'Back door',
        },
      },
      { standingOrderId: 's', action: 'set_quantities', quantities: keys(100) },
      { range: { from: '2026-01-01', to: '2026-01-31' }, interval: 'week' },
    ]) {
      expect(payloadProblem(data), JSON.stringify(data)).toBeNull();
    }
    expect(payloadProblem(nested(PAYLOAD_LIMITS.maxDepth))).toBeNull();
  });

  it('refuses what is too deep, too wide, too many or too large, each with its reason', () => {
    expect(payloadProblem(nested(PAYLOAD_LIMITS.maxDepth + 1))).toBe(PAYLOAD_PROBLEMS.tooDeep);
    expect(payloadProblem({ quantities: keys(PAYLOAD_LIMITS.maxEntries + 1) })).toBe(
      PAYLOAD_PROBLEMS.tooWide,
    );
    expect(payloadProblem(Array(PAYLOAD_LIMITS.maxEntries + 1).fill(0))).toBe(
      PAYLOAD_PROBLEMS.tooWide,
    );
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`g${i}`, keys(150)]));
    expect(payloadProblem(many)).toBe(PAYLOAD_PROBLEMS.tooMany);
    expect(payloadProblem({ email: 'a'.repeat(PAYLOAD_LIMITS.maxBytes) })).toBe(
      PAYLOAD_PROBLEMS.tooLarge,
    );
  });

  it('stops early: 100 000 levels and 600 000 keys are refused in milliseconds', () => {
    const deep = nested(100_000);
    const wide = keys(600_000);
    const started = performance.now();
    expect(payloadProblem(deep)).toBe(PAYLOAD_PROBLEMS.tooDeep);
    expect(payloadProblem({ data: 1, ...{ nested: { wide } } })).toBe(PAYLOAD_PROBLEMS.tooWide);
    // Generous for a loaded machine; walking it all would take seconds.
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});

describe('parseData', () => {
  it('refuses unknown keys without naming them', () => {
    const many = { email: 'a@b.test', secretKeyOne: 1, secretKeyTwo: 2 };
    expect(() => parseData(subscribeNewsletterRequest, many)).toThrow(UNKNOWN_FIELDS);
    try {
      parseData(subscribeNewsletterRequest, many);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('secretKey');
      expect(error).toMatchObject({ code: 'invalid-argument' });
    }
  });
});

describe('callable', () => {
  it('refuses data beyond the limits with invalid-argument before the body runs', async () => {
    const body = vi.fn(async () => 'ran');
    const handler = callable(body);
    for (const [data, message] of [
      [nested(100_000), PAYLOAD_PROBLEMS.tooDeep],
      [{ email: 'a@b.test', ...keys(600) }, PAYLOAD_PROBLEMS.tooWide],
      [{ email: 'a'.repeat(100_000) }, PAYLOAD_PROBLEMS.tooLarge],
    ] as const) {
      await expect(handler({ data })).rejects.toMatchObject({ code: 'invalid-argument', message });
    }
    expect(body).not.toHaveBeenCalled();
    await expect(handler({ data: { email: 'a@b.test' } })).resolves.toBe('ran');
  });
});

// -------------------------------------------------------------------------------------------------
// Over HTTP, as the platform serves a callable: Express parses the body (the Functions Framework's
// 32 MB limit, raw bytes kept), then the exported function.

let server: ReturnType<ReturnType<typeof express>['listen']> | undefined;
let base = '';
const echo = (request: { data: unknown }) => ({ got: request.data });
const routes = {
  /** firebase-functions alone: what our handlers got before the guard. */
  bare: firebaseOnCall({}, echo),
  guarded: onCall({}, echo),
};

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  const app = express();
  app.use(
    express.json({
      limit: '32mb',
      verify: (req: IncomingMessage & { rawBody?: Buffer }, _res, buf) => {
        req.rawBody = buf;
      },
    }),
  );
  for (const [name, fn] of Object.entries(routes)) {
    app.post(`/${name}`, (req, res) => void (fn as (a: unknown, b: unknown) => unknown)(req, res));
  }
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function post(name: keyof typeof routes, body: string, origin?: string) {
  const response = await fetch(`${base}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body,
  });
  return {
    status: response.status,
    allowOrigin: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as {
      result?: unknown;
      error?: { status: string; message: string };
    },
  };
}

describe('the guarded onCall (lib/guarded-on-call.ts)', () => {
  it('firebase-functions alone answers a 100 000-deep body with a 500: why the guard exists', async () => {
    const answer = await post('bare', `{"data":${nestedJson(100_000)}}`);
    expect(answer).toMatchObject({ status: 500, body: { error: { status: 'INTERNAL' } } });
  });

  it('refuses a body too deep or too large with a 400 invalid-argument the web app can read', async () => {
    const deep = await post('guarded', `{"data":${nestedJson(100_000)}}`, 'https://shop.test');
    expect(deep).toEqual({
      status: 400,
      allowOrigin: 'https://shop.test',
      body: { error: { status: 'INVALID_ARGUMENT', message: PAYLOAD_PROBLEMS.tooDeep } },
    });
    const large = await post(
      'guarded',
      JSON.stringify({ data: { email: 'x'.repeat(RAW_BODY_MAX_BYTES) } }),
    );
    expect(large).toMatchObject({
      status: 400,
      body: { error: { status: 'INVALID_ARGUMENT', message: PAYLOAD_PROBLEMS.tooLarge } },
    });
    const wide = await post('guarded', JSON.stringify({ data: keys(1_000) }));
    expect(wide).toMatchObject({
      status: 400,
      body: { error: { status: 'INVALID_ARGUMENT', message: PAYLOAD_PROBLEMS.tooWide } },
    });
  });

  it('passes every other request to firebase-functions unchanged', async () => {
    expect(await post('guarded', JSON.stringify({ data: { email: 'a@b.test' } }))).toMatchObject({
      status: 200,
      body: { result: { got: { email: 'a@b.test' } } },
    });
    // The SDK's own refusals stay its own (a body without data).
    expect((await post('guarded', JSON.stringify({ other: 1 }))).status).toBe(400);
  });

  it('keeps what deploy reads: every callable src/index.ts exports still declares its trigger', () => {
    const bare = firebaseOnCall({ enforceAppCheck: true }, echo);
    const guarded = onCall({ enforceAppCheck: true }, echo);
    expect(guarded.__endpoint).toEqual(bare.__endpoint);
    expect(guarded.__trigger).toEqual(bare.__trigger);
    expect(typeof guarded.run).toBe('function');
    for (const name of ['subscribeNewsletter', 'createCheckoutSession', 'setProfileStatus']) {
      const fn = deployed[name as keyof typeof deployed] as { __endpoint?: object };
      expect(fn.__endpoint, name).toMatchObject({ callableTrigger: {} });
    }
  });
});
