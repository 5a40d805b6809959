import type { AnswerClaimRequest, Claim, ReportClaimRequest } from '@portal/domain';
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { callAnswerClaim, callReportClaim } from '@/lib/callables';
import { parseDocuments } from '../firestore';
import { claimsCollection, parseClaim } from './documents';

/** How many of a company's claims My Account lists at most (newest first). */
export const COMPANY_CLAIMS_LIMIT = 200;

const newestFirst = (a: Claim, b: Claim) => b.created_at.getTime() - a.created_at.getTime();

/**
 * One order's claims, newest first. The `company_id` filter is what the rules prove a member's
 * read with; two equality filters need no composite index. A malformed claim is left out.
 */
export async function fetchOrderClaims(companyId: string, orderId: string): Promise<Claim[]> {
  const snapshot = await getDocs(
    query(
      claimsCollection(),
      where('company_id', '==', companyId),
      where('order_id', '==', orderId),
    ),
  );
  return parseDocuments(snapshot.docs, parseClaim, 'skip').sort(newestFirst);
}

/** The company's claims, newest first (index company_id asc, created_at desc). */
export async function fetchCompanyClaims(companyId: string): Promise<Claim[]> {
  const snapshot = await getDocs(
    query(
      claimsCollection(),
      where('company_id', '==', companyId),
      orderBy('created_at', 'desc'),
      limit(COMPANY_CLAIMS_LIMIT),
    ),
  );
  return parseDocuments(snapshot.docs, parseClaim, 'skip');
}

/** An owner or buyer reports a problem whose photos are uploaded (reportClaim). */
export function reportClaim(request: ReportClaimRequest) {
  return callReportClaim(request);
}

/** An owner or buyer answers a manager's question (answerClaim). */
export function answerClaim(request: AnswerClaimRequest) {
  return callAnswerClaim(request);
}
