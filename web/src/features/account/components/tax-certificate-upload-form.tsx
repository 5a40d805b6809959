import {
  businessDay,
  TAX_CERTIFICATE_ACCEPT,
  TAX_LIMITS,
  taxCertificateFileProblem,
  US_STATES,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/native-select';
import { TextInput } from '@/components/text-input';
import { UploadCancelled, type useUploadTaxCertificate } from '@/entities/tax-certificates';
import { callableErrorCode, callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import {
  certificateFormResolver,
  EMPTY_CERTIFICATE_FORM,
  type CertificateFormOutput,
  type CertificateFormValues,
} from '../lib/tax-certificate-form';
import { TAX_CERTIFICATE_TEXTS as TEXTS } from './tax-certificates-text';

const stateOptions = US_STATES.map((code) => ({ value: code, label: code }));

/** The words for a failed upload or submit: the server's refusal as it wrote it, or ours. */
export function uploadFailure(error: unknown): string {
  // Storage's own errors (storage/unauthorized, storage/retry-limit-exceeded…) are not for people.
  if (callableErrorCode(error)?.startsWith('storage/')) return TEXTS.uploadFailed;
  return callableErrorMessage(error, TEXTS.uploadFailed);
}

/**
 * The owner's upload of a resale certificate, in the card in place of its Upload button (as Add
 * location is; a form in the Profile tab's own chunk rather than a lazy dialog, whose chunk would
 * split the shared ones every portal page loads): the file (PDF, PNG or JPEG, up to 10 MB,
 * checked here before any upload), its number, its state and its expiry (or "Does not expire").
 * The file goes up with its progress shown, then submitTaxCertificate checks it; a refusal shows
 * in the form. Cancel stops an upload under way.
 */
export function TaxCertificateUploadForm({
  upload,
  onClose,
}: {
  /** The card's upload mutation (useUploadTaxCertificate). */
  upload: ReturnType<typeof useUploadTaxCertificate>;
  onClose: () => void;
}) {
  const notify = useNotify();
  const resolver = useMemo(() => certificateFormResolver(() => businessDay(new Date())), []);
  const form = useForm<CertificateFormValues, unknown, CertificateFormOutput>({
    resolver,
    defaultValues: EMPTY_CERTIFICATE_FORM,
  });
  const { errors } = form.formState;
  const noExpiry = useWatch({ control: form.control, name: 'noExpiry' });
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One per opening of the dialog: Cancel, or leaving the dialog, stops an upload under way.
  const [aborter] = useState(() => new AbortController());
  useEffect(() => () => aborter.abort(), [aborter]);
  const busy = upload.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setPercent(0);
    try {
      await upload.mutateAsync({
        ...values,
        onProgress: setPercent,
        signal: aborter.signal,
      });
      notify.success(TEXTS.submittedTitle, TEXTS.submitted(values.state, values.number));
      onClose();
    } catch (error) {
      if (error instanceof UploadCancelled) return;
      console.error(error);
      setFailure(uploadFailure(error));
    } finally {
      setPercent(null);
    }
  });

  const cancel = () => {
    aborter.abort();
    onClose();
  };

  return (
    <form
      className="ship-to__form tax-upload"
      noValidate
      aria-label={TEXTS.uploadTitle}
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 className="tax-upload__title">{TEXTS.uploadTitle}</h3>
      <FormField
        className="profile-field"
        id="tax-certificate-file"
        label="Certificate file"
        hint="PDF, PNG or JPEG, up to 10 MB."
        error={errors.file?.message}
      >
        {(aria) => (
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <input
                {...aria}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                type="file"
                // The form opens from its button: the first field takes the focus.
                autoFocus
                className="tax-upload__file"
                accept={TAX_CERTIFICATE_ACCEPT}
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  field.onChange(file);
                  // The file's type and size are checked at once, before any upload.
                  if (file && taxCertificateFileProblem(file)) void form.trigger('file');
                  else form.clearErrors('file');
                }}
              />
            )}
          />
        )}
      </FormField>
      <FormField
        className="profile-field"
        id="tax-certificate-number"
        label="Certificate number"
        error={errors.number?.message}
      >
        {(aria) => (
          <Controller
            control={form.control}
            name="number"
            render={({ field }) => (
              <TextInput
                {...aria}
                {...field}
                size="large"
                maxLength={TAX_LIMITS.number}
                autoComplete="off"
                disabled={busy}
              />
            )}
          />
        )}
      </FormField>
      <FormField
        className="profile-field"
        id="tax-certificate-state"
        label="State"
        error={errors.state?.message}
      >
        {(aria) => (
          <Controller
            control={form.control}
            name="state"
            render={({ field }) => (
              <NativeSelect
                {...aria}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={stateOptions}
                placeholder="Choose"
                invalid={!!errors.state}
                disabled={busy}
              />
            )}
          />
        )}
      </FormField>
      <FormField
        className="profile-field"
        id="tax-certificate-expires"
        label="Expiry date"
        hint="The last day the certificate is valid."
        error={noExpiry ? undefined : errors.expiresOn?.message}
      >
        {(aria) => (
          <Controller
            control={form.control}
            name="expiresOn"
            render={({ field }) => (
              <TextInput
                {...aria}
                {...field}
                type="date"
                size="large"
                min={businessDay(new Date())}
                disabled={noExpiry || busy}
              />
            )}
          />
        )}
      </FormField>
      <label className="tax-upload__check">
        <input
          type="checkbox"
          disabled={busy}
          {...form.register('noExpiry', {
            onChange: () => form.clearErrors('expiresOn'),
          })}
        />
        {TEXTS.doesNotExpire}
      </label>
      {percent !== null && (
        <div className="tax-upload__progress" role="status">
          <span>{percent < 100 ? `Uploading… ${percent}%` : 'Checking the file…'}</span>
          <progress max={100} value={percent} aria-label="Upload progress" />
        </div>
      )}
      {failure && <Alert type="error" role="alert" title={failure} />}
      <div className="ship-to__actions">
        <Button type="primary" htmlType="submit" size="large" loading={busy}>
          {TEXTS.upload}
        </Button>
        <Button size="large" onClick={cancel}>
          {busy ? 'Cancel upload' : 'Cancel'}
        </Button>
      </div>
    </form>
  );
}
