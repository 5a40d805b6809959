/** Field paths ("a.b", "`a.b`.c") and reading/writing fields at a path. */
import type { Fields, Value } from './value.js';

const SIMPLE_SEGMENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

/** Splits a field path into segments; null when malformed. */
export function parseFieldPath(path: string): string[] | null {
  const segments: string[] = [];
  let i = 0;
  if (path === '') return null;
  while (i <= path.length) {
    if (path[i] === '`') {
      let segment = '';
      i++;
      while (i < path.length && path[i] !== '`') {
        if (path[i] === '\\') {
          i++;
          if (i >= path.length) return null;
        }
        segment += path[i];
        i++;
      }
      if (i >= path.length || segment === '') return null;
      i++; // closing backtick
      segments.push(segment);
    } else {
      let end = path.indexOf('.', i);
      if (end === -1) end = path.length;
      const segment = path.slice(i, end);
      if (!SIMPLE_SEGMENT.test(segment)) return null;
      segments.push(segment);
      i = end;
    }
    if (i === path.length) break;
    if (path[i] !== '.') return null;
    i++;
    if (i === path.length) return null;
  }
  return segments;
}

/** The official error for a malformed field path. */
export function invalidFieldPathMessage(path: string): string {
  return `Invalid property path "${path}". Unquoted property paths must match regex ([a-zA-Z_][a-zA-Z_0-9]*), and quoted property paths must match regex (\`(?:[^\`\\\\]|(?:\\\\.))+\`)`;
}

/** The canonical string form of segments (quoting where needed). */
export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((s) =>
      SIMPLE_SEGMENT.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`',
    )
    .join('.');
}

export function getField(fields: Fields, segments: readonly string[]): Value | undefined {
  let current: Fields | undefined = fields;
  for (let i = 0; i < segments.length; i++) {
    if (!current) return undefined;
    const value: Value | undefined = current[segments[i] as string];
    if (value === undefined) return undefined;
    if (i === segments.length - 1) return value;
    current = 'mapValue' in value ? (value.mapValue.fields ?? {}) : undefined;
  }
  return undefined;
}

/** Sets a value at a path in place, creating (or replacing non-map values with) maps on the way. */
export function setField(fields: Fields, segments: readonly string[], value: Value): void {
  let current = fields;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i] as string;
    const existing = current[key];
    if (existing && 'mapValue' in existing) {
      const copy: Fields = { ...(existing.mapValue.fields ?? {}) };
      current[key] = { mapValue: { fields: copy } };
      current = copy;
    } else {
      const created: Fields = {};
      current[key] = { mapValue: { fields: created } };
      current = created;
    }
  }
  current[segments[segments.length - 1] as string] = value;
}

/** Deletes the value at a path in place (copying the maps on the way). */
export function deleteField(fields: Fields, segments: readonly string[]): void {
  let current = fields;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i] as string;
    const existing = current[key];
    if (!existing || !('mapValue' in existing)) return;
    const copy: Fields = { ...(existing.mapValue.fields ?? {}) };
    current[key] = { mapValue: { fields: copy } };
    current = copy;
  }
  delete current[segments[segments.length - 1] as string];
}

/** Keeps only the given paths (a projection or a read mask). */
export function projectFields(fields: Fields, paths: readonly (readonly string[])[]): Fields {
  const out: Fields = {};
  for (const path of paths) {
    const value = getField(fields, path);
    if (value !== undefined) setField(out, path, value);
  }
  return out;
}
