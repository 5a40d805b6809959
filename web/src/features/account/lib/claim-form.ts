import {
  CLAIM_KINDS,
  CLAIM_LIMITS,
  CLAIM_MESSAGES,
  claimPhotoFileProblem,
  hasUnsafeText,
  UNSAFE_TEXT_MESSAGE,
  type ClaimKind,
} from '@portal/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** A line the buyer may report: what of it can still be claimed (claimableUnits). */
export interface ClaimableLine {
  productId: string;
  name: string;
  /** Units ordered. */
  ordered: number;
  /** Units that may still be reported. */
  left: number;
}

/** The report form's fields as typed (quantities as typed; '' is none). */
export interface ClaimFormValues {
  lines: { productId: string; quantity: string }[];
  kind: ClaimKind | '';
  note: string;
  photos: File[];
}

/** What the form hands on once every field is right. */
export interface ClaimFormOutput {
  lines: { productId: string; quantity: number }[];
  kind: ClaimKind;
  note: string;
  photos: File[];
}

export const WHOLE_UNITS = 'Report whole units.';

export function emptyClaimForm(lines: readonly ClaimableLine[]): ClaimFormValues {
  return {
    lines: lines.map((line) => ({ productId: line.productId, quantity: '' })),
    kind: '',
    note: '',
    photos: [],
  };
}

function isClaimKind(value: string): value is ClaimKind {
  return (CLAIM_KINDS as readonly string[]).includes(value);
}

/**
 * The report's check, with the domain's rules and words (reportClaim checks the same again): at
 * least one unit, whole units, at most what is left of each line, a kind, a note of at most
 * 1000 plain characters, at most 5 photos each a JPEG or PNG of up to 10 MB.
 */
export function checkClaimForm(
  values: ClaimFormValues,
  claimable: readonly ClaimableLine[],
): { ok: true; output: ClaimFormOutput } | { ok: false; errors: FieldErrors<ClaimFormValues> } {
  const errors: FieldErrors<ClaimFormValues> = {};
  const byId = new Map(claimable.map((line) => [line.productId, line]));
  const lineErrors: ({ quantity: { type: string; message: string } } | undefined)[] = [];
  const lines: ClaimFormOutput['lines'] = [];
  values.lines.forEach((typed, index) => {
    const text = typed.quantity.trim();
    if (text === '') return;
    const quantity = Number(text);
    const line = byId.get(typed.productId);
    let message: string | null = null;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(quantity)) message = WHOLE_UNITS;
    else if (line && quantity > line.left) {
      message = CLAIM_MESSAGES.tooMany(line.name, line.left, line.ordered);
    } else if (!line) message = CLAIM_MESSAGES.notOnOrder;
    if (message) lineErrors[index] = { quantity: { type: 'validate', message } };
    else if (quantity > 0) lines.push({ productId: typed.productId, quantity });
  });
  if (lineErrors.length > 0) errors.lines = lineErrors;
  else if (lines.length === 0) errors.lines = { type: 'validate', message: CLAIM_MESSAGES.noLines };
  if (!isClaimKind(values.kind)) errors.kind = { type: 'validate', message: CLAIM_MESSAGES.kind };
  const note = values.note.trim();
  if (note.length > CLAIM_LIMITS.note) {
    errors.note = { type: 'validate', message: CLAIM_MESSAGES.note };
  } else if (hasUnsafeText(note.replace(/\r?\n/g, ' '))) {
    errors.note = { type: 'validate', message: UNSAFE_TEXT_MESSAGE };
  }
  const photoProblem =
    values.photos.length > CLAIM_LIMITS.photos
      ? CLAIM_MESSAGES.photoCount
      : values.photos.map(claimPhotoFileProblem).find(Boolean);
  if (photoProblem) errors.photos = { type: 'validate', message: photoProblem };
  if (Object.keys(errors).length > 0 || !isClaimKind(values.kind)) return { ok: false, errors };
  return { ok: true, output: { lines, kind: values.kind, note, photos: values.photos } };
}

/** checkClaimForm as react-hook-form's resolver. */
export function claimFormResolver(
  claimable: readonly ClaimableLine[],
): Resolver<ClaimFormValues, unknown, ClaimFormOutput> {
  return (values) => {
    const checked = checkClaimForm(values, claimable);
    return checked.ok
      ? { values: checked.output, errors: {} }
      : { values: {}, errors: checked.errors };
  };
}

/**
 * The files picked added to those already attached: each refused one is left out with its
 * reason (claimPhotoFileProblem), and no more than 5 are kept.
 */
export function addPhotos(
  attached: readonly File[],
  picked: readonly File[],
): { photos: File[]; problem: string | null } {
  const photos = [...attached];
  let problem: string | null = null;
  for (const file of picked) {
    const refused = claimPhotoFileProblem(file);
    if (refused) {
      problem ??= refused;
      continue;
    }
    if (photos.length >= CLAIM_LIMITS.photos) {
      problem ??= CLAIM_MESSAGES.photoCount;
      continue;
    }
    photos.push(file);
  }
  return { photos, problem };
}
