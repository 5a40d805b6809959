/**
 * Names people type (a full name, a store name, a permit number, a ship-to name) are shown in
 * mails, on invoices and in the dashboard. They must be plain text: no control characters (C0,
 * DEL, C1, the Unicode line and paragraph separators), which can break a mail header or a CSV
 * line, and no bidirectional formatting characters (the embeddings and overrides U+202A to
 * U+202E, the isolates U+2066 to U+2069, the marks U+200E, U+200F and U+061C), which reorder
 * what a reader sees (U+202E before "lmth.exe" shows "exe.html"). Forms and callables refuse them
 * (plainTextIssue in the schemas); mail rendering strips them (stripUnsafeText), for documents
 * written before the refusal. firestore.rules refuses the same set in profile names
 * (plainName), with the same ranges.
 */

/** One character of the refused set (the ranges firestore.rules' plainName lists too). */
export const UNSAFE_TEXT_CHAR =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

const UNSAFE_TEXT_RUN = new RegExp(`${UNSAFE_TEXT_CHAR.source}+`, 'g');

/** What the ship-to form says when a line holds one of them (names: nameText's message). */
export const UNSAFE_TEXT_MESSAGE = 'Remove the special characters.';

/** Whether the text holds a control or bidirectional formatting character. */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE_TEXT_CHAR.test(text);
}

/**
 * The text without control or bidirectional formatting characters: each run becomes one space
 * (a line break between two words keeps them apart), runs of spaces collapse, ends are trimmed.
 */
export function stripUnsafeText(text: string): string {
  return text.replace(UNSAFE_TEXT_RUN, ' ').replace(/\s+/g, ' ').trim();
}
