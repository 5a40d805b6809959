/**
 * The values `npm run perf` makes on its stack for the pages that open a link from an e-mail: a
 * password reset code (/auth/action) and a newsletter token (/newsletter/:action).
 */
import { createHash, randomBytes } from 'node:crypto';
import { COLLECTIONS, normalizeEmail } from '@portal/domain';
import { DEMO_ACCOUNTS } from '../../demo-accounts';
import { PROJECT_ID, type RunningStack } from '../stack';
import type { PerfPage } from './targets';
import type { PerfValues } from './values';

/**
 * The link values the pages need, made on the stack: a password reset code for a pending demo
 * account (else the buyer) when /auth/action is measured, a newsletter token when the newsletter
 * page is; '' for a page not measured.
 */
export async function linkValues(
  stack: RunningStack,
  pages: readonly PerfPage[],
  demo: Pick<PerfValues, 'buyerEmail'>,
): Promise<Pick<PerfValues, 'oobCode' | 'newsletterToken'>> {
  return {
    oobCode: pages.some((p) => p.route === 'authAction')
      ? await passwordResetCode(
          stack,
          DEMO_ACCOUNTS.find((a) => a.status === 'pending')?.email ?? demo.buyerEmail,
        )
      : '',
    newsletterToken: pages.some((p) => p.route === 'newsletter')
      ? await newsletterToken(stack)
      : '',
  };
}

async function adminCall(
  url: string,
  body: unknown,
  method = 'POST',
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A password reset code for a demo account (the Auth emulator answers it, no mail is sent). */
async function passwordResetCode(stack: RunningStack, email: string): Promise<string> {
  const answer = await adminCall(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:sendOobCode`,
    { requestType: 'PASSWORD_RESET', email, returnOobLink: true },
  );
  if (typeof answer.oobCode !== 'string') throw new Error('The Auth emulator gave no oobCode');
  return answer.oobCode;
}

/** A pending newsletter subscription, as subscribing leaves one; returns its link token. */
async function newsletterToken(stack: RunningStack): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const email = normalizeEmail('perf-newsletter@demo.test');
  const id = createHash('sha256').update(email).digest('hex');
  const now = new Date().toISOString();
  await adminCall(
    `${stack.urls.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${COLLECTIONS.newsletterSubscribers}/${id}`,
    {
      fields: {
        email: { stringValue: email },
        state: { stringValue: 'pending' },
        token: { stringValue: token },
        created_at: { timestampValue: now },
        updated_at: { timestampValue: now },
      },
    },
    'PATCH',
  );
  return token;
}
