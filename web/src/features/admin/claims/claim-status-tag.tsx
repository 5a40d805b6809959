import { CLAIM_STATUS_LABELS, type Claim } from '@portal/domain';
import { Tag } from '@/components/tag';
import { CLAIM_STATUS_COLORS } from './claims-text';

/** A claim's status as a tag: New, Awaiting buyer, Settled, Rejected. */
export function ClaimStatusTag({ claim }: { claim: Pick<Claim, 'status'> }) {
  return <Tag color={CLAIM_STATUS_COLORS[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Tag>;
}
