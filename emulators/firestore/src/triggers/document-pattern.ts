/**
 * Document path patterns of Firestore triggers: `orders/{orderId}` (one segment per wildcard),
 * `users/{uid}/{rest=**}` (a trailing multi-segment wildcard), or an exact path.
 */
export interface DocumentPattern {
  readonly text: string;
  readonly segments: readonly string[];
}

const WILDCARD = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}$/;

/** Parses a pattern (without the `projects/.../documents/` prefix); throws on a malformed one. */
export function parseDocumentPattern(text: string): DocumentPattern {
  const trimmed = text.replace(/^\/+|\/+$/g, '');
  const segments = trimmed.split('/');
  if (trimmed === '' || segments.some((s) => s === '')) {
    throw new Error(`Invalid document pattern "${text}".`);
  }
  segments.forEach((segment, i) => {
    if (!segment.includes('{') && !segment.includes('}')) return;
    const m = WILDCARD.exec(segment);
    if (!m) throw new Error(`Invalid wildcard "${segment}" in document pattern "${text}".`);
    if (m[2] && i !== segments.length - 1) {
      throw new Error(`A multi-segment wildcard must be last in document pattern "${text}".`);
    }
  });
  return { text: trimmed, segments };
}

/** The wildcard values when `path` (a document path) matches, else null. */
export function matchDocumentPattern(
  pattern: DocumentPattern,
  path: string,
): Record<string, string> | null {
  const parts = path.split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.segments.length; i += 1) {
    const segment = pattern.segments[i] as string;
    const m = WILDCARD.exec(segment);
    if (m?.[2]) {
      const rest = parts.slice(i);
      if (rest.length === 0) return null;
      params[m[1] as string] = rest.join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (m) params[m[1] as string] = part;
    else if (segment !== part) return null;
  }
  return parts.length === pattern.segments.length ? params : null;
}
