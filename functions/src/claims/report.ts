import { Timestamp } from 'firebase-admin/firestore';
import {
  CLAIM_MESSAGES,
  claimProblem,
  claimValue,
  companyOfRecord,
  paths,
  type ClaimKind,
  type ClaimLine,
  type ClaimResponse,
} from '@portal/domain';
import { NotFoundError, PortalError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { claimReportedMails } from '../mail/claim-mails';
import { stageMails } from '../mail/outbox';
import { readOrderState, type OrderState } from '../orders/order-record';
import { companyNow } from '../stripe/company-clock';
import { checkMayClaim, claimMemberOf, type ClaimMember } from './claim-members';
import {
  checkClaimPhotos,
  deleteClaimPhotos,
  type CheckedPhoto,
  type ClaimPhotoBucket,
} from './claim-photos';
import { claimRef, claimsOfOrder, type ClaimDeps, type ClaimDoc } from './claim-record';

/**
 * reportClaim (docs/order-lifecycle.md#claims): a member who orders for the order's company
 * reports damaged, missing or wrong items on a shipped or delivered order, within 14 days of
 * delivery (or of the latest shipment) by the company's clock, never more units than are left to
 * claim, with a note and up to five photos uploaded first. The claim is 'new', worth its units at
 * the price sold and their share of the tax, with the "reported" step on its timeline; the
 * reporter and every manager are mailed. A refused report writes nothing and deletes the photos
 * uploaded for it (but when the claim id is taken: those are the reported claim's).
 */

/** The parsed request (reportClaimRequest's output). */
export interface ClaimReport {
  claimId: string;
  orderId: string;
  kind: ClaimKind;
  lines: ReadonlyArray<{ productId: string; quantity: number }>;
  note: string;
  photos: ReadonlyArray<{ id: string; name: string }>;
}

/** The stored claim of this report (status 'new', the "reported" step). */
function claimDoc(
  order: OrderState,
  member: ClaimMember,
  input: ClaimReport,
  lines: readonly ClaimLine[],
  photos: readonly CheckedPhoto[],
  reportedAt: Timestamp,
): ClaimDoc {
  const items = new Map(order.items.map((item) => [item.product_id, item]));
  return {
    order_id: order.id,
    company_id: companyOfRecord(order),
    location_id: order.location_id,
    user_id: member.uid,
    reporter_name: member.name,
    store_name: order.store_name,
    invoice_number: order.invoice_number ?? '',
    kind: input.kind,
    lines: lines.map((line) => {
      const item = items.get(line.product_id)!;
      return {
        product_id: line.product_id,
        name: item.name,
        sku: item.sku,
        quantity: line.quantity,
        unit_amount: item.unit_amount,
      };
    }),
    note: input.note,
    photos: [...photos],
    status: 'new',
    value: claimValue(order, lines).total,
    settlement: null,
    rejection_reason: '',
    timeline: [
      {
        kind: 'reported',
        at: reportedAt,
        by: member.uid,
        by_name: member.name,
        by_role: 'buyer',
        text: input.note,
      },
    ],
    created_at: reportedAt,
    updated_at: Timestamp.now(),
  };
}

/** The photos once, in the order given (the same id twice is one photo). */
function uniquePhotos(photos: ClaimReport['photos']) {
  const seen = new Set<string>();
  return photos.filter((photo) => !seen.has(photo.id) && seen.add(photo.id));
}

export async function reportClaim(
  deps: ClaimDeps,
  bucket: ClaimPhotoBucket,
  uid: string,
  input: ClaimReport,
): Promise<ClaimResponse> {
  const { db } = deps;
  const member = await claimMemberOf(db, uid);
  const ref = claimRef(db, input.claimId);
  // The id is taken: the photos under it are that claim's, left alone.
  if ((await ref.get()).exists) throw new PreconditionError(CLAIM_MESSAGES.exists);
  try {
    return await record(deps, bucket, member, input);
  } catch (error) {
    if (error instanceof PortalError && error.message !== CLAIM_MESSAGES.exists) {
      await deleteClaimPhotos(bucket, member.companyId, input.claimId);
      log.warn('claim_refused', {
        claimId: input.claimId,
        orderId: input.orderId,
        by: uid,
        message: error.message,
      });
    }
    throw error;
  }
}

async function record(
  deps: ClaimDeps,
  bucket: ClaimPhotoBucket,
  member: ClaimMember,
  input: ClaimReport,
): Promise<ClaimResponse> {
  const { db } = deps;
  const orderRef = db.doc(paths.order(input.orderId));
  const ref = claimRef(db, input.claimId);
  const lines: ClaimLine[] = input.lines.map((line) => ({
    product_id: line.productId,
    quantity: line.quantity,
  }));

  const before = readOrderState(await orderRef.get());
  if (!before) throw new NotFoundError('Order not found.');
  checkMayClaim(member, { ...before, company_id: companyOfRecord(before) });
  // The company's now: its test clock locally (as shipments are dated), the real time otherwise.
  const now = await companyNow(deps, companyOfRecord(before));
  const early = claimProblem(before, await claimsOfOrder(db, before.id), lines, new Date(now));
  if (early) throw new PreconditionError(early);

  const photos = await checkClaimPhotos(
    bucket,
    member.companyId,
    input.claimId,
    uniquePhotos(input.photos),
  );
  const reportedAt = Timestamp.fromMillis(now);
  const draft = claimDoc(before, member, input, lines, photos, reportedAt);
  const mails = await claimReportedMails(deps, {
    id: input.claimId,
    order_id: before.id,
    user_id: member.uid,
    store_name: before.store_name,
    invoice_number: before.invoice_number ?? '',
    kind: input.kind,
    lines: draft.lines,
    value: draft.value,
    note: input.note,
    photos: photos.length,
  });

  await db.runTransaction(async (tx) => {
    // Read again in the transaction: another report of the same units, a refund or a status
    // change meanwhile is seen, and of two reports of the last units only one is kept.
    const order = readOrderState(await tx.get(orderRef));
    if (!order) throw new NotFoundError('Order not found.');
    const claims = await claimsOfOrder(db, order.id, tx);
    if ((await tx.get(ref)).exists) throw new PreconditionError(CLAIM_MESSAGES.exists);
    const problem = claimProblem(order, claims, lines, new Date(now));
    if (problem) throw new PreconditionError(problem);
    const writeMails = await stageMails(tx, db, mails);
    tx.create(ref, claimDoc(order, member, input, lines, photos, reportedAt));
    writeMails();
  });
  // Files uploaded under the claim but not named by it are not kept.
  await deleteClaimPhotos(
    bucket,
    member.companyId,
    input.claimId,
    new Set(photos.map((photo) => photo.id)),
  ).catch((error: unknown) =>
    log.warn('claim_photos_not_tidied', { claimId: input.claimId, error: String(error) }),
  );
  log.info('claim_reported', {
    claimId: input.claimId,
    orderId: input.orderId,
    companyId: member.companyId,
    by: member.uid,
    value: draft.value,
  });
  return { claimId: input.claimId, status: 'new' };
}
