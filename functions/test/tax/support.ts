import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { paths, taxCertificateFilePath } from '@portal/domain';
import type { CallRequest } from '../../src/handlers/edge';
import { defaultBucket, firestore } from '../../src/lib/admin';
import { requestAs, type TestAccount } from '../accounts/support';

/** The tests of resale certificates (docs/tax.md): files, calls and stored certificates. */

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
/** A Windows program's first bytes ("MZ"): what an .exe renamed .pdf starts with. */
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64)]);

export const newCertificateId = () => `cert-${randomUUID().slice(0, 12)}`;

/** Uploads a file as the owner's browser would leave it (the Admin SDK: rules are tested apart). */
export async function uploadCertificate(
  companyId: string,
  certificateId: string,
  data: Buffer,
  contentType: string,
) {
  await defaultBucket(process.env)
    .file(taxCertificateFilePath(companyId, certificateId))
    .save(data, { contentType, resumable: false });
}

export async function fileExists(companyId: string, certificateId: string): Promise<boolean> {
  const [exists] = await defaultBucket(process.env)
    .file(taxCertificateFilePath(companyId, certificateId))
    .exists();
  return exists;
}

/** A callable request from the account's verified ID token, from an IP of the test's own. */
export async function callAs(
  account: TestAccount,
  data: unknown,
  ip: string,
): Promise<CallRequest> {
  return { ...(await requestAs(account, data)), rawRequest: { ip } };
}

export async function certificateOf(certificateId: string) {
  const snap = await firestore().doc(paths.taxCertificate(certificateId)).get();
  return snap.exists ? (snap.data() as Record<string, unknown>) : null;
}

/** An approved certificate as a review leaves it (written directly: the sweep's tests). */
export async function writeApprovedCertificate(
  companyId: string,
  expiresOn: string | null,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const id = newCertificateId();
  await firestore()
    .doc(paths.taxCertificate(id))
    .set({
      company_id: companyId,
      state: 'CA',
      number: 'SR-100200',
      expires_on: expiresOn,
      file_path: taxCertificateFilePath(companyId, id),
      file_name: 'certificate.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      status: 'approved',
      submitted_by: companyId,
      submitted_by_name: 'Owner',
      submitted_at: FieldValue.serverTimestamp(),
      rejection_reason: '',
      reviewed_by: 'manager',
      reminders_sent: [],
      ...overrides,
    });
  return id;
}

/** The audit entries of a certificate, oldest first. */
export async function auditOf(certificateId: string) {
  const snap = await firestore().collection('audit_log').where('target', '==', certificateId).get();
  return snap.docs.map((doc) => doc.data());
}
