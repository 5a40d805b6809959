import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES } from './policy-defaults';
import { parseMarkdown } from './markdown';
import {
  isPhoneNumber,
  POLICY_BODY_MAX,
  POLICY_PAGES,
  policyPageUpdateSchema,
  readSupportContact,
  supportContactSchema,
  telHref,
} from './site-content';

describe('policy page text', () => {
  it('accepts Markdown with line breaks and normalises Windows line ends', () => {
    const parsed = policyPageUpdateSchema.parse({ body: '  # Terms\r\n\r\n- one\r\n' });
    expect(parsed.body).toBe('# Terms\n\n- one');
  });

  it('refuses an empty page, a page over the limit and unsafe characters', () => {
    expect(policyPageUpdateSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(
      policyPageUpdateSchema.safeParse({ body: 'a'.repeat(POLICY_BODY_MAX + 1) }).success,
    ).toBe(false);
    const rlo = policyPageUpdateSchema.safeParse({ body: 'Refunds \u202Eexe.txt' });
    expect(rlo.success).toBe(false);
    expect(rlo.error?.issues[0]?.message).toBe(
      'Remove the special characters (control or text-direction characters).',
    );
    expect(policyPageUpdateSchema.safeParse({ body: 'bell \u0007' }).success).toBe(false);
  });

  it('ships a real default for every page, within the limit and safe to save', () => {
    for (const page of POLICY_PAGES) {
      const body = DEFAULT_POLICIES[page.slug];
      expect(policyPageUpdateSchema.safeParse({ body }).success).toBe(true);
      expect(body).not.toMatch(/lorem|TODO|\[your|placeholder/i);
      expect(parseMarkdown(body).some((block) => block.type === 'heading')).toBe(true);
    }
  });
});

describe('support contact', () => {
  it.each(['+1 (562) 555-0147', '562-555-0147', '+44 20 7946 0958', '5625550147'])(
    'accepts the phone %s',
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(true);
    },
  );

  it.each(['call us', '555', '+1 555 555 555 555 555', '555-0147 ext. 2', 'javascript:1', '+-'])(
    'refuses the phone %s',
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(false);
    },
  );

  it('treats empty fields as unset and trims what is typed', () => {
    expect(supportContactSchema.parse({ phone: '  ', email: '' })).toEqual({
      phone: '',
      email: '',
    });
    expect(
      supportContactSchema.parse({ phone: ' 562-555-0147 ', email: ' help@shop.example ' }),
    ).toEqual({ phone: '562-555-0147', email: 'help@shop.example' });
  });

  it('says what is wrong with a bad phone or email', () => {
    const result = supportContactSchema.safeParse({ phone: 'call us', email: 'not-an-email' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['phone', 'Enter a phone number: digits, spaces, dashes, an optional leading +'],
      ['email', 'Enter a valid email address'],
    ]);
  });

  it('reads a stored contact leniently: a bad or missing field is unset', () => {
    expect(readSupportContact(undefined)).toEqual({ phone: '', email: '' });
    expect(readSupportContact({ phone: 'x', email: 'help@shop.example' })).toEqual({
      phone: '',
      email: 'help@shop.example',
    });
  });

  it('makes a tel: link of digits', () => {
    expect(telHref('+1 (562) 555-0147')).toBe('tel:+15625550147');
  });
});
