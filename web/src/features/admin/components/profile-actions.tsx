import type { ProfileStatus, Role } from '@portal/domain';
import { Button } from '@/components/button';
import { Tag, type TagColor } from '@/components/tag';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { useSetProfileStatus } from '@/entities/profile';
import { ConfirmPopover } from './confirm-popover';

/** Whom a manager approves or rejects (a Users row, the store page). */
export interface ReviewTarget {
  uid: string;
  storeName: string;
  role: Role;
  status: ProfileStatus;
  emailVerified: boolean;
}

export const PROFILE_STATUS_TAG: Readonly<
  Record<ProfileStatus, { color: TagColor; label: string }>
> = {
  pending: { color: 'warning', label: 'Pending' },
  approved: { color: 'success', label: 'Approved' },
  rejected: { color: 'error', label: 'Rejected' },
};

export function ProfileStatusTag({ status }: { status: ProfileStatus }) {
  const tag = PROFILE_STATUS_TAG[status];
  return <Tag color={tag.color}>{tag.label}</Tag>;
}

/** Whether the buyer verified their address: a tag (a manager's own row shows nothing). */
export function EmailVerifiedTag({ role, verified }: { role: Role; verified: boolean }) {
  if (role === 'manager') return <span className="admin-muted">—</span>;
  return verified ? <Tag color="success">Verified</Tag> : <Tag color="orange">Not verified</Tag>;
}

/** The toast text of a refused change: the server's reason when it gives one a manager can act on. */
function failedText(error: unknown): string {
  return callableErrorMessage(error, 'Failed to update profile');
}

/**
 * Approve (pending) and Reject (approved) through setProfileStatus, with their confirmations;
 * docs/product.md §15.1. Managers' and rejected profiles offer nothing.
 */
export function ProfileActions({
  target,
  size = 'small',
}: {
  target: ReviewTarget;
  size?: 'small' | 'middle';
}) {
  const notify = useNotify();
  const setStatus = useSetProfileStatus();
  const { uid, storeName } = target;

  const change = async (status: 'approved' | 'rejected', allowUnverified = false) => {
    try {
      await setStatus.mutateAsync(
        allowUnverified ? { uid, status, allowUnverified } : { uid, status },
      );
      notify.success('Success', `Profile ${status} successfully`);
    } catch (error) {
      notify.error('Error', failedText(error));
    }
  };

  if (target.role === 'manager') return null;
  if (target.status === 'pending' && !target.emailVerified) {
    // Approving an address nobody has confirmed: the manager says so explicitly.
    return (
      // Keyed, so a refetch that turns this row into a Reject never keeps this box open.
      <ConfirmPopover
        key="approve-unverified"
        title="Approve without a verified email?"
        description={`${storeName} has not verified their email address yet.`}
        okText="Approve anyway"
        onConfirm={() => change('approved', true)}
      >
        {(trigger) => (
          <Button
            {...trigger}
            size={size}
            type="primary"
            loading={setStatus.isPending}
            aria-label={`Approve ${storeName}`}
          >
            Approve
          </Button>
        )}
      </ConfirmPopover>
    );
  }
  if (target.status === 'pending') {
    return (
      <Button
        size={size}
        type="primary"
        loading={setStatus.isPending}
        onClick={() => change('approved')}
        aria-label={`Approve ${storeName}`}
      >
        Approve
      </Button>
    );
  }
  if (target.status === 'approved') {
    return (
      <ConfirmPopover
        key="reject"
        title={`Reject ${storeName}?`}
        description="They lose access to the portal."
        okText="Reject"
        okDanger
        onConfirm={() => change('rejected')}
      >
        {(trigger) => (
          <Button
            {...trigger}
            size={size}
            danger
            loading={setStatus.isPending}
            aria-label={`Reject ${storeName}`}
          >
            Reject
          </Button>
        )}
      </ConfirmPopover>
    );
  }
  return null;
}
