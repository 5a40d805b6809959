import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@portal/domain';
import { siteContentHandler } from '../../src/handlers/site-content';
import { firestore } from '../../src/lib/admin';
import { siteContent } from '../../src/site-content/site-content';

/** A response that records what the handler set and sent. */
function recorder() {
  const sent: { status: number; body: unknown; headers: Record<string, string> } = {
    status: 0,
    body: null,
    headers: {},
  };
  const response = {
    set(name: string, value: string) {
      sent.headers[name] = value;
      return response;
    },
    status(code: number) {
      sent.status = code;
      return {
        json(body: unknown) {
          sent.body = body;
          return response;
        },
      };
    },
  };
  return { sent, response };
}

describe('siteContent: the public support contact and policy pages', () => {
  const db = firestore();
  beforeAll(async () => {
    await db.doc(paths.supportSettings()).set({
      phone: '+1 (562) 555-0147',
      email: 'help@shop.example',
      updated_at: new Date('2026-01-02T03:04:05Z'),
    });
    await db.doc(paths.policyPage('shipping')).set({
      body: '## Shipping\n\nWe ship daily.',
      updated_at: new Date('2026-01-02T03:04:05Z'),
      updated_by: 'someone',
    });
  });
  afterAll(async () => {
    await db.doc(paths.supportSettings()).delete();
  });

  it('answers a page with its text and the support contact', async () => {
    expect(await siteContent(db, 'shipping')).toEqual({
      support: { phone: '+1 (562) 555-0147', email: 'help@shop.example' },
      page: {
        slug: 'shipping',
        body: '## Shipping\n\nWe ship daily.',
        updated_at: '2026-01-02T03:04:05.000Z',
      },
    });
  });

  it('answers the contact alone when no page is asked for, cached for a minute', async () => {
    const { sent, response } = recorder();
    await siteContentHandler({ method: 'GET', query: {} }, response);
    expect(sent.status).toBe(200);
    expect(sent.headers['Cache-Control']).toBe('public, max-age=60');
    expect(sent.body).toEqual({
      support: { phone: '+1 (562) 555-0147', email: 'help@shop.example' },
      page: null,
    });
  });

  it('refuses another page name and another method', async () => {
    const unknown = recorder();
    await siteContentHandler({ method: 'GET', query: { page: '../profiles' } }, unknown.response);
    expect(unknown.sent.status).toBe(404);
    const post = recorder();
    await siteContentHandler({ method: 'POST', query: {} }, post.response);
    expect(post.sent.status).toBe(405);
  });

  it('shows an invalid stored contact as unset', async () => {
    await db.doc(paths.supportSettings()).set({ phone: '<b>call</b>', email: 'nope' });
    expect((await siteContent(db, undefined)).support).toEqual({ phone: '', email: '' });
  });
});
