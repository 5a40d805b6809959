import { Modal } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import {
  CLAIM_KIND_LABELS,
  CLAIM_KINDS,
  CLAIM_LIMITS,
  CLAIM_PHOTO_ACCEPT,
  type Order,
} from '@portal/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { TextArea, TextInput } from '@/components/text-input';
import { PhotoUploadCancelled, useReportClaim } from '@/entities/claims';
import { callableErrorCode, callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import {
  addPhotos,
  checkClaimForm,
  EMPTY_CLAIM_FORM,
  type ClaimableLine,
  type ClaimFormErrors,
  type ClaimFormValues,
} from '../lib/claim-form';
import { CLAIM_TEXTS } from './claims-text';

/** The words for a failed report: the server's refusal as it wrote it, or ours. */
export function reportFailure(error: unknown): string {
  // Storage's own errors (storage/unauthorized, storage/retry-limit-exceeded…) are not for people.
  if (callableErrorCode(error)?.startsWith('storage/')) return CLAIM_TEXTS.reportFailed;
  return callableErrorMessage(error, CLAIM_TEXTS.reportFailed);
}

/**
 * Report a problem with a shipped order (docs/order-lifecycle.md#claims), a lazy dialog with
 * antd's Modal: the units affected of each line that may still be claimed (at most what is left
 * of it), what went wrong, a note, and up to 5 photos (JPEG or PNG, 10 MB each, checked here
 * before any upload). The photos go up under a new claim id with their progress shown, then
 * reportClaim checks the report; a refusal shows in the dialog as the server wrote it.
 */
export default function ReportClaimDialog({
  order,
  orderLabel,
  claimable,
  deadline,
  onClose,
}: {
  order: Pick<Order, 'id' | 'company_id'>;
  /** "#abc12345". */
  orderLabel: string;
  /** The lines with units left to claim. */
  claimable: readonly ClaimableLine[];
  deadline: Date;
  onClose: () => void;
}) {
  const notify = useNotify();
  const report = useReportClaim();
  const formId = useId();
  const [values, setValues] = useState<ClaimFormValues>(EMPTY_CLAIM_FORM);
  const [errors, setErrors] = useState<ClaimFormErrors>({});
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One per opening: Cancel, or leaving the dialog, stops an upload under way.
  const [aborter] = useState(() => new AbortController());
  useEffect(() => () => aborter.abort(), [aborter]);
  const busy = report.isPending;

  const change = (next: Partial<ClaimFormValues>, cleared: Partial<ClaimFormErrors>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => ({ ...current, ...cleared }));
  };

  const submit = async () => {
    if (busy) return;
    setFailure(null);
    const checked = checkClaimForm(values, claimable);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const { lines, kind, note, photos } = checked.output;
    setPercent(photos.length > 0 ? 0 : null);
    try {
      await report.mutateAsync({
        companyId: order.company_id,
        orderId: order.id,
        kind,
        lines,
        note,
        photos,
        onProgress: setPercent,
        signal: aborter.signal,
      });
      notify.success(CLAIM_TEXTS.reportedTitle, CLAIM_TEXTS.reported);
      onClose();
    } catch (error) {
      if (error instanceof PhotoUploadCancelled) return;
      console.error(error);
      setFailure(reportFailure(error));
    } finally {
      setPercent(null);
    }
  };

  const cancel = () => {
    aborter.abort();
    onClose();
  };

  return (
    <Modal
      open
      title={CLAIM_TEXTS.dialogTitle(orderLabel)}
      onCancel={cancel}
      destroyOnHidden
      maskClosable={!busy}
      footer={
        <div className="claim-dialog__actions">
          <Button onClick={cancel}>{busy ? 'Cancel upload' : 'Cancel'}</Button>
          <Button type="primary" htmlType="submit" form={formId} loading={busy}>
            {CLAIM_TEXTS.submit}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className="claim-dialog"
        noValidate
        aria-label={CLAIM_TEXTS.dialogTitle(orderLabel)}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="claim-dialog__intro">
          {CLAIM_TEXTS.dialogIntro} <strong>{CLAIM_TEXTS.reportBy(deadline)}.</strong>
        </p>
        <fieldset
          className="claim-dialog__group"
          aria-describedby={errors.lines ? `${formId}-lines-error` : undefined}
        >
          <legend className="claim-dialog__legend">Items affected</legend>
          {claimable.map((line, index) => (
            <FormField
              key={line.productId}
              className="profile-field claim-dialog__line"
              id={`${formId}-line-${index}`}
              label={`Units of ${line.name} affected`}
              hint={`Up to ${line.left} of ${line.ordered} ordered`}
              error={errors.quantities?.[line.productId]}
            >
              {(aria) => (
                <TextInput
                  {...aria}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.left}
                  step={1}
                  placeholder="0"
                  disabled={busy}
                  className="claim-dialog__quantity"
                  value={values.quantities[line.productId] ?? ''}
                  onChange={(event) =>
                    change(
                      {
                        quantities: { ...values.quantities, [line.productId]: event.target.value },
                      },
                      {
                        lines: undefined,
                        quantities: omit(errors.quantities, line.productId),
                      },
                    )
                  }
                />
              )}
            </FormField>
          ))}
          {errors.lines && (
            <p id={`${formId}-lines-error`} className="form-field__error" role="alert">
              {errors.lines}
            </p>
          )}
        </fieldset>
        <fieldset
          className="claim-dialog__group"
          aria-describedby={errors.kind ? `${formId}-kind-error` : undefined}
        >
          <legend className="claim-dialog__legend">What went wrong</legend>
          <div className="claim-dialog__kinds">
            {CLAIM_KINDS.map((kind) => (
              <label key={kind} className="claim-dialog__kind">
                <input
                  type="radio"
                  name={`${formId}-kind`}
                  value={kind}
                  checked={values.kind === kind}
                  disabled={busy}
                  aria-invalid={errors.kind ? true : undefined}
                  onChange={() => change({ kind }, { kind: undefined })}
                />
                {CLAIM_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
          {errors.kind && (
            <p id={`${formId}-kind-error`} className="form-field__error" role="alert">
              {errors.kind}
            </p>
          )}
        </fieldset>
        <FormField
          className="profile-field"
          id={`${formId}-note`}
          label="Describe the problem"
          hint="Optional: what you found, and anything that helps us settle it."
          error={errors.note}
        >
          {(aria) => (
            <TextArea
              {...aria}
              rows={3}
              maxLength={CLAIM_LIMITS.note}
              disabled={busy}
              value={values.note}
              onChange={(event) => change({ note: event.target.value }, { note: undefined })}
            />
          )}
        </FormField>
        <FormField
          className="profile-field"
          id={`${formId}-photos`}
          label="Photos"
          hint={`Up to ${CLAIM_LIMITS.photos} JPEG or PNG photos, 10 MB each.`}
          error={errors.photos}
        >
          {(aria) => (
            <input
              {...aria}
              type="file"
              multiple
              accept={CLAIM_PHOTO_ACCEPT}
              disabled={busy || values.photos.length >= CLAIM_LIMITS.photos}
              className="claim-dialog__file"
              onChange={(event) => {
                const picked = [...(event.target.files ?? [])];
                // The same file may be picked again after it was removed.
                event.target.value = '';
                const { photos, problem } = addPhotos(values.photos, picked);
                change({ photos }, { photos: problem ?? undefined });
              }}
            />
          )}
        </FormField>
        {values.photos.length > 0 && (
          <ul className="claim-dialog__photos" aria-label="Photos attached">
            {values.photos.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <PickedPhoto file={file} />
                <span className="claim-dialog__photo-name">{file.name}</span>
                <Button
                  size="small"
                  type="text"
                  danger
                  disabled={busy}
                  aria-label={`Remove ${file.name}`}
                  onClick={() =>
                    change(
                      { photos: values.photos.filter((_, i) => i !== index) },
                      { photos: undefined },
                    )
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {busy && (
          <div className="claim-dialog__progress" role="status">
            <span>
              {percent !== null && percent < 100
                ? CLAIM_TEXTS.uploading(percent)
                : CLAIM_TEXTS.sending}
            </span>
            {percent !== null && (
              <progress max={100} value={percent} aria-label="Upload progress" />
            )}
          </div>
        )}
        {failure && <Alert type="error" role="alert" title={failure} />}
      </form>
    </Modal>
  );
}

/** The record without one key (undefined when nothing is left). */
function omit(record: Record<string, string> | undefined, key: string) {
  if (!record) return undefined;
  const { [key]: _left, ...rest } = record;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** A picked photo's thumbnail; its object URL is let go when it goes away. */
function PickedPhoto({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt="" width={48} height={48} className="claim-dialog__thumb" />;
}
