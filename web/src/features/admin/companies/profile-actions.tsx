import { useId, useState } from 'react';
import {
  PROFILE_REVIEW_REASON_MAX,
  type ProfileReview,
  type ProfileStatus,
  type Role,
  type SetProfileStatusRequest,
} from '@portal/domain';
import { Button } from '@/components/button';
import { Tag, type TagColor } from '@/components/tag';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { useSetProfileStatus } from '@/entities/profile';
import { ConfirmPopover } from '@/components/confirm-popover';

/**
 * Whom a manager approves or rejects (a row of the Companies tab, the company page): a review
 * acts on the company of the member whose uid it names (setProfileStatus({ uid })), so `uid` is
 * a current member's (an owner's); `storeName` is the company's name.
 */
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

/** Whether the applicant verified their address: a tag (a manager's own row shows nothing). */
export function EmailVerifiedTag({ role, verified }: { role: Role; verified: boolean }) {
  if (role === 'manager') return <span className="admin-muted">—</span>;
  return verified ? <Tag color="success">Verified</Tag> : <Tag color="orange">Not verified</Tag>;
}

/** The toast text of a refused change: the server's reason when it gives one a manager can act on. */
function failedText(error: unknown): string {
  return callableErrorMessage(error, 'Failed to update profile');
}

/** The success toast of each review (Approve and Reject keep the seed's words). */
export const REVIEW_DONE_TEXT: Readonly<Record<ProfileReview, string>> = {
  approve: 'Profile approved successfully',
  decline: 'Profile declined successfully',
  reject: 'Profile rejected successfully',
  reopen: 'Profile reopened successfully',
};

/**
 * What a manager may do to a company through setProfileStatus, with their confirmations
 * (docs/product.md#124-companies-tab, docs/product.md#151-profile-status): a pending applicant
 * is approved or declined (with an optional reason, mailed), an approved company rejected, a
 * rejected one reopened (pending again). The
 * server decides again whether the move is allowed (packages/domain PROFILE_TRANSITIONS).
 * Managers' profiles offer nothing.
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

  const change = async (review: ProfileReview, request: SetProfileStatusRequest) => {
    try {
      await setStatus.mutateAsync(request);
      notify.success('Success', REVIEW_DONE_TEXT[review]);
    } catch (error) {
      notify.error('Error', failedText(error));
    }
  };

  if (target.role === 'manager') return null;
  const busy = setStatus.isPending;
  if (target.status === 'pending') {
    return (
      <div className="admin-actions">
        {target.emailVerified ? (
          <Button
            size={size}
            type="primary"
            loading={busy}
            onClick={() => change('approve', { uid, status: 'approved' })}
            aria-label={`Approve ${storeName}`}
          >
            Approve
          </Button>
        ) : (
          // Approving an address nobody has confirmed: the manager says so explicitly.
          // Keyed, so a refetch that turns this row into a Reject never keeps this box open.
          <ConfirmPopover
            key="approve-unverified"
            title="Approve without a verified email?"
            description={`${storeName} has not verified their email address yet.`}
            okText="Approve anyway"
            onConfirm={() => change('approve', { uid, status: 'approved', allowUnverified: true })}
          >
            {(trigger) => (
              <Button
                {...trigger}
                size={size}
                type="primary"
                loading={busy}
                aria-label={`Approve ${storeName}`}
              >
                Approve
              </Button>
            )}
          </ConfirmPopover>
        )}
        <DeclineButton
          storeName={storeName}
          size={size}
          busy={busy}
          onDecline={(reason) =>
            change(
              'decline',
              reason ? { uid, status: 'rejected', reason } : { uid, status: 'rejected' },
            )
          }
        />
      </div>
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
        onConfirm={() => change('reject', { uid, status: 'rejected' })}
      >
        {(trigger) => (
          <Button {...trigger} size={size} danger loading={busy} aria-label={`Reject ${storeName}`}>
            Reject
          </Button>
        )}
      </ConfirmPopover>
    );
  }
  return (
    <ConfirmPopover
      key="reopen"
      title={`Reopen ${storeName}?`}
      description="Their application goes back to pending for another review. We email them that it is open again."
      okText="Reopen"
      onConfirm={() => change('reopen', { uid, status: 'pending' })}
    >
      {(trigger) => (
        <Button {...trigger} size={size} loading={busy} aria-label={`Reopen ${storeName}`}>
          Reopen
        </Button>
      )}
    </ConfirmPopover>
  );
}

/**
 * Decline, after a confirmation that takes an optional reason (mailed to the applicant; empty on
 * each opening).
 */
function DeclineButton({
  storeName,
  size,
  busy,
  onDecline,
}: {
  storeName: string;
  size: 'small' | 'middle';
  busy: boolean;
  onDecline: (reason: string) => unknown;
}) {
  const [reason, setReason] = useState('');
  const fieldId = useId();
  return (
    <ConfirmPopover
      key="decline"
      title={`Decline ${storeName}?`}
      description={
        <>
          <span>We email them that their application was declined.</span>
          <label className="confirm-popover__field" htmlFor={fieldId}>
            <span>Reason (optional, included in the email)</span>
            <textarea
              id={fieldId}
              rows={3}
              maxLength={PROFILE_REVIEW_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        </>
      }
      okText="Decline"
      okDanger
      onOpenChange={(open) => {
        if (open) setReason('');
      }}
      onConfirm={() => onDecline(reason.trim())}
    >
      {(trigger) => (
        <Button {...trigger} size={size} danger loading={busy} aria-label={`Decline ${storeName}`}>
          Decline
        </Button>
      )}
    </ConfirmPopover>
  );
}
