import { serverTimestamp } from 'firebase/firestore/lite';
import { paths } from '@portal/domain';
import { ACTORS, uidOf, type Actor } from '../support/actors';
import type { RuleCase } from '../support/matrix';

/**
 * policy_pages/{slug} and site_settings/support: everyone reads them (the footer's pages, the
 * support contact); only a manager writes them, and only text the dashboard would accept.
 */
const everyone: Actor[] = [...ACTORS, 'applicant'];
const nonManagers: Actor[] = [...ACTORS.filter((a) => a !== 'manager'), 'applicant'];
const TERMS = paths.policyPage('terms');
const PRIVACY = paths.policyPage('privacy');
const SUPPORT = paths.supportSettings();

const page = (actor: Actor, overrides: Record<string, unknown> = {}) => ({
  body: '## Privacy\n\nWe never sell your data.',
  updated_at: serverTimestamp(),
  updated_by: uidOf(actor),
  ...overrides,
});
const contact = (overrides: Record<string, unknown> = {}) => ({
  phone: '+1 (562) 555-0147',
  email: 'help@electricslush.example',
  updated_at: serverTimestamp(),
  ...overrides,
});

const managerPage = (path: string, data: Record<string, unknown>, why: string): RuleCase => ({
  actor: 'manager',
  op: 'create',
  path,
  data,
  expect: 'deny',
  why,
});
const managerContact = (data: Record<string, unknown>, why: string): RuleCase => ({
  actor: 'manager',
  op: 'update',
  path: SUPPORT,
  data,
  replace: true,
  expect: 'deny',
  why,
});

export const policyPageCases: RuleCase[] = [
  ...everyone.map((actor): RuleCase => ({ actor, op: 'get', path: TERMS, expect: 'allow' })),
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: 'policy_pages',
    expect: 'allow',
  })),
  { actor: 'manager', op: 'create', path: PRIVACY, data: page('manager'), expect: 'allow' },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: PRIVACY,
    data: page(actor),
    expect: 'deny',
  })),
  managerPage(paths.policyPage('cookies'), page('manager'), 'not one of the four pages'),
  managerPage(PRIVACY, page('manager', { body: '' }), 'empty page'),
  managerPage(PRIVACY, page('manager', { body: 'x'.repeat(20_001) }), 'over 20,000 characters'),
  managerPage(
    PRIVACY,
    page('manager', { body: 'Refunds \u202Eexe.txt' }),
    'a text-direction character',
  ),
  managerPage(PRIVACY, page('manager', { body: 'bell \u0007' }), 'a control character'),
  managerPage(
    PRIVACY,
    page('manager', { updated_by: uidOf('retailer') }),
    'written in another name',
  ),
  managerPage(PRIVACY, page('manager', { html: '<b>x</b>' }), 'unknown field'),
  {
    actor: 'manager',
    op: 'update',
    path: TERMS,
    data: page('manager', { body: '## Terms\n\nNew text.' }),
    replace: true,
    expect: 'allow',
  },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: TERMS,
    data: page(actor, { body: 'Defaced' }),
    replace: true,
    expect: 'deny',
  })),
  ...everyone.map((actor): RuleCase => ({ actor, op: 'delete', path: TERMS, expect: 'deny' })),
];

export const siteSettingsCases: RuleCase[] = [
  ...everyone.map((actor): RuleCase => ({ actor, op: 'get', path: SUPPORT, expect: 'allow' })),
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: 'site_settings',
    expect: 'allow',
  })),
  {
    actor: 'manager',
    op: 'create',
    path: 'site_settings/other',
    data: contact(),
    expect: 'deny',
    why: 'only the support document',
  },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: 'site_settings/other',
    data: contact(),
    expect: 'deny',
  })),
  {
    actor: 'manager',
    op: 'update',
    path: SUPPORT,
    data: contact(),
    replace: true,
    expect: 'allow',
  },
  {
    actor: 'manager',
    op: 'update',
    path: SUPPORT,
    data: contact({ phone: '', email: '' }),
    replace: true,
    expect: 'allow',
    why: 'both unset',
  },
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: SUPPORT,
    data: contact({ phone: '+1 900 555 0000' }),
    replace: true,
    expect: 'deny',
  })),
  managerContact(contact({ phone: 'call us' }), 'not a phone number'),
  managerContact(contact({ phone: '+1 555 0147 javascript:1' }), 'letters in the phone'),
  managerContact(contact({ email: 'not-an-email' }), 'not an email address'),
  managerContact(contact({ email: 'a@b.c <script>' }), 'markup in the email'),
  managerContact(contact({ note: 'x' }), 'unknown field'),
  ...everyone.map((actor): RuleCase => ({ actor, op: 'delete', path: SUPPORT, expect: 'deny' })),
];
