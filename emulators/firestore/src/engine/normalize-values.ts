/** Stored-form normalisation of incoming values: timestamps truncated to microseconds, -0 stored as 0. */
import { formatTimestamp, parseTimestamp, truncateToMicros } from '../store/timestamp.js';
import type { Fields, Value } from '../store/value.js';
import { invalidArgument } from '../store/errors.js';

/** A double as Java's Double.toString prints the usual ones: `91.0`, `-180.5`. */
function javaDouble(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e7 ? `${n}.0` : String(n);
}

export function normalizeValue(value: Value): Value {
  if ('timestampValue' in value) {
    const ts = parseTimestamp(value.timestampValue);
    if (!ts) throw invalidArgument(`Invalid timestamp: ${value.timestampValue}`);
    value.timestampValue = formatTimestamp(truncateToMicros(ts));
  } else if ('doubleValue' in value) {
    if (Object.is(value.doubleValue, -0)) value.doubleValue = 0;
  } else if ('arrayValue' in value) {
    for (const v of value.arrayValue.values ?? []) normalizeValue(v);
  } else if ('mapValue' in value) {
    normalizeFields(value.mapValue.fields ?? {});
  } else if ('geoPointValue' in value) {
    const { latitude = 0, longitude = 0 } = value.geoPointValue;
    // The official emulator's words, with the value as Java prints a double.
    if (!(latitude >= -90 && latitude <= 90))
      throw invalidArgument(
        `Geo point latitude '${javaDouble(latitude)}' outside permitted range -90.0 to 90.0.`,
      );
    if (!(longitude >= -180 && longitude <= 180))
      throw invalidArgument(
        `Geo point longitude '${javaDouble(longitude)}' outside permitted range -180.0 to 180.0.`,
      );
  } else if (Object.keys(value).length === 0) {
    throw invalidArgument('Cannot convert firestore.v1.Value with type unset.');
  }
  return value;
}

export function normalizeFields(fields: Fields): Fields {
  for (const v of Object.values(fields)) normalizeValue(v);
  return fields;
}
