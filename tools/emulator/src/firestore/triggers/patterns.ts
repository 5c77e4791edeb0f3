/**
 * Document paths a trigger watches, as firebase-tools registers them: `rooms/{roomId}/messages/{id}`
 * (a wildcard is one segment; `{name=**}` or `**` is any number of segments, `*` one unnamed
 * segment), matched against a document's path below `documents/`.
 */
export interface DocumentPattern {
  /** The pattern as registered (what a registration's reply echoes). */
  source: string;
  /** The wildcards' values for `path`, or null when `path` does not match. */
  match(path: string): Record<string, string> | null;
}

type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'one'; name: string | null }
  | { kind: 'many'; name: string | null };

const WILDCARD = /^\{([^}=]+)(?:=(\*\*?))?\}$/;

function parseSegment(text: string): Segment {
  if (text === '*') return { kind: 'one', name: null };
  if (text === '**') return { kind: 'many', name: null };
  const wildcard = WILDCARD.exec(text);
  if (wildcard) return { kind: wildcard[2] === '**' ? 'many' : 'one', name: wildcard[1]! };
  return { kind: 'literal', text };
}

/** Null when `source` is no document path pattern (empty segments). */
export function compilePattern(source: string, exact: boolean): DocumentPattern | null {
  const trimmed = source.replace(/^\/+|\/+$/g, '');
  const parts = trimmed.split('/');
  if (trimmed === '' || parts.some((part) => part === '')) return null;
  const segments: Segment[] = exact
    ? parts.map((text) => ({ kind: 'literal', text }))
    : parts.map(parseSegment);
  return {
    source,
    match(path) {
      const params: Record<string, string> = {};
      return matchFrom(segments, 0, path.split('/'), 0, params) ? params : null;
    },
  };
}

function matchFrom(
  segments: Segment[],
  si: number,
  parts: string[],
  pi: number,
  params: Record<string, string>,
): boolean {
  if (si === segments.length) return pi === parts.length;
  const segment = segments[si]!;
  if (segment.kind === 'many') {
    for (let end = parts.length; end >= pi; end--) {
      if (!matchFrom(segments, si + 1, parts, end, params)) continue;
      if (segment.name !== null) params[segment.name] = parts.slice(pi, end).join('/');
      return true;
    }
    return false;
  }
  if (pi === parts.length) return false;
  const part = parts[pi]!;
  if (segment.kind === 'literal' && segment.text !== part) return false;
  if (!matchFrom(segments, si + 1, parts, pi + 1, params)) return false;
  if (segment.kind === 'one' && segment.name !== null) params[segment.name] = part;
  return true;
}
