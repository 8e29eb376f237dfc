// Values no request schema accepts, refused for every call before its schema validator runs (docs/security.md,
// finding 8): a NUL or an unpaired UTF-16 surrogate in any string or field name (PostgreSQL text cannot hold
// NUL, and lone surrogates are not Unicode text), a number outside the safe integer range (2^53 and 1e308
// used to reach SQL as bigint and answer 500), and nesting deeper than any legitimate body.
export const MAX_BODY_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function stringProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired surrogate';
  return null;
}

/** The first unacceptable value as 'path: problem', or null when the body holds none. Never echoes the value. */
export function unsafeInputProblem(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') {
    const problem = stringProblem(value);
    return problem ? `${path || '/'}: ${problem}` : null;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : `${path || '/'}: number outside the safe range`;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_BODY_DEPTH) return `${path || '/'}: nested more than ${MAX_BODY_DEPTH} levels`;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = unsafeInputProblem(item, `${path}/${index}`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    // A hostile field name is reported by position, never by itself.
    if (stringProblem(key)) return `${path || '/'}: a field name ${stringProblem(key)}`;
    const problem = unsafeInputProblem(item, `${path}/${key}`, depth + 1);
    if (problem) return problem;
  }
  return null;
}
