/**
 * Chart labels for long names (the Overview's top products): a bar's label has room for about
 * 20 characters, and product lines are often named "Blue Coast Syrup - Wild Cherry Lime",
 * "Blue Coast Syrup - Blue Raspberry Ice", ... Cutting each at 20 characters would label every
 * bar "Blue Coast Syrup - …". Instead, a long name drops the words it shares at its start with
 * another name of the chart, so the label shows what tells it apart ("Wild Cherry Lime"); the
 * full name stays in the tooltip and the table.
 */

/** How many characters a label keeps before it is cut with an ellipsis. */
export const CHART_LABEL_MAX = 20;

/** What may sit between a shared start and the rest: spaces, dashes, colons, slashes, bars. */
const SEPARATORS = /^[\s\-–—:|/·,]+/;

/** The longest start of `a` shared with `b` that ends where a word ends (before a space). */
function sharedWordStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i]!.toLowerCase() === b[i]!.toLowerCase()) i += 1;
  if (i === a.length && i === b.length) return 0; // the same name: nothing tells them apart
  const wordEnd = (text: string) => i === text.length || text[i] === ' ';
  if (wordEnd(a) && wordEnd(b)) return i;
  // Back to the last space inside the shared part, so no word is cut in half.
  const cut = a.slice(0, i).lastIndexOf(' ');
  return cut < 0 ? 0 : cut + 1;
}

/** What follows the last " - ", ": " or " | " of a name, or the name. */
function lastPart(name: string): string {
  const parts = name.split(/\s+[-–—:|/·]+\s+|:\s+/);
  return parts[parts.length - 1] || name;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * One label per name, in the same order. A name of up to `max` characters is its own label. A
 * longer one loses the longest start (whole words) it shares with another name, and the
 * separators after it, then is cut at `max` characters with "…". When that would leave two
 * labels the same, or nothing, those names are only cut.
 */
export function chartLabels(names: readonly string[], max: number = CHART_LABEL_MAX): string[] {
  const labels = names.map((name, index) => {
    const trimmed = name.trim();
    if (trimmed.length <= max) return trimmed;
    let shared = 0;
    names.forEach((other, j) => {
      if (j !== index) shared = Math.max(shared, sharedWordStart(trimmed, other.trim()));
    });
    const rest = trimmed.slice(shared).replace(SEPARATORS, '');
    // A name that is the whole start of another ("… - Cherry Lime" and "… - Cherry Lime
    // Gallon") shows its last part, after the last separator.
    return clip(rest.length > 0 ? rest : lastPart(trimmed), max);
  });
  // Labels must still tell the bars apart: where two coincide, both fall back to the plain cut.
  const seen = new Map<string, number>();
  for (const label of labels) seen.set(label, (seen.get(label) ?? 0) + 1);
  return labels.map((label, index) =>
    (seen.get(label) ?? 0) > 1 ? clip(names[index]!.trim(), max) : label,
  );
}
