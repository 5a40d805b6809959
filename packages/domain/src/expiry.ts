/**
 * How long what an unverified stranger leaves behind is kept. Anyone can sign up or type an
 * address into the newsletter form; until the address is proven, the documents it made (a
 * pending profile, its mails, a pending newsletter subscription and its confirmation mail)
 * carry `expires_at`, and Firestore's TTL policies (firestore.indexes.json's fieldOverrides)
 * delete them after it. Verifying the address (or confirming the subscription) removes the field
 * from the profile (subscription); a mail keeps it, as a record whose message went out long ago.
 * The unverified applicant's Auth account goes with the same delay (sweepExpiredApplicants).
 * docs/data-model.md, "Expiry".
 */

const DAY = 24 * 3_600_000;

/** An applicant who has not verified their address within this is removed (Auth user, profile). */
export const UNVERIFIED_APPLICANT_TTL_MS = 7 * DAY;

/** A newsletter sign-up that was not confirmed within this is deleted. */
export const PENDING_NEWSLETTER_TTL_MS = 7 * DAY;

/** The field the TTL policies read, on every collection that has one. */
export const EXPIRES_AT_FIELD = 'expires_at';
