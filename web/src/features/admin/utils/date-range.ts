/** A range of whole local days: [start of `from`, start of the day after `to`). */
export interface DateRange {
  start: Date;
  endExclusive: Date;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(value: string): Date | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  const date = new Date(y, m - 1, d);
  // Rejects 2025-02-31 and the like (Date rolls them over).
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return date;
}

/** 'YYYY-MM-DD' from/to (inclusive, as a date input gives them) to a half-open range; null when invalid. */
export function dayRange(from: string, to: string): DateRange | null {
  const start = parseDay(from);
  const last = parseDay(to);
  if (!start || !last || last < start) return null;
  const endExclusive = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { start, endExclusive };
}

/** A Date as the 'YYYY-MM-DD' of its local day (for date inputs and file names). */
export function toDayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
