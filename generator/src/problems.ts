/** A finding of validation: one line `file: /json/path: message` in the report. */
export interface Problem {
  severity: 'error' | 'warning';
  /** Path relative to the project root, `/`-separated (`variants/CSD.json`). */
  file: string;
  /** JSON pointer inside the file (`/layout/columns/left`); empty for the whole file. */
  path: string;
  message: string;
}

export function formatProblem(problem: Problem): string {
  const where = problem.path ? `${problem.file}: ${problem.path}` : problem.file;
  return `${where}: ${problem.message}`;
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

/** JSON pointer escaping of one segment (RFC 6901). */
export function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
