import {
  certificateStanding,
  formatCertificateDate,
  reviewTaxCertificateRequest,
  TAX_LIMITS,
} from '@portal/domain';
import { Drawer, Input, Modal, type GetRef } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/app-loading';
import { Button } from '@/components/button';
import { CertificateStandingTag } from '@/components/certificate-standing-tag';
import { FilePreview } from '@/components/file-preview';
import { FormField } from '@/components/form-field';
import { useTaxCertificateFile, type TaxCertificate } from '@/entities/tax-certificates';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import type { ReviewCertificate } from './certificates-panel';
import { certificateName, CERTIFICATES_TEXTS as TEXTS, formatSubmitted } from './certificates-text';

/** "2.4 MB", "312 KB" */
function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * One certificate under review: its file shown inline (an image, or the PDF in a frame) and its
 * facts; a pending one is approved, or rejected with a reason asked in a dialog.
 */
export function CertificateReviewDrawer({
  certificate,
  companyName,
  today,
  review,
  onClose,
  onDecided,
}: {
  certificate: TaxCertificate;
  companyName: string;
  /** YYYY-MM-DD (Pacific): whether it has expired. */
  today: string;
  /** The tab's reviewTaxCertificate mutation. */
  review: ReviewCertificate;
  onClose: () => void;
  /** Approved or rejected: the drawer is closed and the tab takes the focus. */
  onDecided: () => void;
}) {
  useReturnFocus();
  const notify = useNotify();
  const file = useTaxCertificateFile(certificate.file_path);
  const [rejecting, setRejecting] = useState(false);
  const name = certificateName(certificate);
  const pending = certificate.status === 'pending';

  const approve = () =>
    review.mutate(
      { certificateId: certificate.id, decision: 'approve' },
      {
        onSuccess: () => {
          notify.success(TEXTS.approvedTitle, `The ${name} of ${companyName} is approved.`);
          onDecided();
        },
        onError: (error) => notify.error('Error', callableErrorMessage(error, TEXTS.reviewFailed)),
      },
    );

  const facts: [string, ReactNode][] = [
    ['Company', companyName],
    ['State', certificate.state],
    ['Number', certificate.number],
    [
      'Valid to',
      certificate.expires_on === null
        ? TEXTS.doesNotExpire
        : formatCertificateDate(certificate.expires_on),
    ],
    ['Status', <CertificateStandingTag standing={certificateStanding(certificate, today)} />],
    ['File', `${certificate.file_name || 'certificate'} (${fileSize(certificate.size)})`],
    ['Submitted by', certificate.submitted_by_name || '—'],
    ['Submitted', formatSubmitted(certificate.submitted_at)],
  ];
  if (certificate.status === 'rejected' && certificate.rejection_reason) {
    facts.push(['Rejection reason', certificate.rejection_reason]);
  }

  return (
    <Drawer
      open
      title={`${name} · ${companyName}`}
      onClose={onClose}
      width="min(760px, 100vw)"
      rootClassName="certificate-review"
      destroyOnHidden
      footer={
        pending ? (
          <div className="admin-actions">
            <Button
              type="primary"
              loading={review.isPending && review.variables?.decision === 'approve'}
              disabled={review.isPending}
              onClick={approve}
            >
              {TEXTS.approve}
            </Button>
            <Button danger disabled={review.isPending} onClick={() => setRejecting(true)}>
              {TEXTS.reject}
            </Button>
          </div>
        ) : null
      }
    >
      <div className="certificate-review__body">
        <dl className="certificate-review__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {file.status === 'loading' && (
          <div className="certificate-review__loading" role="status">
            <Spinner />
            <span>Opening the file…</span>
          </div>
        )}
        {file.status === 'error' && (
          <Alert
            type="error"
            role="alert"
            title={TEXTS.fileFailed}
            action={<Button onClick={file.retry}>Try Again</Button>}
          />
        )}
        {file.status === 'ready' && (
          <FilePreview
            url={file.url}
            contentType={certificate.content_type}
            title={`File of the ${name}`}
          />
        )}
      </div>
      {rejecting && (
        <RejectDialog
          certificate={certificate}
          name={name}
          companyName={companyName}
          review={review}
          onCancel={() => setRejecting(false)}
          onDone={onDecided}
        />
      )}
    </Drawer>
  );
}

function RejectDialog({
  certificate,
  name,
  companyName,
  review,
  onCancel,
  onDone,
}: {
  certificate: TaxCertificate;
  name: string;
  companyName: string;
  review: ReviewCertificate;
  onCancel: () => void;
  onDone: () => void;
}) {
  useReturnFocus();
  const notify = useNotify();
  const field = useRef<GetRef<typeof Input.TextArea>>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    setFailure(null);
    const parsed = reviewTaxCertificateRequest.safeParse({
      certificateId: certificate.id,
      decision: 'reject',
      reason,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((each) => each.path[0] === 'reason');
      setProblem(issue?.message ?? parsed.error.issues[0]?.message ?? TEXTS.reviewFailed);
      return;
    }
    setProblem(null);
    review.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(TEXTS.rejectedTitle, `The ${name} of ${companyName} is rejected.`);
        onDone();
      },
      onError: (error) => setFailure(callableErrorMessage(error, TEXTS.reviewFailed)),
    });
  };

  const title = `Reject the ${name}`;
  return (
    <Modal
      open
      title={title}
      okText="Reject certificate"
      okButtonProps={{ danger: true, loading: review.isPending }}
      cancelText="Cancel"
      onOk={submit}
      onCancel={onCancel}
      // antd focuses the dialog itself once open: the reason is what the manager types first.
      afterOpenChange={(open) => {
        if (open) field.current?.focus();
      }}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          id="reject-certificate-reason"
          label="Reason"
          hint={TEXTS.rejectHint}
          error={problem ?? undefined}
        >
          {(control) => (
            <Input.TextArea
              {...control}
              ref={field}
              autoFocus
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={TAX_LIMITS.reason}
              showCount
              status={problem ? 'error' : undefined}
            />
          )}
        </FormField>
        {failure && <Alert type="error" role="alert" title={failure} />}
      </form>
    </Modal>
  );
}
