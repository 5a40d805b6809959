import { Modal } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
  claimFormResolver,
  emptyClaimForm,
  type ClaimableLine,
  type ClaimFormOutput,
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
  const resolver = useMemo(() => claimFormResolver(claimable), [claimable]);
  const form = useForm<ClaimFormValues, unknown, ClaimFormOutput>({
    resolver,
    defaultValues: emptyClaimForm(claimable),
  });
  const { errors } = form.formState;
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One per opening: Cancel, or leaving the dialog, stops an upload under way.
  const [aborter] = useState(() => new AbortController());
  useEffect(() => () => aborter.abort(), [aborter]);
  const busy = report.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setPercent(values.photos.length > 0 ? 0 : null);
    try {
      await report.mutateAsync({
        companyId: order.company_id,
        orderId: order.id,
        kind: values.kind,
        lines: values.lines,
        note: values.note,
        photos: values.photos,
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
  });

  const cancel = () => {
    aborter.abort();
    onClose();
  };
  const linesError = errors.lines?.message;

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
        onSubmit={(event) => void onSubmit(event)}
      >
        <p className="claim-dialog__intro">
          {CLAIM_TEXTS.dialogIntro} <strong>{CLAIM_TEXTS.reportBy(deadline)}.</strong>
        </p>
        <fieldset
          className="claim-dialog__group"
          aria-describedby={linesError ? `${formId}-lines-error` : undefined}
        >
          <legend className="claim-dialog__legend">Items affected</legend>
          {claimable.map((line, index) => (
            <FormField
              key={line.productId}
              className="profile-field claim-dialog__line"
              id={`${formId}-line-${index}`}
              label={line.name}
              hint={`Up to ${line.left} of ${line.ordered} ordered`}
              error={errors.lines?.[index]?.quantity?.message}
            >
              {(aria) => (
                <Controller
                  control={form.control}
                  name={`lines.${index}.quantity`}
                  render={({ field }) => (
                    <TextInput
                      {...aria}
                      {...field}
                      aria-label={`Units of ${line.name} affected`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.left}
                      step={1}
                      placeholder="0"
                      disabled={busy}
                      className="claim-dialog__quantity"
                    />
                  )}
                />
              )}
            </FormField>
          ))}
          {linesError && (
            <p id={`${formId}-lines-error`} className="form-field__error" role="alert">
              {linesError}
            </p>
          )}
        </fieldset>
        <fieldset
          className="claim-dialog__group"
          aria-describedby={errors.kind ? `${formId}-kind-error` : undefined}
        >
          <legend className="claim-dialog__legend">What went wrong</legend>
          <div className="claim-dialog__kinds" role="radiogroup" aria-label="What went wrong">
            {CLAIM_KINDS.map((kind) => (
              <label key={kind} className="claim-dialog__kind">
                <input
                  type="radio"
                  value={kind}
                  disabled={busy}
                  {...form.register('kind', { onChange: () => form.clearErrors('kind') })}
                />
                {CLAIM_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
          {errors.kind?.message && (
            <p id={`${formId}-kind-error`} className="form-field__error" role="alert">
              {errors.kind.message}
            </p>
          )}
        </fieldset>
        <FormField
          className="profile-field"
          id={`${formId}-note`}
          label="Describe the problem"
          hint="Optional. What you found, and anything that helps us settle it."
          error={errors.note?.message}
        >
          {(aria) => (
            <TextArea
              {...aria}
              rows={3}
              maxLength={CLAIM_LIMITS.note}
              disabled={busy}
              {...form.register('note')}
            />
          )}
        </FormField>
        <Controller
          control={form.control}
          name="photos"
          render={({ field }) => (
            <FormField
              className="profile-field"
              id={`${formId}-photos`}
              label="Photos"
              hint={`Up to ${CLAIM_LIMITS.photos} JPEG or PNG photos, 10 MB each.`}
              error={errors.photos?.message}
            >
              {(aria) => (
                <>
                  <input
                    {...aria}
                    ref={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    type="file"
                    multiple
                    accept={CLAIM_PHOTO_ACCEPT}
                    disabled={busy || field.value.length >= CLAIM_LIMITS.photos}
                    className="claim-dialog__file"
                    onChange={(event) => {
                      const picked = [...(event.target.files ?? [])];
                      // The same file may be picked again after it was removed.
                      event.target.value = '';
                      const { photos, problem } = addPhotos(field.value, picked);
                      field.onChange(photos);
                      if (problem) form.setError('photos', { type: 'validate', message: problem });
                      else form.clearErrors('photos');
                    }}
                  />
                  {field.value.length > 0 && (
                    <ul className="claim-dialog__photos" aria-label="Photos attached">
                      {field.value.map((file, index) => (
                        <li key={`${file.name}-${index}`}>
                          <PickedPhoto file={file} />
                          <span className="claim-dialog__photo-name">{file.name}</span>
                          <Button
                            size="small"
                            type="text"
                            danger
                            disabled={busy}
                            aria-label={`Remove ${file.name}`}
                            onClick={() => {
                              field.onChange(field.value.filter((_, i) => i !== index));
                              form.clearErrors('photos');
                            }}
                          >
                            Remove
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </FormField>
          )}
        />
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
