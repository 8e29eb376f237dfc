// What the operational log may say about a fault: its kind and where it happened, never its message. A
// database error carries the SQL and its parameters (the caller's input) and its message can quote a value;
// other messages can quote a body too (docs/security.md, finding 8: logs never hold bodies, passwords, keys
// or message text).
const STACK_FRAMES = 6;

function framesOf(error: Error): string[] {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, STACK_FRAMES)
    .map((line) => line.trim());
}

export function faultSummary(error: unknown): string {
  if (!(error instanceof Error)) return `non-error value (${typeof error})`;
  const { code, routine } = error as { code?: unknown; routine?: unknown };
  const kind =
    typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
      ? `database error SQLSTATE ${code}${typeof routine === 'string' ? ` (${routine})` : ''}`
      : `${error.name}${typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? ` ${code}` : ''}`;
  const cause = error.cause instanceof Error ? `; caused by ${faultSummary(error.cause)}` : '';
  return [kind, ...framesOf(error)].join('\n    ') + cause;
}
