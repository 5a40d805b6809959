import { NO_SUPPORT_CONTACT, SITE_CONTENT_FUNCTION } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSiteContent, fetchSupportContact, SiteContentError } from './site-content';

/**
 * The GET to the siteContent function, with `fetch` stubbed (no test sends a real request:
 * src/testing/setup-tests.ts): what it asks for, and how each answer and failure is read.
 */
const answer = (status: number, body: unknown) =>
  vi
    .fn<typeof fetch>()
    .mockResolvedValue(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
    );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the support contact (the landing page footer)', () => {
  it('asks the siteContent function for no page and reads the contact', async () => {
    const fetchStub = answer(200, {
      support: { phone: '+1 (562) 555-0147', email: 'help@shop.example' },
      page: null,
    });
    vi.stubGlobal('fetch', fetchStub);
    const signal = new AbortController().signal;
    await expect(fetchSupportContact(signal)).resolves.toEqual({
      phone: '+1 (562) 555-0147',
      email: 'help@shop.example',
    });
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(String(url)).toMatch(new RegExp(`/${SITE_CONTENT_FUNCTION}$`));
    expect(init).toMatchObject({ signal, headers: { Accept: 'application/json' } });
  });

  it('is "not set" when the request fails, the server refuses, or the answer is not JSON', async () => {
    const failures = [
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
      answer(500, { error: 'internal' }),
      answer(200, 'not json'),
      answer(200, { support: { phone: 'call us', email: 'nobody' } }),
    ];
    for (const stub of failures) {
      vi.stubGlobal('fetch', stub);
      await expect(fetchSupportContact()).resolves.toEqual(NO_SUPPORT_CONTACT);
    }
  });
});

describe('a policy page (/legal/*)', () => {
  it('asks for the page by its slug and reads its body and date', async () => {
    const fetchStub = answer(200, {
      support: {},
      page: { slug: 'terms', body: 'Net 30.', updated_at: '2026-11-02T10:00:00.000Z' },
    });
    vi.stubGlobal('fetch', fetchStub);
    const content = await fetchSiteContent('terms');
    expect(String(fetchStub.mock.calls[0]![0])).toMatch(/\?page=terms$/);
    expect(content.page).toEqual({
      slug: 'terms',
      body: 'Net 30.',
      updatedAt: new Date('2026-11-02T10:00:00.000Z'),
    });
    expect(content.support).toEqual(NO_SUPPORT_CONTACT);
  });

  it('has no page when the answer names another page or an empty body', async () => {
    vi.stubGlobal('fetch', answer(200, { page: { slug: 'privacy', body: 'Ours.' } }));
    expect((await fetchSiteContent('terms')).page).toBeNull();
    vi.stubGlobal('fetch', answer(200, { page: { slug: 'terms', body: '' } }));
    expect((await fetchSiteContent('terms')).page).toBeNull();
  });

  it('fails with a SiteContentError on a refusal or a network error, and passes an abort on', async () => {
    vi.stubGlobal('fetch', answer(503, {}));
    await expect(fetchSiteContent('terms')).rejects.toThrow(
      new SiteContentError('The server answered 503.'),
    );
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await expect(fetchSiteContent('terms')).rejects.toThrow(new SiteContentError('Network error.'));

    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(aborted));
    await expect(fetchSiteContent('terms', controller.signal)).rejects.toBe(aborted);
  });
});
