import { FieldValue } from 'firebase-admin/firestore';
import { certificateReminderDue, COLLECTIONS, daysUntil, paths } from '@portal/domain';
import { log } from '../lib/log';
import { stageMails } from '../mail/outbox';
import { certificateReminderMail } from '../mail/tax-certificate-mails';
import { readCertificate, type StoredCertificate } from './certificate-record';
import { certificateMailFacts, type TaxDeps } from './certificates';
import { companyToday } from './company-today';
import { syncCompanyExemptCustomers } from './exempt-customers';

/**
 * The daily sweep of resale certificates (docs/tax.md), company by company on each company's own
 * business day (companyToday: its test clock's on the local stack and in the tests): the owners
 * are reminded 30 and 7 days before an approved certificate expires, once per window, and the
 * company's exempt Stripe Customers follow its certificates (an expired one taxes again).
 *
 * Run by the `sweepTaxCertificates` schedule in production, by the local stack's sweep worker
 * (scripts/sweep-worker.ts), and for one company when its Stripe test clock has moved
 * (`test_helpers.test_clock.ready`, tax/clock-ready.ts). Each step is idempotent: a reminder's
 * outbox key is per certificate and window, and `reminders_sent` records it in the same
 * transaction, so any number of runs sends each reminder once.
 */

export interface SweepOptions {
  /** Only this company (the clock-ready event's). */
  companyId?: string;
  /** The business day to sweep on (YYYY-MM-DD) instead of each company's own (tests). */
  today?: string;
}

export interface SweepResult {
  companies: number;
  reminders: number;
  /** Companies whose sweep failed (logged; the next run tries again). */
  failed: number;
}

/** One company's approved certificates on its business day: what each step works on. */
interface CompanyDay {
  companyId: string;
  today: string;
  certificates: StoredCertificate[];
}

async function approvedCertificates(deps: TaxDeps, companyId?: string) {
  let query = deps.db.collection(COLLECTIONS.taxCertificates).where('status', '==', 'approved');
  if (companyId) query = query.where('company_id', '==', companyId);
  const snapshot = await query.get();
  const byCompany = new Map<string, StoredCertificate[]>();
  for (const doc of snapshot.docs) {
    const certificate = readCertificate(doc.id, doc.data());
    if (!certificate) {
      log.warn('tax_certificate_unreadable', { certificateId: doc.id });
      continue;
    }
    const list = byCompany.get(certificate.company_id) ?? [];
    list.push(certificate);
    byCompany.set(certificate.company_id, list);
  }
  return byCompany;
}

/**
 * The reminder due for each certificate (certificateReminderDue), mailed and recorded in one
 * transaction that checks again that it is still due. Returns how many were queued.
 */
async function remindBeforeExpiry(deps: TaxDeps, day: CompanyDay): Promise<number> {
  let sent = 0;
  for (const certificate of day.certificates) {
    const window = certificateReminderDue(certificate, day.today);
    if (window === null || certificate.expires_on === null) continue;
    const mails = await certificateReminderMail(
      deps,
      await certificateMailFacts(deps.db, certificate),
      window,
      daysUntil(certificate.expires_on, day.today),
    );
    // No mail could be written (no owner's address could be read): not recorded as sent, so the
    // next run tries again.
    if (mails.length === 0) {
      log.warn('tax_certificate_reminder_unsent', { certificateId: certificate.id, window });
      continue;
    }
    const ref = deps.db.doc(paths.taxCertificate(certificate.id));
    const queued = await deps.db.runTransaction(async (tx) => {
      const current = readCertificate(certificate.id, (await tx.get(ref)).data());
      if (!current || certificateReminderDue(current, day.today) !== window) return false;
      const writeMails = await stageMails(tx, deps.db, mails, { now: deps.now() });
      tx.update(ref, {
        reminders_sent: FieldValue.arrayUnion(window),
        reminded_at: FieldValue.serverTimestamp(),
      });
      writeMails();
      return true;
    });
    if (queued) {
      sent++;
      log.info('tax_certificate_reminder_queued', {
        certificateId: certificate.id,
        companyId: day.companyId,
        window,
        today: day.today,
      });
    }
  }
  return sent;
}

/** Sweeps every company with approved certificates (or the one named). */
export async function sweepTaxCertificates(
  deps: TaxDeps,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const byCompany = await approvedCertificates(deps, options.companyId);
  const result: SweepResult = { companies: 0, reminders: 0, failed: 0 };
  for (const [companyId, certificates] of byCompany) {
    try {
      const today = options.today ?? (await companyToday(deps, companyId));
      const day: CompanyDay = { companyId, today, certificates };
      // The steps of a company's day, each idempotent. An expired certificate no longer exempts:
      // its exempt Customer is taxed again first, whatever becomes of the reminders.
      await syncCompanyExemptCustomers(deps, companyId, today);
      result.reminders += await remindBeforeExpiry(deps, day);
      result.companies++;
    } catch (error) {
      // One company's failure leaves the others to be swept; it is tried again on the next run.
      result.failed++;
      log.error('tax_certificate_sweep_failed', {
        companyId,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return result;
}
