// CORS and Authorization-header handling recorded against the official emulator v1.22.0
// (facts from hidane-dev/hidane fixtures cors.json and auth.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, startTarget, type Target } from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('rest-cors');
});
afterAll(async () => {
  await target.close();
});

const ORIGIN = 'http://localhost:3000';
const METHODS = 'DELETE,GET,HEAD,PATCH,POST,PUT';

describe('CORS', () => {
  it('a preflight echoes the origin and the requested headers', async () => {
    const res = await rest(target, 'OPTIONS', '/c/a', {
      admin: false,
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type,authorization,x-goog-api-client',
      },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toBe(METHODS);
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'content-type,authorization,x-goog-api-client',
    );
  });

  it('a preflight without requested headers sends no allow-headers', async () => {
    const res = await rest(target, 'OPTIONS', '/c/a', {
      admin: false,
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it.each(['true', 'false'])('a private-network preflight (%s) is allowed', async (asked) => {
    const res = await rest(target, 'OPTIONS', '/c/a', {
      admin: false,
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-private-network': asked,
      },
    });
    expect(res.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('OPTIONS without an origin answers 200 without CORS headers', async () => {
    const res = await rest(target, 'OPTIONS', '/c/a', {
      admin: false,
      headers: {
        'access-control-request-method': 'GET',
        'access-control-request-private-network': 'true',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it.each(['/v1/nope', '/emulator/v1/projects/cors/databases/(default)/documents', ':commit'])(
    'a preflight on %s is 200 with CORS headers',
    async (path) => {
      const res = await rest(target, 'OPTIONS', path, {
        admin: false,
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    },
  );

  it.each([ORIGIN, 'https://example.com', 'null'])(
    'an error answer of the Firestore API carries CORS headers for origin %s',
    async (origin) => {
      const res = await rest(target, 'GET', '/c/missing', { admin: false, headers: { origin } });
      expect(res.status).toBe(404);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toBe(METHODS);
      expect(res.headers.get('content-type')).toContain('application/json');
    },
  );

  it('a request without an origin gets no CORS headers', async () => {
    const res = await rest(target, 'GET', '/c/missing', { admin: false });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a text/plain :commit with an origin succeeds with CORS headers', async () => {
    const res = await rest(target, 'POST', ':commit', {
      admin: false,
      raw: '{}',
      headers: { origin: ORIGIN, 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('404 Not Found answers carry CORS headers (to a page of this machine)', async () => {
    const res = await rest(target, 'GET', '/v1/nope', {
      admin: false,
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});

const listIds = (authorization: string | undefined) =>
  rest(target, 'POST', ':listCollectionIds', {
    admin: false,
    body: {},
    ...(authorization !== undefined ? { headers: { authorization } } : {}),
  });

const METADATA_DENIED = {
  error: {
    code: 403,
    message: 'Metadata operations require admin authentication.',
    status: 'PERMISSION_DENIED',
  },
};
const INVALID_JWT = { error: { code: 400, message: 'invalid jwt', status: 'INVALID_ARGUMENT' } };

describe('Authorization header', () => {
  it('no header is an unauthenticated caller', async () => {
    const res = await listIds(undefined);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual(METADATA_DENIED);
  });

  it.each([
    'Bearer owner',
    'bearer owner',
    'BEARER owner',
    'Bearer Owner',
    'Bearer OWNER',
    'Bearer ya29.',
    'Bearer ya29.a0AfH6SM',
    'Bearer YA29.x',
  ])('"%s" is the admin', async (header) => {
    const res = await listIds(header);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
  });

  it.each([
    'Bearer  owner',
    'Bearer ownerx',
    'Bearer ya29',
    'Bearer garbage',
    'Bearer e30.eyJzdWIiOiJhPz5+fn4ifQ.',
    'Bearer e30.e30.a',
    'Bearer e30.e30.abc-_',
    'Bearer e30.e30.!!',
    'Bearer e30.e30',
    'Bearer e30.e30.e30.e30',
    'Bearer .e30.',
    'Bearer e30..',
    'Bearer bm90anNvbg.e30.',
    'Bearer W10.e30.',
    'Bearer e30.W10.',
  ])('"%s" is 400 invalid jwt', async (header) => {
    const res = await listIds(header);
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(INVALID_JWT);
  });

  it.each(['owner', 'Bearerowner', 'Bearer', 'Basic dXNlcjpwYXNz'])(
    '"%s" is 500 UNKNOWN',
    async (header) => {
      const res = await listIds(header);
      expect(res.status).toBe(500);
      expect(res.json()).toEqual({ error: { code: 500, status: 'UNKNOWN' } });
    },
  );

  it.each([
    'Bearer eyJhbGciOiJub25lIiwidHlwZSI6IkpXVCJ9.eyJzdWIiOiJhbGljZSIsInVzZXJfaWQiOiJhbGljZSJ9.',
    'Bearer e30.e30.',
    'Bearer e30=.e30=.',
    'Bearer e30.e30.ab',
    'Bearer e30.e30._-_-',
    'Bearer\towner',
  ])('"%s" is a user, not the admin', async (header) => {
    const res = await listIds(header);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual(METADATA_DENIED);
  });

  it('a user token can read documents while no rules restrict it', async () => {
    const res = await rest(target, 'GET', '/c/missing', {
      admin: false,
      headers: { authorization: 'Bearer e30.e30.' },
    });
    expect(res.status).toBe(404);
  });
});

describe('REST: routing names are checked before the token', () => {
  it('a valid route reports the bad token; a bad name is reported before it', async () => {
    const res = await rest(target, 'GET', '/c/a/sub', {
      admin: false,
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.status).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe('invalid jwt');
    const bad = await rest(target, 'GET', '/__x__/a', {
      admin: false,
      headers: { authorization: 'Bearer garbage' },
    });
    expect(bad.json<{ error: { message: string } }>().error.message).toBe(
      'Collection id "__x__" is invalid because it is reserved.',
    );
  });

  it(':beginTransaction and :rollback check the token', async () => {
    const begin = await rest(target, 'POST', ':beginTransaction', {
      admin: false,
      body: {},
      headers: { authorization: 'Bearer garbage' },
    });
    expect(begin.json()).toEqual(INVALID_JWT);
    const rollback = await rest(target, 'POST', ':rollback', {
      admin: false,
      body: { transaction: 'AA==' },
      headers: { authorization: 'Bearer garbage' },
    });
    expect(rollback.json()).toEqual(INVALID_JWT);
  });

  it('creating with a reserved collection id reports the id before the token', async () => {
    const res = await rest(target, 'POST', '/__x__?documentId=a', {
      admin: false,
      body: {},
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Collection id "__x__" is invalid because it is reserved.',
    );
  });
});

describe('admin endpoints and other origins (a page on another site must not wipe the data)', () => {
  const EVIL = ['http://evil.test', 'https://evil.test', 'null', 'http://localhost.evil.test'];
  const LOOPBACK = ['http://localhost:5173', 'http://127.0.0.1:4000', 'http://[::1]:8080'];
  const clearPath = () => `/emulator/v1/projects/${target.projectId}/databases/(default)/documents`;

  async function seed(): Promise<void> {
    const res = await rest(target, 'PATCH', '/guard/doc', {
      body: { fields: { n: { integerValue: '1' } } },
    });
    expect(res.status).toBe(200);
  }
  const stillThere = async () => (await rest(target, 'GET', '/guard/doc')).status === 200;

  it.each(EVIL)('refuses clearing the data from %s, and keeps it', async (origin) => {
    await seed();
    const res = await rest(target, 'DELETE', clearPath(), { headers: { origin } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await stillThere()).toBe(true);
  });

  it.each(EVIL)('refuses the preflight of an admin call from %s', async (origin) => {
    const res = await rest(target, 'OPTIONS', clearPath(), {
      admin: false,
      headers: {
        origin,
        'access-control-request-method': 'DELETE',
        'access-control-request-private-network': 'true',
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('refuses a simple (unpreflighted) export, a rules swap and a usage reset from another site', async () => {
    const origin = 'http://evil.test';
    const project = `/emulator/v1/projects/${target.projectId}`;
    const calls: Array<[string, string, string]> = [
      ['POST', `${project}:export`, JSON.stringify({ export_directory: 'evil-export' })],
      [
        'PUT',
        `${project}:securityRules`,
        JSON.stringify({ rules: { files: [{ content: 'allow read, write;' }] } }),
      ],
      ['DELETE', `${project}/usage`, ''],
      ['GET', `${project}/usage`, ''],
      ['GET', '/emulator/v1/anything', ''],
    ];
    for (const [method, path, raw] of calls) {
      const res = await rest(target, method, path, {
        admin: false,
        raw: method === 'GET' ? undefined : raw,
        headers: { origin, 'content-type': 'text/plain' },
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.text, `${method} ${path}`).not.toContain('"documents"');
    }
  });

  it.each(LOOPBACK)('lets a page served from this machine (%s) clear the data', async (origin) => {
    await seed();
    const preflight = await rest(target, 'OPTIONS', clearPath(), {
      admin: false,
      headers: { origin, 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const res = await rest(target, 'DELETE', clearPath(), { headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await stillThere()).toBe(false);
  });

  it('answers the Firestore API to another site without credentials or private-network access', async () => {
    const res = await rest(target, 'GET', '/c/missing', {
      admin: false,
      headers: { origin: 'https://evil.test' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.test');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await rest(target, 'OPTIONS', '/c/a', {
      admin: false,
      headers: {
        origin: 'https://evil.test',
        'access-control-request-method': 'GET',
        'access-control-request-private-network': 'true',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-private-network')).toBeNull();
  });
});
