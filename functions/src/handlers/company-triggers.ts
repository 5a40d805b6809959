import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { copyCompanyName } from '../companies/company-copies';
import { createContext } from '../lib/context';
import { log } from '../lib/log';

type Snapshot = Pick<DocumentSnapshot, 'get'>;
type UpdateEvent = Pick<
  FirestoreEvent<Change<Snapshot> | undefined, { companyId: string }>,
  'params'
> & {
  data?: Change<Snapshot> | undefined;
};

/** An owner renamed the company: its members' profiles take the new name. */
export async function companyChangedHandler(event: UpdateEvent): Promise<void> {
  const change = event.data;
  if (change && change.before.get('name') === change.after.get('name')) return;
  const { companyId } = event.params;
  const copied = await copyCompanyName(createContext().db, companyId);
  if (copied > 0) log.info('company_name_copied', { companyId, profiles: copied });
}
