import { Drawer, Input, Modal, type GetRef } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FileReadingPreview } from '@/components/file-preview';
import { FormField } from '@/components/form-field';
import type { CertificateFileView, TaxCertificate } from '@/entities/tax-certificates';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import type { ReasonCheck, ReviewCertificate } from './certificates-panel';
import { certificateName, CERTIFICATES_TEXTS as TEXTS, formatSubmitted } from './certificates-text';

/** "2.4 MB", "312 KB" */
function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * One certificate under review: its file shown inline (an image, or the PDF in a frame) and its
 * facts; a pending one is approved, or rejected with a reason asked in a dialog. What needs the
 * domain (the file's read, the standing, the dates, the reason's check) comes from the tab: this
 * chunk then shares no module with the portal's pages that they do not load together.
 */
export function CertificateReviewDrawer({
  certificate,
  companyName,
  status,
  validTo,
  file,
  checkReason,
  review,
  onClose,
  onDecided,
}: {
  certificate: TaxCertificate;
  companyName: string;
  /** Its standing today, as a tag. */
  status: ReactNode;
  /** "Mar 5, 2027" or "Does not expire". */
  validTo: string;
  /** The file, read by the tab while this is open (useTaxCertificateFile). */
  file: CertificateFileView;
  checkReason: ReasonCheck;
  /** The tab's reviewTaxCertificate mutation. */
  review: ReviewCertificate;
  onClose: () => void;
  /** Approved or rejected: the drawer is closed and the tab takes the focus. */
  onDecided: () => void;
}) {
  useReturnFocus();
  const notify = useNotify();
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
    ['Valid to', validTo],
    ['Status', status],
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
        <FileReadingPreview
          file={file}
          contentType={certificate.content_type}
          title={`File of the ${name}`}
          failed={TEXTS.fileFailed}
        />
      </div>
      {rejecting && (
        <RejectDialog
          certificate={certificate}
          name={name}
          companyName={companyName}
          review={review}
          checkReason={checkReason}
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
  checkReason,
  onCancel,
  onDone,
}: {
  certificate: TaxCertificate;
  name: string;
  companyName: string;
  review: ReviewCertificate;
  checkReason: ReasonCheck;
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
    const checked = checkReason(certificate.id, reason);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    review.mutate(checked.request, {
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
              maxLength={checkReason.maxLength}
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
