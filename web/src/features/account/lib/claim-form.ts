import {
  CLAIM_KINDS,
  CLAIM_LIMITS,
  CLAIM_MESSAGES,
  claimPhotoFileProblem,
  hasUnsafeText,
  UNSAFE_TEXT_MESSAGE,
  type ClaimKind,
} from '@portal/domain';

/** A line the buyer may report: what of it can still be claimed (claimableUnits). */
export interface ClaimableLine {
  productId: string;
  name: string;
  /** Units ordered. */
  ordered: number;
  /** Units that may still be reported. */
  left: number;
}

/** The report form's fields as typed (quantities by product id, as typed; '' is none). */
export interface ClaimFormValues {
  quantities: Readonly<Record<string, string>>;
  kind: ClaimKind | '';
  note: string;
  photos: readonly File[];
}

/** What is wrong with the form: a message per field, and per line by product id. */
export interface ClaimFormErrors {
  /** No units chosen at all. */
  lines?: string;
  quantities?: Record<string, string>;
  kind?: string;
  note?: string;
  photos?: string;
}

/** What the form hands on once every field is right. */
export interface ClaimFormOutput {
  lines: { productId: string; quantity: number }[];
  kind: ClaimKind;
  note: string;
  photos: readonly File[];
}

export const WHOLE_UNITS = 'Report whole units.';

export const EMPTY_CLAIM_FORM: ClaimFormValues = { quantities: {}, kind: '', note: '', photos: [] };

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
): { ok: true; output: ClaimFormOutput } | { ok: false; errors: ClaimFormErrors } {
  const errors: ClaimFormErrors = {};
  const quantities: Record<string, string> = {};
  const lines: ClaimFormOutput['lines'] = [];
  for (const line of claimable) {
    const text = (values.quantities[line.productId] ?? '').trim();
    if (text === '') continue;
    const quantity = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(quantity)) {
      quantities[line.productId] = WHOLE_UNITS;
    } else if (quantity > line.left) {
      quantities[line.productId] = CLAIM_MESSAGES.tooMany(line.name, line.left, line.ordered);
    } else if (quantity > 0) {
      lines.push({ productId: line.productId, quantity });
    }
  }
  if (Object.keys(quantities).length > 0) errors.quantities = quantities;
  else if (lines.length === 0) errors.lines = CLAIM_MESSAGES.noLines;
  if (!isClaimKind(values.kind)) errors.kind = CLAIM_MESSAGES.kind;
  const note = values.note.trim();
  if (note.length > CLAIM_LIMITS.note) errors.note = CLAIM_MESSAGES.note;
  else if (hasUnsafeText(note.replace(/\r?\n/g, ' '))) errors.note = UNSAFE_TEXT_MESSAGE;
  const photoProblem =
    values.photos.length > CLAIM_LIMITS.photos
      ? CLAIM_MESSAGES.photoCount
      : values.photos.map(claimPhotoFileProblem).find(Boolean);
  if (photoProblem) errors.photos = photoProblem;
  if (Object.keys(errors).length > 0 || !isClaimKind(values.kind)) return { ok: false, errors };
  return { ok: true, output: { lines, kind: values.kind, note, photos: [...values.photos] } };
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
