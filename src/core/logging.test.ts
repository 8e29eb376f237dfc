import { describe, expect, it, vi } from 'vitest';
import { applyConsolePolicy, isConsoleSilenced } from './logging.ts';

describe('console policy', () => {
  it('silences production builds unless the variant allows console logging', () => {
    expect(isConsoleSilenced('production', false)).toBe(true);
    expect(isConsoleSilenced('production', true)).toBe(false);
    expect(isConsoleSilenced('development', false)).toBe(false);
    expect(isConsoleSilenced()).toBe(true); // CSD: production, IS_ALLOW_CONSOLE_LOGGING off
  });

  it('replaces and restores the console methods', () => {
    const log = vi.fn();
    const error = vi.fn();
    const target = { log, error };
    const restore = applyConsolePolicy({ environment: 'production', allowLogging: false, target });
    (target.log as (...a: unknown[]) => void)('hidden');
    (target.error as (...a: unknown[]) => void)('hidden');
    expect(log).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    restore();
    expect(target.log).toBe(log);
  });

  it('leaves a development console alone', () => {
    const log = vi.fn();
    const target = { log };
    applyConsolePolicy({ environment: 'development', allowLogging: false, target });
    expect(target.log).toBe(log);
  });
});
