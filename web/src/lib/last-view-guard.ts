import { useEffect } from 'react';
import {
  confirmAccount,
  forgetLastView,
  restoredAccount,
  type RememberedAccount,
} from './last-view';
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
  useLastViewVerdict(
    confirmedUid ? { kind: 'manager', uid: confirmedUid, email: confirmedEmail } : null,
    check.status === 'success' && !check.isManager,
  );
  const account = restoredAccount();
  if (check.status !== 'loading' || !account || account.kind !== 'manager') return null;
  return { uid: account.uid, email: account.email };
}

/**
 * Keeps the last view in step with a guard's decision: the account it let in (its reads are
 * kept from now on), or a refusal (the view is forgotten). Neither while it is still deciding,
 * nor when the session cannot be read (offline).
 */
export function useLastViewVerdict(letIn: RememberedAccount | null, refused: boolean): void {
  const kind = letIn?.kind;
  const uid = letIn?.uid;
  const email = letIn?.email ?? '';
  useEffect(() => {
    if (kind && uid) confirmAccount({ kind, uid, email });
  }, [kind, uid, email]);
  useEffect(() => {
    if (refused) forgetLastView();
  }, [refused]);
}

/**
 * Whether a guarded page may be drawn while Firebase Auth still checks the session: from the
 * returning account's last view (`lastView`, the guard's own hook's answer), or, on a device that
 * keeps no one's, as its frame and loading states (every read waits for Auth). A device that
 * keeps another account's view waits for the check instead: that view is forgotten, and the
 * reads with it, once Auth names the account.
 */
export function drawnWhileChecking(lastView: object | null): boolean {
  return lastView !== null || restoredAccount() === null;
}
