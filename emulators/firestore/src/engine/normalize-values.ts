/** Stored-form normalisation of incoming values: timestamps truncated to microseconds, -0 stored as 0. */
import { formatTimestamp, parseTimestamp, truncateToMicros } from '../store/timestamp.js';
import type { Fields, Value } from '../store/value.js';
import { invalidArgument } from '../store/errors.js';

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
    if (latitude < -90 || latitude > 90) throw invalidArgument('Latitude must be in [-90, 90].');
    if (longitude < -180 || longitude > 180)
      throw invalidArgument('Longitude must be in [-180, 180].');
  } else if (Object.keys(value).length === 0) {
    throw invalidArgument('Value has no value type.');
  }
  return value;
}

export function normalizeFields(fields: Fields): Fields {
  for (const v of Object.values(fields)) normalizeValue(v);
  return fields;
}
