/** My Account's resale certificates: the words of the card, the upload and the file view. */
export const TAX_CERTIFICATE_TEXTS = {
  title: 'Resale certificates',
  why: 'Orders shipping to a state where you hold an approved resale certificate are not charged sales tax.',
  emptyTitle: 'No resale certificates yet.',
  emptyOwner: 'Upload one for each state you ship to; we review it before it applies.',
  emptyMember: "Your company's owner uploads them.",
  loading: 'Loading resale certificates…',
  loadFailed: 'Could not load the resale certificates.',
  upload: 'Upload certificate',
  uploadTitle: 'Upload a resale certificate',
  uploadFailed: 'Could not upload the certificate. Check your connection and try again.',
  submittedTitle: 'Certificate submitted',
  submitted: (state: string, number: string) =>
    `Your ${state} certificate ${number} is pending review.`,
  doesNotExpire: 'Does not expire',
  viewFile: 'View file',
  fileLoadFailed: 'Could not open the file.',
} as const;
