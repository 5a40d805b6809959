import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The security headers Firebase Hosting sends with every page (firebase.json hosting.headers):
 * read from the file `firebase deploy` reads, so a header cannot be dropped or loosened unseen.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface HostingHeaders {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

function everyPageHeaders(): Map<string, string> {
  const config = JSON.parse(readFileSync(`${repoRoot}firebase.json`, 'utf8')) as {
    hosting: { headers?: HostingHeaders[] };
  };
  const all = (config.hosting.headers ?? []).filter((h) => h.source === '**');
  expect(all).toHaveLength(1);
  return new Map(all[0]!.headers.map((h) => [h.key.toLowerCase(), h.value]));
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Hosting security headers (firebase.json)', () => {
  const headers = everyPageHeaders();
  const csp = directives(headers.get('content-security-policy') ?? '');

  it('has a Content-Security-Policy that denies by default and loads scripts only from the site', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    // No inline or eval'd script, no wildcard host: only the site and reCAPTCHA (App Check).
    for (const source of scripts.slice(1)) {
      expect(source).toMatch(/^https:\/\/(www\.google\.com|www\.gstatic\.com)\/recaptcha\/$/);
    }
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('may not be framed by anyone (clickjacking), in both the CSP and the older header', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it('talks only to the site, Google APIs (Auth, Firestore, App Check) and the callables', () => {
    const connect = csp.get('connect-src') ?? [];
    expect(connect).toContain("'self'");
    for (const source of connect.filter((s) => s !== "'self'")) {
      expect(source).toMatch(
        /^https:\/\/(\*\.googleapis\.com|\*\.cloudfunctions\.net|www\.google\.com\/recaptcha\/)$/,
      );
    }
  });

  it('sends HSTS for two years with subdomains, and the other hardening headers', () => {
    const hsts = headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toMatch(
      /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
    );
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('has every document checked again before use, and the hashed assets cached for good', () => {
    // Hosting applies every rule whose source matches, the last one winning for a key: the
    // documents (index.html, the route documents, rewritten URLs) take the '**' rule's no-cache,
    // so a browser never keeps a document that names the chunks of a release replaced since;
    // /assets/** (file names carry a content hash) overrides it, after it.
    const config = JSON.parse(readFileSync(`${repoRoot}firebase.json`, 'utf8')) as {
      hosting: { headers: HostingHeaders[] };
    };
    const rules = config.hosting.headers;
    const cacheControl = (source: string) =>
      rules.find((r) => r.source === source)?.headers.find((h) => h.key === 'Cache-Control')?.value;
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(cacheControl('/assets/**')).toBe('public, max-age=31536000, immutable');
    const order = rules.map((r) => r.source);
    expect(order.indexOf('**')).toBeLessThan(order.indexOf('/assets/**'));
  });

  it('matches the page: index.html has no inline script the policy would block', () => {
    const html = readFileSync(`${repoRoot}web/index.html`, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
  });
});
