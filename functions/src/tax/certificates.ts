import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  membershipOf,
  paths,
  taxCertificateFilePath,
  TAX_MESSAGES,
  type ReviewTaxCertificateRequest,
  type ReviewTaxCertificateResponse,
  type SubmitTaxCertificateResponse,
} from '@portal/domain';
import { companyById } from '../companies/company-record';
import { COMPANY_NOT_APPROVED } from '../companies/members';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import {
  InvalidRequestError,
  NotAllowedError,
  NotFoundError,
  PreconditionError,
} from '../lib/errors';
import { log } from '../lib/log';
import { stageMails, type QueuedMail } from '../mail/outbox';
import {
  certificateApprovedMail,
  certificateRejectedMail,
  type CertificateMailFacts,
} from '../mail/tax-certificate-mails';
import {
  checkCertificateFile,
  deleteCertificateFile,
  type CertificateBucket,
} from './certificate-file';
import { readCertificate, type StoredCertificate } from './certificate-record';
import { companyToday } from './company-today';
import { syncCompanyExemptCustomers } from './exempt-customers';

/**
 * Resale certificates (docs/tax.md): the owner submits an uploaded certificate
 * (submitTaxCertificate), a manager approves or rejects it (reviewTaxCertificate). Each keeps
 * tax_certificates/{certificateId} and an audit_log entry; a review mails the company's owners.
 */

export type TaxDeps = Pick<Context, 'db' | 'auth' | 'env' | 'stripe' | 'now'>;

/** The parsed submission (submitTaxCertificateRequest's output). */
export interface CertificateSubmission {
  certificateId: string;
  state: string;
  number: string;
  expiresOn: string | null;
  fileName: string;
}

/** The owner who submits: their uid and the name the managers see. */
export interface Submitter {
  uid: string;
  /** The token's name or email, when the profile has no full name. */
  fallbackName: string;
}

/**
 * The caller's company, when they are its owner (decided from the profile, not the token's
 * company_role) and it and they are approved; anyone else is refused with ownerOnly.
 */
async function ownedCompany(db: Firestore, uid: string) {
  const profile = (await db.doc(paths.profile(uid)).get()).data();
  const membership = membershipOf(profile);
  if (!membership || profile?.status !== 'approved') throw new NotAllowedError(NOT_APPROVED);
  if (membership.role !== 'owner') throw new NotAllowedError(TAX_MESSAGES.ownerOnly);
  const company = await companyById(db, membership.companyId);
  if (!company || company.status !== 'approved') throw new PreconditionError(COMPANY_NOT_APPROVED);
  const name = typeof profile.full_name === 'string' ? profile.full_name.trim() : '';
  return { company, name };
}

/**
 * submitTaxCertificate: the owner's uploaded file at taxCertificateFilePath(company,
 * certificateId) becomes a pending certificate. Refused, with nothing written: an expiry before
 * the company's day (expired), a certificate id already submitted (exists; its file is left
 * alone), and a file that is missing, empty, over 10 MB, not a PDF, PNG or JPEG, or whose first
 * bytes are not what its type says (the file is deleted).
 */
export async function submitTaxCertificate(
  deps: TaxDeps,
  bucket: CertificateBucket,
  submitter: Submitter,
  input: CertificateSubmission,
): Promise<SubmitTaxCertificateResponse> {
  const { db } = deps;
  const { company, name } = await ownedCompany(db, submitter.uid);
  if (input.expiresOn !== null && input.expiresOn < (await companyToday(deps, company.id))) {
    throw new InvalidRequestError(TAX_MESSAGES.expired);
  }
  const ref = db.doc(paths.taxCertificate(input.certificateId));
  if ((await ref.get()).exists) throw new PreconditionError(TAX_MESSAGES.exists);

  const filePath = taxCertificateFilePath(company.id, input.certificateId);
  const file = await checkCertificateFile(bucket, filePath);
  if (!file.ok) {
    if (file.deleteFile) await deleteCertificateFile(bucket, filePath);
    log.warn('tax_certificate_file_refused', {
      companyId: company.id,
      certificateId: input.certificateId,
      message: file.message,
    });
    if (file.message === TAX_MESSAGES.fileMissing) throw new PreconditionError(file.message);
    throw new InvalidRequestError(file.message);
  }

  await db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) throw new PreconditionError(TAX_MESSAGES.exists);
    tx.create(ref, {
      company_id: company.id,
      state: input.state,
      number: input.number,
      expires_on: input.expiresOn,
      file_path: filePath,
      file_name: input.fileName,
      content_type: file.contentType,
      size: file.size,
      status: 'pending',
      submitted_by: submitter.uid,
      submitted_by_name: name || submitter.fallbackName,
      submitted_at: FieldValue.serverTimestamp(),
      rejection_reason: '',
      reviewed_by: '',
      reminders_sent: [],
    });
    tx.set(db.collection(COLLECTIONS.auditLog).doc(), {
      action: 'tax_certificate.submitted',
      actor: submitter.uid,
      target: input.certificateId,
      company: company.id,
      state: input.state,
      number: input.number,
      expires_on: input.expiresOn,
      at: FieldValue.serverTimestamp(),
    });
  });
  log.info('tax_certificate_submitted', {
    companyId: company.id,
    certificateId: input.certificateId,
    state: input.state,
  });
  return { certificateId: input.certificateId, status: 'pending' };
}

/** What the owners' mails say of a certificate: its facts and its company's name. */
export async function certificateMailFacts(
  db: Firestore,
  certificate: StoredCertificate,
): Promise<CertificateMailFacts> {
  const company = await companyById(db, certificate.company_id);
  return {
    id: certificate.id,
    company_id: certificate.company_id,
    companyName: company?.name ?? '',
    state: certificate.state,
    number: certificate.number,
    expires_on: certificate.expires_on,
  };
}

/**
 * reviewTaxCertificate: a manager approves a pending certificate, or rejects it with a reason.
 * One transaction: the certificate's status (and who reviewed it, when, why), the audit entry
 * and the owners' mail. A certificate already reviewed is refused (notPending), one that does not
 * exist too (notFound).
 */
export async function reviewTaxCertificate(
  deps: Pick<Context, 'db' | 'auth' | 'env' | 'stripe' | 'now'>,
  actor: string,
  input: ReviewTaxCertificateRequest,
): Promise<ReviewTaxCertificateResponse> {
  const { db } = deps;
  const ref = db.doc(paths.taxCertificate(input.certificateId));
  const found = readCertificate(input.certificateId, (await ref.get()).data());
  if (!found) throw new NotFoundError(TAX_MESSAGES.notFound);
  if (found.status !== 'pending') throw new PreconditionError(TAX_MESSAGES.notPending);
  const status = input.decision === 'approve' ? 'approved' : 'rejected';
  const reason = input.decision === 'reject' ? input.reason.trim() : '';
  const facts = await certificateMailFacts(db, found);
  const mails: QueuedMail[] =
    status === 'approved'
      ? await certificateApprovedMail(deps, facts)
      : await certificateRejectedMail(deps, facts, reason);

  await db.runTransaction(async (tx) => {
    const current = readCertificate(input.certificateId, (await tx.get(ref)).data());
    if (!current) throw new NotFoundError(TAX_MESSAGES.notFound);
    if (current.status !== 'pending') throw new PreconditionError(TAX_MESSAGES.notPending);
    const writeMails = await stageMails(tx, db, mails);
    tx.update(ref, {
      status,
      reviewed_by: actor,
      reviewed_at: FieldValue.serverTimestamp(),
      rejection_reason: reason,
    });
    tx.set(db.collection(COLLECTIONS.auditLog).doc(), {
      action: status === 'approved' ? 'tax_certificate.approved' : 'tax_certificate.rejected',
      actor,
      target: input.certificateId,
      company: current.company_id,
      state: current.state,
      number: current.number,
      expires_on: current.expires_on,
      ...(status === 'rejected' ? { reason } : {}),
      at: FieldValue.serverTimestamp(),
    });
    writeMails();
  });
  log.info('tax_certificate_reviewed', { actor, certificateId: input.certificateId, status });
  // An approval exempts the company's exempt Customer for the state again (its standing orders'
  // next renewals too). The review stands if Stripe cannot be reached: the daily sweep retries.
  if (status === 'approved') {
    await syncCompanyExemptCustomers(deps, found.company_id).catch((error: unknown) =>
      log.warn('exempt_customers_sync_failed', {
        companyId: found.company_id,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  return { certificateId: input.certificateId, status };
}
