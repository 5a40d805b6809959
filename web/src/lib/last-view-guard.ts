import { useEffect } from 'react';
import { confirmAccount, forgetLastView, restoredAccount } from './last-view';
import type { ManagerCheck } from './session';

/**
 * For the manager pages: the returning manager whose last view this device restored, while
 * Firebase Auth still checks the session (null otherwise). It also keeps the view in step with
 * the check: a confirmed manager's reads are kept from now on, anyone else's view is forgotten.
 * A session that cannot be read (offline) changes nothing.
 */
export function useLastViewManager(check: ManagerCheck): { uid: string; email: string } | null {
  const confirmedUid = check.status === 'success' && check.isManager ? (check.user?.uid ?? '') : '';
  const confirmedEmail =
    check.status === 'success' && check.isManager ? (check.user?.email ?? '') : '';
  const refused = check.status === 'success' && !check.isManager;
  useEffect(() => {
    if (confirmedUid) confirmAccount({ kind: 'manager', uid: confirmedUid, email: confirmedEmail });
  }, [confirmedUid, confirmedEmail]);
  useEffect(() => {
    if (refused) forgetLastView();
  }, [refused]);
  const account = restoredAccount();
  if (check.status !== 'loading' || !account || account.kind !== 'manager') return null;
  return { uid: account.uid, email: account.email };
}
