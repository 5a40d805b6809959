/**
 * Figures of our emulator only (the peer serves no REST and no rules): the median REST commit of
 * one document, and the median single-document read as a signed-in user (the rules cost).
 */
import { median } from './admin-workload.js';

function unsignedToken(uid: string): string {
  const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: uid, user_id: uid, role: 'retailer', status: 'approved' })}.`;
}

export const BENCH_RULES =
  "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    match /{document=**} {\n      allow read: if request.auth != null;\n    }\n  }\n}\n";

export interface RestResult {
  commitMs: number;
  rulesReadMs: number;
}

export async function runRestFigures(port: number, project: string): Promise<RestResult> {
  const docs = `http://127.0.0.1:${port}/v1/projects/${project}/databases/(default)/documents`;
  const name = (path: string): string =>
    `projects/${project}/databases/(default)/documents/${path}`;
  const admin = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const post = async (
    verb: string,
    body: unknown,
    headers: Record<string, string> = admin,
  ): Promise<unknown> => {
    const res = await fetch(`${docs}:${verb}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${verb} failed: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const commitTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await post('commit', {
      writes: [
        {
          update: {
            name: name(`bench/c${i}`),
            fields: { i: { integerValue: String(i) }, s: { stringValue: 'x' } },
          },
        },
      ],
    });
    if (i >= 50) commitTimes.push(performance.now() - t);
  }

  const user = { authorization: `Bearer ${unsignedToken('u1')}`, 'content-type': 'text/plain' };
  const getTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await post('batchGet', { documents: [name(`bench/c${i % 100}`)] }, user);
    if (i >= 50) getTimes.push(performance.now() - t);
  }
  return { commitMs: median(commitTimes), rulesReadMs: median(getTimes) };
}
