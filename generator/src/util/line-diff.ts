/** A unified diff of two texts (Myers' O(ND) algorithm on lines), for `chatgen generate --check`. */

type Edit = { kind: ' ' | '-' | '+'; line: string };

/** The shortest edit script from a to b, or undefined when it needs more than `maxEdits` edits. */
function editScript(a: string[], b: string[], maxEdits: number): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, maxEdits); d += 1) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number, depth: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d -= 1) {
    const v = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
      edits.push({ kind: ' ', line: a[x]! });
    }
    if (x === prevX) {
      y -= 1;
      edits.push({ kind: '+', line: b[y]! });
    } else {
      x -= 1;
      edits.push({ kind: '-', line: a[x]! });
    }
  }
  while (x > 0 && y > 0) {
    x -= 1;
    y -= 1;
    edits.push({ kind: ' ', line: a[x]! });
  }
  return edits.reverse();
}

const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

export interface UnifiedDiffOptions {
  context?: number;
  /** Lines of output at most; the rest is summarised in one line. */
  maxLines?: number;
}

/** `--- a/file`, `+++ b/file` and `@@` hunks; empty when the texts are equal. */
export function unifiedDiff(file: string, before: string, after: string, options: UnifiedDiffOptions = {}): string[] {
  if (before === after) return [];
  const context = options.context ?? 3;
  const a = splitLines(before);
  const b = splitLines(after);
  const header = [`--- a/${file}`, `+++ b/${file}`];
  const edits = editScript(a, b, 4000);
  if (!edits) return [...header, `@@ -1,${a.length} +1,${b.length} @@ (too many changes to show line by line)`];
  const out: string[] = [...header];
  let i = 0;
  let oldLine = 1;
  let newLine = 1;
  while (i < edits.length) {
    if (edits[i]!.kind === ' ') {
      i += 1;
      oldLine += 1;
      newLine += 1;
      continue;
    }
    // A hunk: `context` lines before, changes, until more than 2 * context unchanged lines follow.
    const start = Math.max(0, i - context);
    let end = i;
    let quiet = 0;
    while (end < edits.length && quiet <= 2 * context) {
      quiet = edits[end]!.kind === ' ' ? quiet + 1 : 0;
      end += 1;
    }
    end -= Math.max(0, quiet - context);
    const lead = i - start;
    const hunk = edits.slice(start, end);
    const oldCount = hunk.filter((e) => e.kind !== '+').length;
    const newCount = hunk.filter((e) => e.kind !== '-').length;
    out.push(`@@ -${oldLine - lead},${oldCount} +${newLine - lead},${newCount} @@`);
    for (const e of hunk) out.push(`${e.kind}${e.line}`);
    for (const e of edits.slice(i, end)) {
      if (e.kind !== '+') oldLine += 1;
      if (e.kind !== '-') newLine += 1;
    }
    i = end;
  }
  const max = options.maxLines ?? Infinity;
  return out.length > max ? [...out.slice(0, max), `... ${out.length - max} more line(s) of diff for ${file}`] : out;
}
