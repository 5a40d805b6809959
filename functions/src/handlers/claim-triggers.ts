import type { FirestoreEvent } from 'firebase-functions/v2/firestore';
import { syncClaimRollup } from '../insights/claim-rollups';
import { createContext } from '../lib/context';
import { log } from '../lib/log';

/**
 * onClaimWrittenForRollups (claims/{claimId}, every write): the claims' figures in the sales
 * rollups follow the claim (insights/claim-rollups.ts). Each event brings the rollups in line with
 * the claim as it is now, against what claim_rollups/{claimId} says was counted: an event
 * delivered twice or late adds nothing, and a write that moves no figure (a question, an answer)
 * writes nothing to the rollups. It reads the claim rather than the event's snapshots, so it
 * needs nothing of the event but the id.
 */
export async function claimWrittenForRollupsHandler(
  event: Pick<FirestoreEvent<unknown, { claimId: string }>, 'params'>,
): Promise<void> {
  const { claimId } = event.params;
  const written = await syncClaimRollup(createContext().db, claimId);
  if (written > 0) log.info('claim_rollups_updated', { claimId, documents: written });
}
