/**
 * The values firebase-tools' Storage emulator sends its rules runtime (`request`, `resource`):
 * one key per type, as its `toExpressionValue` writes them (lib/emulator/storage/rules/runtime.js):
 *   {string_value} {int_value} {float_value} {bool_value} {null_value}
 *   {timestamp_value: "2026-01-02T03:04:05.678Z"} {duration_value: {seconds, nanos}}
 *   {bytes_value: base64} {list_value: {values}} {set_value: {values}} {map_value: {fields}}
 *   {path_value: {segments: [{simple: "b"}, ...]}}
 * int64s may arrive as JSON numbers or as decimal strings.
 */
import { RulesEvalError } from '../rules/errors.js';
import { RBytes, RDuration, RMap, RPath, RSet, RTimestamp, type RValue } from '../rules/values.js';

type Raw = Record<string, unknown>;

function int(raw: unknown): bigint {
  if (typeof raw === 'number' && Number.isInteger(raw)) return BigInt(raw);
  if (typeof raw === 'string' && /^-?\d+$/.test(raw)) return BigInt(raw);
  if (typeof raw === 'bigint') return raw;
  throw new RulesEvalError(`Invalid int_value ${JSON.stringify(raw)}.`);
}

function values(raw: unknown): RValue[] {
  const list = (raw as { values?: unknown[] } | null)?.values ?? [];
  return list.map(fromExpressionValue);
}

function timestamp(raw: unknown): RTimestamp {
  if (typeof raw === 'string') return RTimestamp.parse(raw);
  const { seconds, nanos } = (raw ?? {}) as { seconds?: unknown; nanos?: unknown };
  return new RTimestamp(int(seconds ?? 0) * 1_000_000_000n + int(nanos ?? 0));
}

/** One expression value as a rules value. Throws on a shape it does not know. */
export function fromExpressionValue(raw: unknown): RValue {
  if (raw === null || typeof raw !== 'object') {
    throw new RulesEvalError(`Invalid expression value ${JSON.stringify(raw)}.`);
  }
  const v = raw as Raw;
  if ('string_value' in v) return String(v['string_value']);
  if ('int_value' in v) return int(v['int_value']);
  if ('float_value' in v) return Number(v['float_value']);
  if ('bool_value' in v) return v['bool_value'] === true;
  if ('null_value' in v) return null;
  if ('timestamp_value' in v) return timestamp(v['timestamp_value']);
  if ('duration_value' in v) {
    const { seconds, nanos } = (v['duration_value'] ?? {}) as {
      seconds?: unknown;
      nanos?: unknown;
    };
    return new RDuration(int(seconds ?? 0) * 1_000_000_000n + int(nanos ?? 0));
  }
  if ('bytes_value' in v) {
    return new RBytes(new Uint8Array(Buffer.from(String(v['bytes_value']), 'base64')));
  }
  if ('list_value' in v) return values(v['list_value']);
  if ('set_value' in v) return RSet.from(values(v['set_value']));
  if ('map_value' in v) {
    const fields = ((v['map_value'] as { fields?: Raw } | null)?.fields ?? {}) as Raw;
    const m = new Map<string, RValue>();
    for (const [key, value] of Object.entries(fields)) m.set(key, fromExpressionValue(value));
    return new RMap(m);
  }
  if ('path_value' in v) {
    const segments = (v['path_value'] as { segments?: unknown[] } | null)?.segments ?? [];
    return new RPath(
      segments.map((s) => {
        const seg = (s ?? {}) as { simple?: unknown };
        if (typeof seg.simple !== 'string') {
          throw new RulesEvalError(`Invalid path segment ${JSON.stringify(s)}.`);
        }
        return seg.simple;
      }),
    );
  }
  throw new RulesEvalError(`Invalid expression value ${JSON.stringify(raw)}.`);
}
