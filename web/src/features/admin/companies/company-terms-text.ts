import { TERMS_CHOICES, termsLabel, type TermsChoice } from '@portal/domain';

/** The words of the company page's Payment terms panel and its form. */
export const COMPANY_TERMS_TEXTS = {
  saved: 'Terms saved.',
  saveFailed: 'Could not save the terms.',
  loadFailed: 'Could not load the payment terms of this company.',
  hold: 'Credit hold',
  holdNote: 'An invoice is past due: the company cannot order on terms until it is paid.',
} as const;

/** The Terms select's choices: None (card only), Net 15, Net 30, Net 60. */
export const TERMS_OPTIONS: readonly { value: TermsChoice; label: string }[] = TERMS_CHOICES.map(
  (choice) => ({ value: choice, label: termsLabel(choice === 0 ? null : choice) }),
);
