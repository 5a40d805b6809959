/**
 * Stripe's request bodies (and GET query strings) are `application/x-www-form-urlencoded` with
 * bracket notation: `line_items[0][price_data][unit_amount]=1250`, `metadata[order_id]=abc`,
 * `expand[]=line_items`. This module turns them into a nested tree of strings.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Splits `a[b][0][]` into `['a', 'b', '0', '']`. Returns null for a malformed key. */
export function splitKey(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const parts = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    if (!rest.startsWith('[')) return null;
    const close = rest.indexOf(']');
    if (close === -1) return null;
    parts.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  return parts[0] === '' ? null : parts;
}

function nextIndex(target: FormObject): string {
  let index = 0;
  while (Object.hasOwn(target, String(index))) index += 1;
  return String(index);
}

/**
 * Parses a form-encoded string. A key that is used both as a scalar and as a container keeps the
 * container (Stripe answers such requests with a type error later, at validation).
 */
export function parseForm(text: string): FormObject {
  const root: FormObject = Object.create(null) as FormObject;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = splitKey(rawKey);
    if (!parts) continue;
    let target = root;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i] === '' ? nextIndex(target) : (parts[i] as string);
      if (i === parts.length - 1) {
        const existing = target[part];
        if (existing === undefined || typeof existing === 'string') target[part] = value;
        break;
      }
      const existing = target[part];
      if (existing !== undefined && typeof existing !== 'string') {
        target = existing;
      } else {
        const child: FormObject = Object.create(null) as FormObject;
        target[part] = child;
        target = child;
      }
    }
  }
  return root;
}

/** A stable text form of a parsed body (sorted keys), used to compare idempotent requests. */
export function canonicalForm(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalForm(value[k] as FormValue)}`).join(',')}}`;
}
