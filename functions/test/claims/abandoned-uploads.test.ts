import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claimPhotoPath, paths, taxCertificateFilePath } from '@portal/domain';
import { sweepAbandonedUploads } from '../../src/handlers/abandoned-uploads';
import { sweepAbandonedUploads as scheduled } from '../../src/index';
import { defaultBucket, firestore } from '../../src/lib/admin';
import { ABANDONED_UPLOAD_MS } from '../../src/lib/uploaded-file';

/**
 * The daily sweep of abandoned uploads (handlers/abandoned-uploads.ts): claim photos and resale
 * certificate files that no claim or certificate names, a day after they were uploaded, are
 * deleted; a named one, or a newer one, stays. Run against the stack's Storage and Firestore
 * emulators (the worker's own stack: other files' leftovers may be swept too, so each check
 * names its own files).
 */

const bucket = () => defaultBucket(process.env);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PDF = Buffer.from('%PDF-1.4\n%test\n');

async function upload(path: string, data: Buffer, contentType: string) {
  await bucket().file(path).save(data, { contentType, resumable: false });
}

async function exists(path: string): Promise<boolean> {
  const [there] = await bucket().file(path).exists();
  return there;
}

const sweepAt = (now: number) =>
  sweepAbandonedUploads({ db: firestore(), now: () => now, bucket: bucket() });

describe('sweepAbandonedUploads', () => {
  it('deletes what no record names a day on, and keeps named and newer uploads', async () => {
    const company = `co-${randomUUID().slice(0, 8)}`;
    const id = () => randomUUID().slice(0, 12);
    const [orphanClaim, reportedClaim, orphanCertificate, submittedCertificate] = [
      id(),
      id(),
      id(),
      id(),
    ];
    const files = {
      orphanPhotos: [0, 1].map((n) => claimPhotoPath(company, orphanClaim, `p${n}`)),
      reportedPhoto: claimPhotoPath(company, reportedClaim, 'p0'),
      orphanCertificate: taxCertificateFilePath(company, orphanCertificate),
      submittedCertificate: taxCertificateFilePath(company, submittedCertificate),
    };
    await Promise.all([
      ...files.orphanPhotos.map((path) => upload(path, JPEG, 'image/jpeg')),
      upload(files.reportedPhoto, JPEG, 'image/jpeg'),
      upload(files.orphanCertificate, PDF, 'application/pdf'),
      upload(files.submittedCertificate, PDF, 'application/pdf'),
      firestore().doc(paths.claim(reportedClaim)).set({ company_id: company }),
      firestore().doc(paths.taxCertificate(submittedCertificate)).set({ company_id: company }),
    ]);
    const all = [
      ...files.orphanPhotos,
      files.reportedPhoto,
      files.orphanCertificate,
      files.submittedCertificate,
    ];

    // Uploaded just now: the claim may be reported in a minute. Nothing goes.
    await sweepAt(Date.now() + ABANDONED_UPLOAD_MS - 60_000);
    expect(await Promise.all(all.map(exists))).toEqual([true, true, true, true, true]);

    // A day on: the photos of a claim never reported and the certificate never submitted go.
    const swept = await sweepAt(Date.now() + ABANDONED_UPLOAD_MS + 60_000);
    expect(swept.claimPhotos).toBeGreaterThanOrEqual(2);
    expect(swept.certificateFiles).toBeGreaterThanOrEqual(1);
    expect(await Promise.all(all.map(exists))).toEqual([false, false, true, false, true]);

    // Run again: nothing of these is left to delete.
    await sweepAt(Date.now() + ABANDONED_UPLOAD_MS + 60_000);
    expect(await Promise.all(all.map(exists))).toEqual([false, false, true, false, true]);
  });
});

describe('the sweepAbandonedUploads function (src/index.ts)', () => {
  it('is scheduled every day, early in the business day', () => {
    const endpoint = (scheduled as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint.scheduleTrigger).toMatchObject({
      schedule: 'every day 05:00',
      timeZone: 'America/Los_Angeles',
    });
  });
});
