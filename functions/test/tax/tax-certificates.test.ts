/**
 * submitTaxCertificate and reviewTaxCertificate (docs/tax.md) against the local Auth, Firestore
 * and Storage emulators: the owner's uploaded file becomes a pending certificate with its audit
 * entry; every refusal (a date already past, a missing, empty, oversized, wrongly typed or
 * disguised file, an id already submitted, someone who is not the owner) writes nothing and
 * deletes a refused file; a manager's approval or rejection is recorded once, with its audit
 * entry and the owner's mail.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessDay, mailKeys, paths, taxCertificateFilePath, TAX_MESSAGES } from '@portal/domain';
import {
  reviewTaxCertificateHandler,
  submitTaxCertificateHandler,
} from '../../src/handlers/tax-certificates';
import { firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { createAccount, createMemberAccount, type TestAccount } from '../accounts/support';
import { describeOutcome, settle, type CallOutcome } from '../support/call-outcome';
import { databaseState, stateChanges } from '../support/database-state';
import {
  auditOf,
  callAs,
  certificateOf,
  EXE,
  fileExists,
  newCertificateId,
  PDF,
  PNG,
  uploadCertificate,
} from './support';

vi.setConfig({ testTimeout: 60_000 });

const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
let owner: TestAccount;
let manager: TestAccount;

const submission = (certificateId: string, overrides: Record<string, unknown> = {}) => ({
  certificateId,
  state: 'CA',
  number: 'SR-123456',
  expiresOn: '2099-12-31',
  fileName: 'ca-resale.pdf',
  ...overrides,
});

function expectResolved(outcome: CallOutcome) {
  expect(describeOutcome(outcome)).toMatch(/^resolved /);
}

async function submitAs(account: TestAccount, data: unknown) {
  return settle(submitTaxCertificateHandler(await callAs(account, data, IP)));
}

async function reviewAs(account: TestAccount, data: unknown) {
  return settle(reviewTaxCertificateHandler(await callAs(account, data, IP)));
}

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  [owner, manager] = await Promise.all([
    createAccount('retailer', 'approved'),
    createAccount('manager', 'approved'),
  ]);
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('submitTaxCertificate', () => {
  it('keeps the owner’s PDF as a pending certificate, with its audit entry', async () => {
    const id = newCertificateId();
    await uploadCertificate(owner.uid, id, PDF, 'application/pdf');
    const outcome = await submitAs(owner, submission(id, { number: ' SR-123456 ' }));
    expectResolved(outcome);
    expect(outcome).toMatchObject({ resolved: { certificateId: id, status: 'pending' } });
    const stored = await certificateOf(id);
    expect(stored).toMatchObject({
      company_id: owner.uid,
      state: 'CA',
      number: 'SR-123456',
      expires_on: '2099-12-31',
      file_path: taxCertificateFilePath(owner.uid, id),
      file_name: 'ca-resale.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      status: 'pending',
      submitted_by: owner.uid,
      submitted_by_name: `Name ${owner.uid}`,
      reminders_sent: [],
    });
    expect(stored?.submitted_at).toBeDefined();
    expect(await fileExists(owner.uid, id)).toBe(true);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'tax_certificate.submitted',
      actor: owner.uid,
      company: owner.uid,
      state: 'CA',
    });
  });

  it('takes a PNG that does not expire', async () => {
    const id = newCertificateId();
    await uploadCertificate(owner.uid, id, PNG, 'image/png');
    const outcome = await submitAs(owner, submission(id, { expiresOn: null }));
    expectResolved(outcome);
    expect(await certificateOf(id)).toMatchObject({ expires_on: null, content_type: 'image/png' });
  });

  const refusals: Array<{
    name: string;
    file: [Buffer, string] | null;
    data?: Record<string, unknown>;
    expected: string;
    fileKept: boolean;
  }> = [
    {
      name: 'a file that was never uploaded',
      file: null,
      expected: `failed-precondition: ${TAX_MESSAGES.fileMissing}`,
      fileKept: false,
    },
    {
      name: 'a file over 10 MB',
      file: [Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'application/pdf'],
      expected: `invalid-argument: ${TAX_MESSAGES.fileTooLarge}`,
      fileKept: false,
    },
    {
      name: 'a file of another type',
      file: [EXE, 'application/x-msdownload'],
      expected: `invalid-argument: ${TAX_MESSAGES.fileType}`,
      fileKept: false,
    },
    {
      name: 'an .exe renamed .pdf and uploaded as application/pdf',
      file: [EXE, 'application/pdf'],
      expected: `invalid-argument: ${TAX_MESSAGES.fileContent}`,
      fileKept: false,
    },
    {
      name: 'a PDF uploaded as a PNG',
      file: [PDF, 'image/png'],
      expected: `invalid-argument: ${TAX_MESSAGES.fileContent}`,
      fileKept: false,
    },
    {
      name: 'an empty file',
      file: [Buffer.alloc(0), 'application/pdf'],
      expected: `invalid-argument: ${TAX_MESSAGES.fileEmpty}`,
      fileKept: false,
    },
    {
      name: 'an expiry before the company’s day',
      file: [PDF, 'application/pdf'],
      data: { expiresOn: '2020-01-31' },
      expected: `invalid-argument: ${TAX_MESSAGES.expired}`,
      fileKept: true,
    },
    {
      name: 'a bad certificate number',
      file: [PDF, 'application/pdf'],
      data: { number: '<script>' },
      expected: `invalid-argument: number: ${TAX_MESSAGES.number}`,
      fileKept: true,
    },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.name}, writing nothing`, async () => {
      const id = newCertificateId();
      if (refusal.file) await uploadCertificate(owner.uid, id, ...refusal.file);
      const before = await databaseState();
      const outcome = await submitAs(owner, submission(id, refusal.data));
      expect(describeOutcome(outcome)).toBe(refusal.expected);
      const changes = stateChanges(before, await databaseState()).filter(
        (change) => !change.includes(' rate_limits/'),
      );
      expect(changes).toEqual([]);
      expect(await certificateOf(id)).toBeNull();
      expect(await fileExists(owner.uid, id)).toBe(refusal.fileKept && refusal.file !== null);
    });
  }

  it('takes an expiry on the company’s day itself (its last valid day)', async () => {
    const id = newCertificateId();
    await uploadCertificate(owner.uid, id, PDF, 'application/pdf');
    const today = businessDay(new Date());
    const outcome = await submitAs(owner, submission(id, { expiresOn: today }));
    expectResolved(outcome);
  });

  it('refuses an id already submitted and leaves its file alone', async () => {
    const id = newCertificateId();
    await uploadCertificate(owner.uid, id, PDF, 'application/pdf');
    expectResolved(await submitAs(owner, submission(id)));
    const stored = await certificateOf(id);
    const outcome = await submitAs(owner, submission(id, { state: 'NV', number: 'OTHER-1' }));
    expect(describeOutcome(outcome)).toBe(`failed-precondition: ${TAX_MESSAGES.exists}`);
    expect(await certificateOf(id)).toEqual(stored);
    expect(await fileExists(owner.uid, id)).toBe(true);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses everyone but the company’s owner, leaving the file', async () => {
    const buyer = await createMemberAccount(owner.uid, 'buyer');
    const viewer = await createMemberAccount(owner.uid, 'viewer');
    const otherOwner = await createAccount('retailer', 'approved');
    const id = newCertificateId();
    await uploadCertificate(owner.uid, id, PDF, 'application/pdf');
    for (const member of [buyer, viewer]) {
      expect(describeOutcome(await submitAs(member, submission(id)))).toBe(
        `permission-denied: ${TAX_MESSAGES.ownerOnly}`,
      );
    }
    // Another company's owner submits to their own company's path, where nothing was uploaded:
    // the file under the first company is out of their reach.
    expect(describeOutcome(await submitAs(otherOwner, submission(id)))).toBe(
      `failed-precondition: ${TAX_MESSAGES.fileMissing}`,
    );
    expect(describeOutcome(await submitAs(manager, submission(id)))).toMatch(/^permission-denied/);
    expect(await certificateOf(id)).toBeNull();
    expect(await fileExists(owner.uid, id)).toBe(true);
  });

  it('refuses the owner of a company that is not approved', async () => {
    const pending = await createAccount('retailer', 'pending');
    const id = newCertificateId();
    await uploadCertificate(pending.uid, id, PDF, 'application/pdf');
    expect(describeOutcome(await submitAs(pending, submission(id)))).toMatch(/^permission-denied/);
    expect(await certificateOf(id)).toBeNull();
  });
});

describe('reviewTaxCertificate', () => {
  async function pendingCertificate(expiresOn: string | null = '2099-06-30') {
    const id = newCertificateId();
    await uploadCertificate(owner.uid, id, PDF, 'application/pdf');
    const outcome = await submitAs(owner, submission(id, { expiresOn, state: 'NV' }));
    expectResolved(outcome);
    return id;
  }

  async function mailOf(key: string) {
    const snap = await firestore().doc(paths.mail(key)).get();
    return snap.exists
      ? (snap.data() as { to: string[]; message: { subject: string; text: string; html: string } })
      : null;
  }

  it('approves: the status, the audit entry and the owner’s mail saying which state and until when', async () => {
    const id = await pendingCertificate();
    const outcome = await reviewAs(manager, { certificateId: id, decision: 'approve' });
    expect(outcome).toMatchObject({ resolved: { certificateId: id, status: 'approved' } });
    expect(await certificateOf(id)).toMatchObject({
      status: 'approved',
      reviewed_by: manager.uid,
      rejection_reason: '',
    });
    const audit = (await auditOf(id)).find((a) => a.action === 'tax_certificate.approved');
    expect(audit).toMatchObject({ actor: manager.uid, company: owner.uid, state: 'NV' });
    const mail = await mailOf(mailKeys.taxCertificateApproved(id));
    expect(mail?.to).toEqual([owner.email]);
    expect(mail?.message.subject).toBe('Resale certificate approved for NV');
    expect(mail?.message.text).toContain('orders that ship to NV are exempt from sales tax');
    expect(mail?.message.text).toContain('valid until Jun 30, 2099');
    expect(mail?.message.html).toContain('Jun 30, 2099');
  });

  it('rejects with the reason: the audit entry and the owner’s mail say why and invite a new upload', async () => {
    const id = await pendingCertificate();
    const reason = 'The certificate is not signed.';
    const outcome = await reviewAs(manager, { certificateId: id, decision: 'reject', reason });
    expect(outcome).toMatchObject({ resolved: { certificateId: id, status: 'rejected' } });
    expect(await certificateOf(id)).toMatchObject({
      status: 'rejected',
      rejection_reason: reason,
      reviewed_by: manager.uid,
    });
    const audit = (await auditOf(id)).find((a) => a.action === 'tax_certificate.rejected');
    expect(audit).toMatchObject({ actor: manager.uid, reason });
    const mail = await mailOf(mailKeys.taxCertificateRejected(id));
    expect(mail?.to).toEqual([owner.email]);
    expect(mail?.message.text).toContain(`Reason: ${reason}`);
    expect(mail?.message.text).toContain('You can upload a new certificate');
  });

  it('refuses a second review, a missing certificate, a rejection without a reason and a buyer', async () => {
    const id = await pendingCertificate();
    expectResolved(await reviewAs(manager, { certificateId: id, decision: 'approve' }));
    const before = await databaseState();
    for (const decision of [
      { decision: 'approve' },
      { decision: 'reject', reason: 'Changed my mind.' },
    ]) {
      expect(describeOutcome(await reviewAs(manager, { certificateId: id, ...decision }))).toBe(
        `failed-precondition: ${TAX_MESSAGES.notPending}`,
      );
    }
    expect(
      describeOutcome(
        await reviewAs(manager, { certificateId: `missing-${randomUUID()}`, decision: 'approve' }),
      ),
    ).toBe(`not-found: ${TAX_MESSAGES.notFound}`);
    expect(
      stateChanges(before, await databaseState()).filter((c) => !c.includes(' rate_limits/')),
    ).toEqual([]);
    const other = await pendingCertificate();
    expect(
      describeOutcome(await reviewAs(manager, { certificateId: other, decision: 'reject' })),
    ).toBe(`invalid-argument: reason: ${TAX_MESSAGES.reason}`);
    expect(
      describeOutcome(await reviewAs(owner, { certificateId: other, decision: 'approve' })),
    ).toMatch(/^permission-denied/);
    expect(await certificateOf(other)).toMatchObject({ status: 'pending' });
    expect((await auditOf(id)).filter((a) => a.action === 'tax_certificate.approved')).toHaveLength(
      1,
    );
  });
});
