// The seed: a production build silences console logging. A variant may keep it with IS_ALLOW_CONSOLE_LOGGING.
import { config } from '@variant/config';
import { IS_ALLOW_CONSOLE_LOGGING } from '@variant/flags';

const METHODS = ['log', 'info', 'debug', 'warn', 'error', 'trace', 'table', 'dir', 'group', 'groupCollapsed', 'groupEnd'] as const;
type ConsoleLike = Partial<Record<(typeof METHODS)[number], unknown>>;

export function isConsoleSilenced(environment: string = config.environment, allowLogging: boolean = IS_ALLOW_CONSOLE_LOGGING): boolean {
  return environment === 'production' && !allowLogging;
}

/** Replaces the console's methods with no-ops when silenced; returns a function that puts them back. */
export function applyConsolePolicy(
  options: { environment?: string; allowLogging?: boolean; target?: ConsoleLike } = {},
): () => void {
  const target = options.target ?? (console as unknown as ConsoleLike);
  if (!isConsoleSilenced(options.environment, options.allowLogging)) return () => undefined;
  const saved = new Map<string, unknown>();
  for (const method of METHODS) {
    if (typeof target[method] !== 'function') continue;
    saved.set(method, target[method]);
    target[method] = () => undefined;
  }
  return () => {
    for (const [method, fn] of saved) target[method as (typeof METHODS)[number]] = fn;
  };
}
