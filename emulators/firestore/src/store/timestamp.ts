/** Timestamps as Firestore keeps them: seconds since the epoch plus nanoseconds, UTC. */
export interface Timestamp {
  seconds: number;
  nanos: number;
}

const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** Parses an RFC 3339 timestamp; null when malformed or out of Firestore's range. */
export function parseTimestamp(text: string): Timestamp | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(
    Number,
  ) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
    return null;
  const fraction = m[7] ?? '';
  const nanos = fraction === '' ? 0 : Number(fraction.padEnd(9, '0'));
  let seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
  if (m[9]) {
    const offset = Number(m[10]) * 3600 + Number(m[11]) * 60;
    seconds += m[9] === '+' ? -offset : offset;
  }
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) return null;
  return { seconds, nanos };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Formats like the official emulator: no fraction, or 3, 6 or 9 digits. */
export function formatTimestamp(ts: Timestamp): string {
  const days = Math.floor(ts.seconds / 86400);
  const rest = ts.seconds - days * 86400;
  const [y, mo, d] = civilFromDays(days);
  const base = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(Math.floor(rest / 3600), 2)}:${pad(Math.floor((rest % 3600) / 60), 2)}:${pad(rest % 60, 2)}`;
  if (ts.nanos === 0) return `${base}Z`;
  if (ts.nanos % 1_000_000 === 0) return `${base}.${pad(ts.nanos / 1_000_000, 3)}Z`;
  if (ts.nanos % 1000 === 0) return `${base}.${pad(ts.nanos / 1000, 6)}Z`;
  return `${base}.${pad(ts.nanos, 9)}Z`;
}

export function truncateToMicros(ts: Timestamp): Timestamp {
  return { seconds: ts.seconds, nanos: ts.nanos - (ts.nanos % 1000) };
}

export function compareTimestamps(a: Timestamp, b: Timestamp): number {
  return a.seconds !== b.seconds
    ? a.seconds < b.seconds
      ? -1
      : 1
    : a.nanos === b.nanos
      ? 0
      : a.nanos < b.nanos
        ? -1
        : 1;
}

/** Microseconds since the epoch (exact for present-day times). */
export type Micros = number;

export function microsToTimestamp(micros: Micros): Timestamp {
  const seconds = Math.floor(micros / 1_000_000);
  return { seconds, nanos: (micros - seconds * 1_000_000) * 1000 };
}

export function timestampToMicros(ts: Timestamp): Micros {
  return ts.seconds * 1_000_000 + Math.floor(ts.nanos / 1000);
}

export function formatMicros(micros: Micros): string {
  return formatTimestamp(microsToTimestamp(micros));
}

/** A clock that never returns the same microsecond twice. */
export class MonotonicClock {
  private last = 0;
  now(): Micros {
    const wall = Math.floor((performance.timeOrigin + performance.now()) * 1000);
    this.last = wall > this.last ? wall : this.last + 1;
    return this.last;
  }
}
