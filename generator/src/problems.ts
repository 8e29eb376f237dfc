/** A finding of validation: one line `file: /json/path: message` in the report. */
export interface Problem {
  severity: 'error' | 'warning';
  /** Path relative to the project root, `/`-separated (`variants/CSD.json`). */
  file: string;
  /** JSON pointer inside the file (`/layout/columns/left`); empty for the whole file. */
  path: string;
  message: string;
  /** Where in the file (1-based), when known: syntax errors always, other problems when the value is in the file. */
  line?: number;
  column?: number;
}

/** Every message is one line: a value quoted into a message must not break the report (or a CI log) apart. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * `file:line:column: /path: message`, the form editors and terminals jump to: the JSON path's place in the file
 * (the value, or the nearest object holding it when the value is missing). Without a position (a file that does
 * not exist) `file: /path: message`; without a JSON path (a syntax error) `file:line:column: message`.
 */
export function formatProblem(problem: Problem): string {
  const message = oneLine(problem.path ? `${problem.path}: ${problem.message}` : problem.message);
  if (problem.line !== undefined) return `${problem.file}:${problem.line}:${problem.column ?? 1}: ${message}`;
  return `${problem.file}: ${message}`;
}

const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * A GitHub Actions workflow command (`--format github`): the run's summary and the pull request's diff show the
 * problem at its file and line: `::error file=variants/CSD.json,line=4,col=17,title=chatgen::/title: message`.
 */
export function formatGithub(problem: Problem): string {
  const props = [`file=${escapeProperty(problem.file)}`];
  if (problem.line !== undefined) props.push(`line=${problem.line}`, `col=${problem.column ?? 1}`);
  props.push('title=chatgen');
  const message = oneLine(problem.path ? `${problem.path}: ${problem.message}` : problem.message);
  return `::${problem.severity} ${props.join(',')}::${escapeData(message)}`;
}

export function error(file: string, path: string, message: string): Problem {
  return { severity: 'error', file, path, message };
}

export function warning(file: string, path: string, message: string): Problem {
  return { severity: 'warning', file, path, message };
}

/** Stable order for reports: by file, then path, then message. */
export function sortProblems(problems: Problem[]): Problem[] {
  const key = (p: Problem): string => `${p.file}\u0000${p.path}\u0000${p.message}`;
  return [...problems].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Drops repeats: one mistake is reported once even when several checks (or several children) meet it. */
export function uniqueProblems(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.severity}\u0000${p.file}\u0000${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** JSON pointer escaping of one segment (RFC 6901). */
export function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
