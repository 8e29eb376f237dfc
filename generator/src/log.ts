/**
 * The log: progress, summaries and warnings on stderr, filtered by `--log-level` (or `--quiet`). A command's
 * result (report lines, tables, JSON) goes to stdout and is never filtered.
 */
import { oneLine } from './problems.ts';

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

let current: LogLevel = 'info';

export function setLogLevel(level: LogLevel): void {
  current = level;
}

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function write(level: Exclude<LogLevel, 'silent'>, line: string): void {
  if (LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(current)) process.stderr.write(`${oneLine(line)}\n`);
}

export const log = {
  error: (line: string): void => write('error', line),
  warn: (line: string): void => write('warn', line),
  info: (line: string): void => write('info', line),
  debug: (line: string): void => write('debug', line),
};

/** The command's result on stdout. */
export function out(line: string): void {
  process.stdout.write(`${line}\n`);
}
