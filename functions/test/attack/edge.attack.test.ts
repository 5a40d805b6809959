import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { AppCheck } from 'firebase-admin/app-check';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { RATE_LIMITS } from '@portal/domain';
import * as deployed from '../../src/index';
import {
  requestPasswordResetHandler,
  syncEmailVerificationHandler,
} from '../../src/handlers/account-mail';
import { manageStandingOrderHandler } from '../../src/handlers/manage-standing-order';
import { subscribeNewsletterHandler } from '../../src/handlers/newsletter';
import { log } from '../../src/lib/log';
import { subscriberId } from '../../src/newsletter/subscriptions';
import { createAccount, requestAs } from '../accounts/support';
import { mailKeysStartingWith } from '../mail/support';
import { describeOutcome, refusedWith, settle } from '../support/call-outcome';
import { attackTable } from './attack-table';

/**
 * The edge: what every callable trusts about a request before its service runs. The caller's IP
 * (per-IP limits), the address a mail goes to (per-address limits), what the answers and their
 * timing tell about who has an account, and what a body may contain.
 */

const RUN = randomUUID().slice(0, 8);
let ipCounter = 0;
/** A fresh address from a documentation range, so no other row or file shares its windows. */
const freshIp = () =>
  `198.51.${Math.floor(Math.random() * 250)}.${(++ipCounter % 250) + 1}` as const;

/**
 * The request the Functions runtime hands a handler behind Google's front end: Express's `ip` is
 * the leftmost X-Forwarded-For entry (the runtime trusts the proxy), and the front end appended
 * the address it was connected from (`realIp`) to whatever the client sent.
 */
function viaFrontEnd(data: unknown, realIp: string, clientForwardedFor?: string) {
  const forwardedFor = clientForwardedFor ? `${clientForwardedFor}, ${realIp}` : realIp;
  return {
    data,
    rawRequest: {
      ip: forwardedFor.split(',')[0]!.trim(),
      headers: { 'x-forwarded-for': forwardedFor },
    },
  };
}

// -------------------------------------------------------------------------------------------------
// The deployed callables over HTTP, as the platform serves them: the body parsed by Express with
// the Functions Framework's limit and its raw bytes kept, then firebase-functions' onCall.

let server: ReturnType<ReturnType<typeof express>['listen']> | undefined;
let base = '';

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
  for (const [name, fn] of Object.entries(deployed)) {
    if (typeof fn !== 'function') continue;
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

/**
 * Posts a raw body to a deployed callable with an App Check token the platform accepts: the
 * attacker took one from the web app, as anyone can. (Outside Google the Admin SDK cannot verify
 * a real one, so its verifier is told to accept this one, for this call only.)
 */
async function postWithAppCheck(name: string, body: string) {
  const verify = vi.spyOn(AppCheck.prototype, 'verifyToken').mockResolvedValue({
    appId: '1:000000000000:web:attacker',
    token: { app_id: '1:000000000000:web:attacker' } as never,
  });
  try {
    const started = performance.now();
    const response = await fetch(`${base}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-firebase-appcheck': 'attacker-token' },
      body,
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  } finally {
    verify.mockRestore();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Times `calls` answers of `call` for an existing and for an unknown address, interleaved so the
 * machine's load falls on both alike; returns the answers and the medians' difference.
 */
async function timeBoth(
  calls: number,
  call: (which: 'existing' | 'unknown', i: number) => Promise<unknown>,
) {
  const ms = { existing: [] as number[], unknown: [] as number[] };
  const answers = { existing: [] as string[], unknown: [] as string[] };
  for (let i = 0; i < calls; i++) {
    for (const which of ['existing', 'unknown'] as const) {
      const started = performance.now();
      const outcome = await settle(call(which, i));
      ms[which].push(performance.now() - started);
      answers[which].push(describeOutcome(outcome));
    }
  }
  return {
    answers,
    difference: Math.abs(median(ms.existing) - median(ms.unknown)),
    medians: { existing: median(ms.existing), unknown: median(ms.unknown) },
  };
}

/** Less than this between the median answers for an existing and an unknown address. */
const TIMING_BOUND_MS = 15;

attackTable('the edge (client IP, addresses, enumeration, payloads)', [
  {
    id: 'P1',
    attack:
      "20 junk resets with the victim's IP in X-Forwarded-For do not drop the victim's own reset",
    timeoutMs: 90_000,
    run: async () => {
      const victim = await createAccount('retailer', 'approved');
      const victimIp = freshIp();
      const attackerIp = freshIp();
      for (let i = 0; i < RATE_LIMITS.passwordResetPerIp.max; i++) {
        await requestPasswordResetHandler(
          viaFrontEnd({ email: `junk-${RUN}-${i}@edge-attack.test` }, attackerIp, victimIp),
        );
      }
      await requestPasswordResetHandler(viaFrontEnd({ email: victim.email }, victimIp));
      expect(await mailKeysStartingWith(`password-reset.${victim.uid}.`)).toHaveLength(1);
    },
  },
  {
    id: 'P1',
    attack: 'a new leftmost X-Forwarded-For entry per call does not reset the per-IP window',
    timeoutMs: 60_000,
    run: async () => {
      const attackerIp = freshIp();
      const outcomes = [];
      for (let i = 0; i <= RATE_LIMITS.newsletterPerIp.max; i++) {
        outcomes.push(
          await settle(
            subscribeNewsletterHandler(
              viaFrontEnd({ email: `spoof-${RUN}-${i}@edge-attack.test` }, attackerIp, freshIp()),
            ),
          ),
        );
      }
      const last = outcomes.at(-1)!;
      expect(refusedWith(last, 'resource-exhausted'), describeOutcome(last)).toBe(true);
    },
  },
  {
    id: 'P2',
    attack: 'plus-tagged and dotted spellings of one inbox, from many IPs, get only its few mails',
    timeoutMs: 60_000,
    run: async () => {
      const spellings = [
        ...Array.from({ length: 5 }, (_, i) => `victim${RUN}+${i}@gmail.com`),
        `v.ictim${RUN}@gmail.com`,
        `Victim${RUN}+news@googlemail.com`,
        `vi.ctim${RUN}+x@gmail.com`,
      ];
      for (const email of spellings) {
        await subscribeNewsletterHandler(viaFrontEnd({ email }, freshIp()));
      }
      let mails = 0;
      for (const email of spellings) {
        mails += (await mailKeysStartingWith(`newsletter-confirm.${subscriberId(email)}.`)).length;
      }
      expect(mails).toBeLessThanOrEqual(RATE_LIMITS.newsletterPerEmail.max);
    },
  },
  {
    id: 'W6',
    attack: 'timing syncEmailVerification tells an existing address from an unknown one',
    timeoutMs: 60_000,
    run: async () => {
      const account = await createAccount('retailer', 'pending', { emailVerified: false });
      const unknown = `nobody-${RUN}@edge-attack.test`;
      const { answers, difference, medians } = await timeBoth(7, (which) =>
        syncEmailVerificationHandler(
          viaFrontEnd({ email: which === 'existing' ? account.email : unknown }, freshIp()),
        ),
      );
      expect(answers.existing).toEqual(answers.unknown);
      expect(difference, JSON.stringify(medians)).toBeLessThan(TIMING_BOUND_MS);
    },
  },
  {
    id: 'W6',
    attack: 'timing requestPasswordReset tells an existing address from an unknown one',
    timeoutMs: 60_000,
    run: async () => {
      // A fresh account per call: each call does the whole work (no per-address limit reached).
      const accounts = await Promise.all(
        Array.from({ length: 5 }, () => createAccount('retailer', 'approved')),
      );
      const { answers, difference, medians } = await timeBoth(5, (which, i) =>
        requestPasswordResetHandler(
          viaFrontEnd(
            { email: which === 'existing' ? accounts[i]!.email : `nobody-${RUN}-${i}@x.test` },
            freshIp(),
          ),
        ),
      );
      expect(answers.existing).toEqual(answers.unknown);
      expect(difference, JSON.stringify(medians)).toBeLessThan(TIMING_BOUND_MS);
    },
  },
  {
    id: 'W7',
    attack: 'an 8 MB body of 600 000 unknown keys is refused fast, its keys not echoed',
    timeoutMs: 60_000,
    run: async () => {
      // The JSON written out directly (0.3 s): an object of 600,000 keys, spread and then
      // stringified, took 2.0 s to make the same bytes.
      const keys = Array.from(
        { length: 600_000 },
        (_, i) => `"k${String(i).padStart(6, '0')}":"x"`,
      );
      const email = JSON.stringify(`big-${RUN}@edge-attack.test`);
      const body = `{"data":{"email":${email},${keys.join(',')}}}`;
      expect(body.length).toBeGreaterThan(8_000_000);
      const answer = await postWithAppCheck('subscribeNewsletter', body);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
      expect(answer.text).not.toContain('k000001');
      expect(answer.text.length).toBeLessThan(1_000);
    },
  },
  {
    id: 'W7',
    attack: 'a body nested 100 000 deep is invalid-argument, not an internal error',
    timeoutMs: 60_000,
    run: async () => {
      const depth = 100_000;
      const body = `{"data":{"email":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
      const answer = await postWithAppCheck('subscribeNewsletter', body);
      expect(answer.status, answer.text.slice(0, 200)).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    },
  },
  {
    id: 'W7',
    attack: "a standing order's quantities record of 5 000 products is refused",
    timeoutMs: 60_000,
    run: async () => {
      const buyer = await createAccount('retailer', 'approved');
      const quantities = Object.fromEntries(
        Array.from({ length: 5_000 }, (_, i) => [`product-${i}`, 999]),
      );
      const outcome = await settle(
        manageStandingOrderHandler({
          ...(await requestAs(buyer, {
            standingOrderId: `so-${RUN}`,
            action: 'set_quantities',
            quantities,
          })),
          rawRequest: { ip: freshIp() },
        }),
      );
      expect(refusedWith(outcome, 'invalid-argument'), describeOutcome(outcome)).toBe(true);
    },
  },
]);
