import {
  certificateNumberSchema,
  isCalendarDay,
  isUsState,
  TAX_MESSAGES,
  taxCertificateFileProblem,
  type UsState,
} from '@portal/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The upload form's fields as typed. */
export interface CertificateFormValues {
  file: File | null;
  number: string;
  /** '' until a state is chosen. */
  state: UsState | '';
  /** YYYY-MM-DD from the date field; ignored when it does not expire. */
  expiresOn: string;
  noExpiry: boolean;
}

/** What the form hands on once every field is right. */
export interface CertificateFormOutput {
  file: File;
  number: string;
  state: UsState;
  expiresOn: string | null;
}

export const EMPTY_CERTIFICATE_FORM: CertificateFormValues = {
  file: null,
  number: '',
  state: '',
  expiresOn: '',
  noExpiry: false,
};

export const CHOOSE_FILE = 'Choose the certificate file (PDF, PNG or JPEG).';

/**
 * The form's check, with the domain's rules and words (the server checks the same again): the
 * file's type and size (taxCertificateFileProblem, before any upload), the number
 * (certificateNumberSchema), the state, and an expiry date that is a real day not yet past
 * (`today`, YYYY-MM-DD), unless it does not expire.
 */
export function checkCertificateForm(
  values: CertificateFormValues,
  today: string,
):
  | { ok: true; output: CertificateFormOutput }
  | { ok: false; errors: FieldErrors<CertificateFormValues> } {
  const errors: FieldErrors<CertificateFormValues> = {};
  const fail = (field: keyof CertificateFormValues, message: string) => {
    errors[field] = { type: 'validate', message };
  };
  const problem = values.file ? taxCertificateFileProblem(values.file) : CHOOSE_FILE;
  if (problem) fail('file', problem);
  const number = certificateNumberSchema.safeParse(values.number);
  if (!number.success) fail('number', TAX_MESSAGES.number);
  if (!isUsState(values.state)) fail('state', TAX_MESSAGES.state);
  if (!values.noExpiry) {
    if (!isCalendarDay(values.expiresOn)) fail('expiresOn', TAX_MESSAGES.expiresOn);
    else if (values.expiresOn < today) fail('expiresOn', TAX_MESSAGES.expired);
  }
  if (
    Object.keys(errors).length > 0 ||
    !values.file ||
    !number.success ||
    !isUsState(values.state)
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    output: {
      file: values.file,
      number: number.data,
      state: values.state,
      expiresOn: values.noExpiry ? null : values.expiresOn,
    },
  };
}

/** checkCertificateForm as react-hook-form's resolver. */
export function certificateFormResolver(
  today: () => string,
): Resolver<CertificateFormValues, unknown, CertificateFormOutput> {
  return (values) => {
    const checked = checkCertificateForm(values, today());
    return checked.ok
      ? { values: checked.output, errors: {} }
      : { values: {}, errors: checked.errors };
  };
}
