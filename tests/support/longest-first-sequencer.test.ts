import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longestFirst, recordedSeconds } from './longest-first-sequencer.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('longest-first file order', () => {
  it('puts a file that failed last time first, then the longest by the last run, else by the recorded seconds', () => {
    const recorded = { 'b.test.ts': 30, 'c.test.ts': 90, 'd.test.ts': 60 };
    const order = longestFirst(
      [
        { file: 'a.test.ts' },
        { file: 'b.test.ts', lastRun: { seconds: 120, failed: false } },
        { file: 'c.test.ts' },
        { file: 'd.test.ts', lastRun: { seconds: 1, failed: true } },
        { file: 'e.test.ts' },
      ],
      recorded,
    );
    // b's last run (120 s) counts over its record (30 s); a and e, unknown, keep their order at the end.
    expect(order.map((f) => f.file)).toEqual(['d.test.ts', 'b.test.ts', 'c.test.ts', 'a.test.ts', 'e.test.ts']);
  });

  it('records only files that exist, longest first, in whole seconds', () => {
    const recorded = Object.entries(recordedSeconds());
    expect(recorded.length).toBeGreaterThan(10);
    for (const [file, seconds] of recorded) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(Number.isInteger(seconds) && seconds > 0, file).toBe(true);
    }
    expect(recorded.map(([, s]) => s)).toEqual(recorded.map(([, s]) => s).sort((a, b) => b - a));
  });
});
